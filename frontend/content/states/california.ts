import type { StateContent } from '../types';

const california: StateContent = {
  name: 'California',
  slug: 'california',
  abbreviation: 'CA',
  tagline:
    'From LA garages to Bay Area walk-ups, get junk hauled the same day or next with a flat-rate quote from your photos.',
  metaDescription:
    'Bulk trash and junk pickup in California: Los Angeles, San Diego, San Francisco, San Jose and Sacramento. Same-day or next-day haulers, flat-rate quotes.',
  intro: {
    heading: 'California Junk Removal Without the Wait',
    paragraph:
      'California packs a lot of junk into very different places. Los Angeles and San Diego have garages that stopped holding cars years ago, San Francisco has walk-up flats with steep stairs and scarce parking, San Jose has constant moves and home-office upgrades, and Sacramento has backyards baked by long Central Valley summers. Brush cleared before fire season, remodel debris, old mattresses and outdated electronics all pile up, and renters at the end of a lease rarely have time to wait for a scheduled collection. Upload photos of what needs to go and enter your ZIP code, and we match you with a verified, licensed and insured hauler nearby. Most pickups happen the same day or the next, and you see a flat-rate quote before anyone arrives.',
  },
  cities: [
    { name: 'Los Angeles', zip: '90012' },
    { name: 'San Diego', zip: '92101' },
    { name: 'San Francisco', zip: '94102' },
    { name: 'San Jose', zip: '95113' },
    { name: 'Sacramento', zip: '95814' },
  ],
  faqs: [
    {
      question: 'How much does junk removal cost in California?',
      answer:
        'Most California pickups cost between $150 and $500, depending on the volume of your items and what they are. A single couch sits toward the lower end, while a full garage clean-out costs more. You get a flat-rate quote from your photos before pickup, with no hidden fees.',
    },
    {
      question: 'Can a hauler reach my San Francisco apartment if parking is tight?',
      answer:
        'Usually. Haulers who work in the city are used to narrow streets, steep hills and walk-ups without elevators. Tell them the floor, whether there are stairs or an elevator, and where a truck can stop. Those details help them bring enough crew and quote accurately.',
    },
    {
      question: 'Do you take old TVs, monitors and other electronics?',
      answer:
        'Many haulers accept electronics such as TVs, monitors, printers and computers, which should go to proper electronics recycling rather than the regular trash. List each device in your description so the hauler can plan where it goes. Leaking batteries and devices with fluids should be mentioned separately.',
    },
    {
      question: 'Can I get brush and yard debris hauled before fire season?',
      answer:
        'Yes. Haulers remove cut brush, dead branches, old fencing and other yard waste, which many California homeowners clear to create defensible space around their homes. Bag or pile the material in one spot and photograph it. Larger piles are quoted by volume, like any other load.',
    },
    {
      question: 'Do you serve the Sacramento suburbs and rural Northern California?',
      answer:
        'Yes. Sacramento and its surrounding suburbs usually get same-day or next-day service. In rural areas, from the Sierra foothills to the far north of the state, pickup typically takes 24-48 hours because haulers cover longer distances. Enter your exact ZIP code so the nearest hauler can be found.',
    },
  ],
};

export default california;
