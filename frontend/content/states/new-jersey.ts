import type { StateContent } from '../types';

const newJersey: StateContent = {
  name: 'New Jersey',
  slug: 'new-jersey',
  abbreviation: 'NJ',
  tagline:
    'From Jersey City high-rises to Trenton row homes, get your bulk trash picked up today or tomorrow.',
  metaDescription:
    'Bulk trash and junk pickup in New Jersey: Newark, Jersey City, Paterson, Elizabeth and Trenton. Same-day or next-day haulers with flat-rate photo quotes.',
  intro: {
    heading: 'Fast Junk Pickup for Crowded New Jersey',
    paragraph:
      "New Jersey is one of the most densely populated states in the country, and its junk removal jobs reflect that. In Jersey City, high-rise apartments come with elevator reservations and loading docks; Newark, Elizabeth and Paterson are full of multi-family houses with narrow driveways and steep stairs; and Trenton's row homes near the Delaware River have tight basements and little street parking. Weather adds to the pile: nor'easters, summer thunderstorms and the remnants of tropical storms can flood basements along the Passaic River and in low-lying neighborhoods, leaving soaked carpet and furniture behind. Rather than wait for the next bulk collection day, upload photos of what has to go, enter your ZIP code, and we connect you with a verified local hauler who can usually come the same day or the next.",
  },
  cities: [
    { name: 'Newark', zip: '07102' },
    { name: 'Jersey City', zip: '07302' },
    { name: 'Paterson', zip: '07501' },
    { name: 'Elizabeth', zip: '07201' },
    { name: 'Trenton', zip: '08608' },
  ],
  faqs: [
    {
      question: "Can a hauler work with my building's elevator and loading dock rules?",
      answer:
        "Yes. Many apartment buildings in Jersey City and Newark require an elevator reservation or proof of insurance before a crew can move items. Share your building's rules when you request a quote, and check with management about the time window you can use.",
    },
    {
      question: 'Do you remove items from a flooded basement?',
      answer:
        'Yes. After heavy rain or a coastal storm, haulers remove waterlogged carpet, furniture, boxes and damaged drywall from basements in Paterson, Elizabeth, Trenton and elsewhere in the state. Mention that items are wet and send photos of the stairs, because soaked materials are heavy and stairs affect crew size.',
    },
    {
      question: 'Where should I leave my items if parking is tight?',
      answer:
        'If you can, move items to a driveway, porch or the curb, and tell us in your description where the truck can stop. On busy streets in Newark, Elizabeth or Jersey City, photos of the block and any alley or side access help the hauler plan a quick, safe pickup.',
    },
    {
      question: 'How does New Jersey junk removal pricing work?',
      answer:
        'You get a flat-rate quote based on how much space your items take up and what they are. Photos from a few angles help the hauler price the job accurately, and quotes typically arrive within minutes. There are no hidden fees, so you know the full cost before anyone comes to the door.',
    },
    {
      question: 'Can you take old paint cans and cleaning chemicals?',
      answer:
        'No. Paint, motor oil, pool chemicals, solvents and asbestos are hazardous materials and are not accepted. Keep them out of the pile and check with your town or county about proper disposal. Haulers can take the rest, including furniture, appliances, mattresses and yard debris.',
    },
  ],
};

export default newJersey;
