import type { StateContent } from '../types';

const maryland: StateContent = {
  name: 'Maryland',
  slug: 'maryland',
  abbreviation: 'MD',
  tagline:
    'From Baltimore rowhouses to Montgomery County townhomes, get your bulk trash picked up today or tomorrow.',
  metaDescription:
    'Same-day or next-day junk pickup across Maryland, from Baltimore and Frederick to Rockville, Gaithersburg and Bowie. Upload photos for a flat-rate quote.',
  intro: {
    heading: 'Clearing Out Maryland, Rowhouse to Townhome',
    paragraph:
      "Maryland packs a lot into a small state, and so do the basements and garages of its homes. Baltimore rowhouses come with narrow staircases, deep basements and back alleys; Rockville and Gaithersburg are full of townhomes and apartments that turn over with every job change in the Washington area; Bowie has established suburban neighborhoods whose garages fill up over the years; and Frederick mixes historic downtown homes with newer developments. Humid summers near the Chesapeake Bay leave basements damp and furniture musty, while winter storms and the occasional nor'easter add broken branches and snow-damaged sheds. You should not have to wait for the next bulk collection date. Upload photos, share your ZIP code, and we match you with a verified, licensed and insured hauler who can usually come the same day or the next.",
  },
  cities: [
    { name: 'Baltimore', zip: '21202' },
    { name: 'Frederick', zip: '21701' },
    { name: 'Rockville', zip: '20850' },
    { name: 'Gaithersburg', zip: '20877' },
    { name: 'Bowie', zip: '20715' },
  ],
  faqs: [
    {
      question: 'Can haulers carry items out of a Baltimore rowhouse basement?',
      answer:
        'Yes. Rowhouse jobs often mean steep, narrow stairs and items that have to come up from a basement or down from a third floor. Tell us which floor things are on and send a photo of the stairway so the hauler can bring the right number of people and quote accurately.',
    },
    {
      question: 'Can you help with a move-out from an apartment or townhome?',
      answer:
        'Yes. Move-outs are among the most common jobs in Rockville, Gaithersburg and Bowie. Haulers take the couch that will not fit in the new place, old mattresses, desks and boxes of leftovers. If your building has loading dock or elevator rules, mention them so the crew can plan around them.',
    },
    {
      question: 'How are Maryland pickups priced?',
      answer:
        'Each job gets a flat-rate quote based on the volume of your items and what they are, so a single treadmill is priced differently from a full basement of furniture and boxes. Photos from a few angles help the hauler quote accurately, and the price you accept has no hidden fees.',
    },
    {
      question: 'Do you remove musty furniture and carpet from damp basements?',
      answer:
        'Yes. Summer humidity around the Chesapeake Bay can leave basement carpet, couches and cardboard boxes damp and smelling of mildew. Haulers will carry them out and take them away. If anything has visible mold, say so in your description so the crew can come prepared.',
    },
    {
      question: 'What items can a Maryland hauler not take?',
      answer:
        'Hazardous materials such as paint, motor oil, chemicals, pesticides and asbestos are not accepted. That matters in older Maryland homes, where basement shelves often hold decades of half-used cans. Set those aside for proper disposal, and the hauler can take the rest, from furniture and appliances to yard debris.',
    },
  ],
};

export default maryland;
