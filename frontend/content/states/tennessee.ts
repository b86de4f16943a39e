import type { StateContent } from '../types';

const tennessee: StateContent = {
  name: 'Tennessee',
  slug: 'tennessee',
  abbreviation: 'TN',
  tagline:
    'From Memphis on the Mississippi to the foot of the Smokies, Tennessee bulk trash picked up fast.',
  metaDescription:
    'Tennessee bulk trash pickup in Nashville, Memphis, Knoxville, Chattanooga and Clarksville. Same-day or next-day local haulers, flat-rate quotes from photos.',
  intro: {
    heading: 'Bulk Trash Help in All Three Tennessee Regions',
    paragraph:
      'Tennessee is really three regions in one. In the east, Knoxville and Chattanooga sit among ridges and river valleys near the Smoky Mountains, where cabin rentals and mountain homes swap out furniture regularly. Middle Tennessee centers on Nashville, a fast-growing city where constant move-ins and renovations produce couches, mattresses and construction scraps, and on Clarksville, where military families relocating to and from Fort Campbell often need a quick clear-out. Out west, Memphis sits on the Mississippi River with hot, humid summers. Across the state, spring thunderstorms and tornadoes bring down limbs and fences, and college towns see a rush at the end of every semester. Upload photos, share your ZIP code, and get matched with a verified local hauler for same-day or next-day pickup.',
  },
  cities: [
    { name: 'Nashville', zip: '37201' },
    { name: 'Memphis', zip: '38101' },
    { name: 'Knoxville', zip: '37901' },
    { name: 'Chattanooga', zip: '37401' },
    { name: 'Clarksville', zip: '37040' },
  ],
  faqs: [
    {
      question: 'Can I get help with a military move in Clarksville?',
      answer:
        'Yes. When orders come through, haulers can clear out furniture, mattresses, grills and garage clutter that you do not plan to take with you. Because same-day or next-day pickup is typical in Clarksville, it works well when you are down to the last few days before moving out.',
    },
    {
      question: 'Do you serve cabins near the Smoky Mountains?',
      answer:
        'Yes. Haulers based around Knoxville and Chattanooga travel to cabins and vacation rentals in the mountains. Let them know about steep gravel drives, tight switchbacks or limited parking. Remote properties typically take 24-48 hours, and you can arrange access so you do not need to be there.',
    },
    {
      question: 'How do flat-rate quotes work in Nashville?',
      answer:
        'Upload 2 to 10 photos or a short video, describe the items, and a local hauler sends a flat rate based on the volume and type of your junk, typically within minutes. You accept the quote before pickup, and there are no hidden fees added at the curb.',
    },
    {
      question: 'Can haulers remove storm debris after a tornado or heavy rain?',
      answer:
        'Yes. Fallen branches, broken fencing, damaged sheds and water-soaked furniture or carpet are accepted. Strong spring storms are common in Tennessee, and demand spikes right after them, so send photos early. Stay away from downed power lines until the utility has made them safe.',
    },
    {
      question: 'What can a hauler take from a renovation in Memphis or Knoxville?',
      answer:
        'Construction waste such as old cabinets, drywall, flooring, doors and fixtures is accepted, along with the furniture and appliances you are replacing. Paint, solvents, adhesives and anything that may contain asbestos are not. Photograph the pile and mention the materials so the quote is accurate.',
    },
  ],
};

export default tennessee;
