import type { StateContent } from '../types';

const michigan: StateContent = {
  name: 'Michigan',
  slug: 'michigan',
  abbreviation: 'MI',
  tagline:
    'From Detroit bungalows to Grand Rapids garages and lake cottages up north, get your junk hauled today or tomorrow.',
  metaDescription:
    'Same-day or next-day bulk trash pickup in Michigan: Detroit, Grand Rapids, Ann Arbor, Lansing and Sterling Heights. Free flat-rate quotes from your photos.',
  intro: {
    heading: 'Hauling Michigan Junk in Every Season',
    paragraph:
      'Michigan junk follows the seasons. Lake-effect snow and long winters mean broken snowblowers, cracked shovels and furniture that has spent too long in a cold garage. Spring thaw and summer downpours can soak basements in Detroit, Sterling Heights and older Lansing neighborhoods, ruining carpet and stored boxes. Summer is cottage season, when families open cabins on inland lakes and along the Great Lakes shoreline and decide it is finally time to replace the sagging couch. In Ann Arbor and around Lansing, student move-outs pile desks and mattresses onto porches, while Grand Rapids homeowners clear out attics and garages as houses change hands. Instead of waiting on the next bulk collection, upload photos, enter your ZIP code, and get matched with a verified hauler for same-day or next-day pickup.',
  },
  cities: [
    { name: 'Detroit', zip: '48226' },
    { name: 'Grand Rapids', zip: '49503' },
    { name: 'Ann Arbor', zip: '48104' },
    { name: 'Lansing', zip: '48933' },
    { name: 'Sterling Heights', zip: '48310' },
  ],
  faqs: [
    {
      question: 'Can you clear out a flooded basement in Detroit or the suburbs?',
      answer:
        'Yes. After heavy rain, basements across Detroit, Sterling Heights and other Michigan communities can take on water, ruining carpet, drywall, furniture and stored boxes. Haulers remove soaked items quickly so the space can dry. Mention that things are wet, since water adds weight and changes how the crew plans the job.',
    },
    {
      question: 'Will a hauler take items from a lake cottage up north?',
      answer:
        'Yes, though timing depends on where the cottage is. Near the larger cities, pickup is usually same-day or next-day, while rural lake areas typically take 24-48 hours because haulers travel farther. Send photos of the furniture, dock pieces or boathouse clutter, and note any steep or long driveway.',
    },
    {
      question: 'Is it harder to book during student move-out in Ann Arbor?',
      answer:
        'It can be. When leases end and students leave Ann Arbor and the Lansing area, many people need furniture and mattresses gone at the same time. Request your quote a few days before move-out if you can, and list everything so the hauler can bring a large enough truck.',
    },
    {
      question: 'How much will my Michigan junk pickup cost?',
      answer:
        'It depends on how much truck space your items fill and what they are, since furniture, appliances, yard waste and construction debris are priced differently. You get a flat-rate quote from your photos, typically within minutes, and the price you agree to is the price you pay, with no hidden fees.',
    },
    {
      question: 'Will you haul away an old refrigerator or chest freezer from the garage?',
      answer:
        'Most haulers accept refrigerators, chest freezers and other appliances, which often end up in Michigan garages and basements once they stop working. Empty and defrost them before pickup, and mention them in your description so the crew can plan safe handling. Hazardous items such as paint and oil are not accepted.',
    },
  ],
};

export default michigan;
