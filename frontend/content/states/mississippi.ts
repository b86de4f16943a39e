import type { StateContent } from '../types';

const mississippi: StateContent = {
  name: 'Mississippi',
  slug: 'mississippi',
  abbreviation: 'MS',
  tagline:
    'From Jackson to the Gulf Coast, get bulky junk and storm debris hauled away today or tomorrow at a flat rate.',
  metaDescription:
    'Same-day or next-day bulk trash pickup in Mississippi: Jackson, Gulfport, Southaven, Hattiesburg and Biloxi. Upload photos for a free flat-rate quote.',
  intro: {
    heading: 'Mississippi Junk Pickup, Delta to Gulf Coast',
    paragraph:
      'Mississippi stretches from the Memphis suburbs around Southaven, through the capital city of Jackson and the Pine Belt around Hattiesburg, down to the beaches and casinos of Gulfport and Biloxi. Every part of the state has its own reasons to call a hauler. Hurricane season on the Gulf Coast can leave yards full of limbs and ruined furniture, spring tornadoes and thunderstorms tear up fences and sheds farther north, and the heat and humidity of a long summer wear out mattresses, carpet and patio sets. College towns such as Hattiesburg see a rush of move-outs at the end of each semester. Skip the wait for a scheduled collection: send us pictures of the pile and your ZIP code, and a licensed, insured hauler near you can often be there the same day or the next.',
  },
  cities: [
    { name: 'Jackson', zip: '39201' },
    { name: 'Gulfport', zip: '39501' },
    { name: 'Southaven', zip: '38671' },
    { name: 'Hattiesburg', zip: '39401' },
    { name: 'Biloxi', zip: '39530' },
  ],
  faqs: [
    {
      question: 'How much does junk removal cost in Mississippi?',
      answer:
        'Expect roughly $85 to $280 for most jobs in Mississippi. A lone recliner sits at the low end and a packed garage at the high end, because the price follows the volume and type of what goes on the truck. The hauler prices it from your pictures, and that flat rate is what you pay.',
    },
    {
      question: 'Can you help clean up after a hurricane on the Gulf Coast?',
      answer:
        'Yes. Haulers serving Gulfport, Biloxi and the rest of the coast take downed limbs, broken fencing, storm-soaked furniture, carpet and drywall. After a major storm, demand climbs quickly, so send your photos as soon as it is safe and mention anything that is wet or heavy.',
    },
    {
      question: 'I live outside the cities. How long will pickup take?',
      answer:
        'Jackson, Gulfport, Southaven, Hattiesburg and Biloxi usually get same-day or next-day service. In rural Mississippi, pickup typically takes 24-48 hours, because haulers may drive a long way between jobs. Enter your ZIP code and we will look for the nearest available hauler.',
    },
    {
      question: 'Is an old deep freezer or window unit okay to include?',
      answer:
        'Usually, yes. Deep freezers, refrigerators and window units that quit after a Mississippi summer are everyday pickups. Empty and unplug it a day ahead so it can drain, and note it in your request, since cooling appliances need to be handled and disposed of properly.',
    },
    {
      question: 'Can you pick up from a shed or barn on my property?',
      answer:
        'Yes. Many Mississippi pickups come from sheds, barns and carports full of old lumber, furniture, mowers and general clutter. Tell us where the items are and whether a truck can drive up close. Just leave out paint, oil and chemicals, which are hazardous and cannot be accepted.',
    },
  ],
};

export default mississippi;
