import type { StateContent } from '../types';

const virginia: StateContent = {
  name: 'Virginia',
  slug: 'virginia',
  abbreviation: 'VA',
  tagline:
    'Hampton Roads to Northern Virginia, book a verified local hauler for same-day or next-day junk pickup.',
  metaDescription:
    'Virginia bulk trash and junk pickup in Virginia Beach, Norfolk, Richmond, Arlington and Chesapeake. Same-day or next-day haulers, free flat-rate photo quotes.',
  intro: {
    heading: 'Virginia Junk Pickup, Coast to Capital',
    paragraph:
      "Virginia packs a lot into one state. In Hampton Roads, Virginia Beach, Norfolk and Chesapeake sit low near the mouth of the Chesapeake Bay, where nor'easters, tropical storms and tidal flooding can soak garages and ground floors, and a large military community means frequent relocations. Richmond, on the James River, mixes historic homes with growing suburbs and has hot, humid summers that are rough on stored furniture. Arlington, just across the Potomac from Washington, is full of apartments and condos with a steady stream of people moving in and out. Farther west, the Shenandoah Valley and the Blue Ridge hold farmhouses and cabins with decades of stored belongings. Upload a few photos, enter your ZIP code, and get matched with a verified local hauler, usually for same-day or next-day pickup.",
  },
  cities: [
    { name: 'Virginia Beach', zip: '23450' },
    { name: 'Norfolk', zip: '23501' },
    { name: 'Richmond', zip: '23218' },
    { name: 'Arlington', zip: '22201' },
    { name: 'Chesapeake', zip: '23320' },
  ],
  faqs: [
    {
      question: 'Can a hauler help before a military move in Norfolk or Virginia Beach?',
      answer:
        'Yes. Military families often need to shed furniture, mattresses, grills and garage items before a move. Haulers in Hampton Roads typically offer same-day or next-day pickup, so you can book once you know what the movers will not take. Quotes usually arrive within minutes.',
    },
    {
      question: 'How do pickups work for Arlington apartments and condos?',
      answer:
        'Haulers bring items down by elevator or stairs and load from the street, a loading dock or the garage. Check your building rules for elevator reservations and moving hours, then note them in your request. Photos of the items get you a flat-rate quote with no hidden fees.',
    },
    {
      question: 'Can you remove flood-damaged items in Chesapeake or Virginia Beach?',
      answer:
        'Yes. Soaked carpet, drywall, furniture, mattresses and appliances are accepted once the area is safe. Low-lying neighborhoods can take on water during heavy storms and high tides, and many homes call at once afterwards, so upload photos promptly to get a place in the schedule.',
    },
    {
      question: 'Will you clear an older home in Richmond?',
      answer:
        'Yes. Estate and downsizing clear-outs are common, from attic trunks and heavy dressers to basement shelving and old appliances. Pull out anything you want to keep, photograph each room, and the hauler will quote a flat rate based on the volume and type of items.',
    },
    {
      question: 'Do haulers serve the Shenandoah Valley and rural Virginia?',
      answer:
        'Yes. Our network covers small towns, farms and mountain properties across the state. Rural pickups typically take 24-48 hours because haulers have farther to drive. Include directions and details about long driveways or gravel roads so the driver arrives prepared.',
    },
  ],
};

export default virginia;
