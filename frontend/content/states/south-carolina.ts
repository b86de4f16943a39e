import type { StateContent } from '../types';

const southCarolina: StateContent = {
  name: 'South Carolina',
  slug: 'south-carolina',
  abbreviation: 'SC',
  tagline:
    'Lowcountry storm cleanup or an Upstate move, South Carolina bulk trash gone as soon as today.',
  metaDescription:
    'South Carolina junk and bulk trash pickup in Charleston, Columbia, Greenville, Myrtle Beach and Spartanburg. Same-day or next-day, flat-rate photo quotes.',
  intro: {
    heading: 'From the Lowcountry to the Upstate',
    paragraph:
      "South Carolina runs from sea islands and salt marsh along the coast to the Blue Ridge foothills in the Upstate, and each region produces its own kind of junk. In Charleston and Myrtle Beach, hurricane season and summer humidity mean soaked carpet, mildewed furniture and worn-out beach gear, while vacation condos and rentals swap out beds and sofas between seasons. Columbia sits in the Midlands with a big college population and the move-in, move-out rush that comes with it. Greenville and Spartanburg keep growing, and new arrivals often find the previous owner's leftovers in the garage. Long, hot summers are hard on patio sets and appliances everywhere. Share a few photos and your ZIP code, and we will match you with a verified local hauler for same-day or next-day pickup.",
  },
  cities: [
    { name: 'Charleston', zip: '29401' },
    { name: 'Columbia', zip: '29201' },
    { name: 'Greenville', zip: '29601' },
    { name: 'Myrtle Beach', zip: '29577' },
    { name: 'Spartanburg', zip: '29301' },
  ],
  faqs: [
    {
      question: 'Can you clear out a vacation rental or beach condo between guests?',
      answer:
        'Yes. Haulers in Myrtle Beach and the Charleston area remove old mattresses, sofas, patio furniture and worn-out appliances from rentals and condos. Share building access details and any loading rules in your description, and the hauler can plan the visit around your turnover schedule.',
    },
    {
      question: 'What happens after a hurricane or tropical storm?',
      answer:
        'Once it is safe to work, haulers take fallen limbs, broken fencing, flood-soaked furniture, carpet and drywall. Demand along the coast rises sharply after a storm, so upload photos early. Pickup in harder-hit or rural areas may take 24-48 hours rather than the usual same day or next day.',
    },
    {
      question: 'Is move-out help available in Columbia?',
      answer:
        'Yes. When leases end, haulers pick up futons, desks, mattresses, bookcases and bags of odds and ends from apartments and rental houses around Columbia. Book a few days ahead at the busiest times, or send photos the same morning and see who is available.',
    },
    {
      question: 'How is the price set for a pickup in Greenville or Spartanburg?',
      answer:
        'The hauler looks at your photos and quotes a flat rate based on how much truck space your items fill and what type of items they are. Quotes typically come within minutes. There are no hidden fees, so you know the full cost before anyone shows up.',
    },
    {
      question: 'Can old furniture ruined by humidity be hauled away?',
      answer:
        'Yes. Mildewed couches, warped dressers, musty rugs and mattresses are all accepted. South Carolina humidity can make stored furniture unusable faster than people expect, especially in sheds and garages. Bag loose items if you can, and note any strong odor or mold in your request.',
    },
  ],
};

export default southCarolina;
