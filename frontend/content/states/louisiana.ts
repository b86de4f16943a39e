import type { StateContent } from '../types';

const louisiana: StateContent = {
  name: 'Louisiana',
  slug: 'louisiana',
  abbreviation: 'LA',
  tagline:
    'From New Orleans shotgun houses to Lake Charles garages, get storm debris and bulky junk hauled today or tomorrow.',
  metaDescription:
    'Same-day or next-day bulk trash pickup in Louisiana, including New Orleans, Baton Rouge, Shreveport and Lafayette. Get a flat-rate quote from your photos.',
  intro: {
    heading: 'Louisiana Junk Pickup, Bayou to Red River',
    paragraph:
      'Louisiana living is hard on belongings. Heavy humidity and summer downpours push mildew into sofas, mattresses and carpet, and every hurricane season brings the risk of downed oaks, torn fencing and flooded ground floors from New Orleans and Lafayette to Lake Charles. Up in Shreveport, spring storms and long summer heat take their own toll on sheds and patio furniture, while Baton Rouge sees a steady churn of student moves around LSU. Waiting for the next scheduled bulk collection can leave a soggy pile sitting at the curb for far too long. Tell us your ZIP code, upload a few photos of what has to go, and we match you with a verified, licensed and insured local hauler who can usually be there the same day or the next, with a flat-rate quote before any work starts.',
  },
  cities: [
    { name: 'New Orleans', zip: '70112' },
    { name: 'Baton Rouge', zip: '70802' },
    { name: 'Shreveport', zip: '71101' },
    { name: 'Lafayette', zip: '70501' },
    { name: 'Lake Charles', zip: '70601' },
  ],
  faqs: [
    {
      question: 'Can you haul furniture and drywall ruined by flooding?',
      answer:
        'Yes. Haulers in our network regularly remove waterlogged sofas, mattresses, carpet and torn-out drywall after heavy rain or a hurricane. Wet material gets heavier and grows mold quickly in Louisiana heat, so send photos as soon as it is safe and mention that the items are soaked so the crew can plan.',
    },
    {
      question: 'How is the price of a Louisiana pickup worked out?',
      answer:
        'Your quote is based on how much space your items take up in the truck and what they are, such as furniture, appliances or yard debris. You get a flat rate from your photos, usually within minutes, and that is the price you pay, with no hidden fees.',
    },
    {
      question: 'What if my New Orleans street is narrow or parking is tight?',
      answer:
        'Mention it in your description. Many older New Orleans neighborhoods have narrow streets, raised shotgun houses and limited parking, and local haulers are used to working around them. Photos of the street and the spot where your items sit help the hauler choose the right truck and crew size.',
    },
    {
      question: 'Do you cover smaller towns and rural parishes?',
      answer:
        'Yes. New Orleans, Baton Rouge, Shreveport, Lafayette and Lake Charles usually get same-day or next-day service. In rural parishes, pickup typically takes 24-48 hours because haulers travel farther between jobs. Enter your ZIP code and we will look for the closest available hauler.',
    },
    {
      question: 'Will a hauler take old paint or chemicals from a storm cleanup?',
      answer:
        'No. Paint, oil, pool chemicals, solvents and asbestos are hazardous materials that our haulers do not accept. Set them aside and check with your parish or city about proper disposal. Everything else from a storm cleanup, like furniture, appliances, limbs and ruined carpet, can usually go in the same load.',
    },
  ],
};

export default louisiana;
