import type { StateContent } from '../types';

const alabama: StateContent = {
  name: 'Alabama',
  slug: 'alabama',
  abbreviation: 'AL',
  tagline:
    'From Birmingham basements to Gulf Coast garages, get your bulk trash hauled today or tomorrow.',
  metaDescription:
    'Same-day or next-day bulk trash and junk pickup in Alabama: Birmingham, Montgomery, Mobile, Huntsville and Tuscaloosa. Upload photos for a free flat-rate quote.',
  intro: {
    heading: 'Bulk Trash Removal Across Alabama',
    paragraph:
      'Alabama stretches from the foothills of the Appalachians around Birmingham and Huntsville to the humid Gulf Coast around Mobile, and the junk people need gone changes with it. Long, hot summers mean worn-out window units, sagging patio sets and storm-soaked carpet; football weekends in Tuscaloosa and move-out season in college towns leave couches and mattresses at the curb; hurricane season along the coast can turn a tidy yard into a pile of limbs and fencing overnight. Waiting for the next scheduled city collection is not always an option. Upload a few photos, tell us your ZIP code, and we match you with a verified local hauler who can usually come the same day or the next.',
  },
  cities: [
    { name: 'Birmingham', zip: '35201' },
    { name: 'Montgomery', zip: '36101' },
    { name: 'Mobile', zip: '36601' },
    { name: 'Huntsville', zip: '35801' },
    { name: 'Tuscaloosa', zip: '35401' },
  ],
  faqs: [
    {
      question: 'How much does bulk trash removal cost in Alabama?',
      answer:
        'Most Alabama pickups fall between $100 and $400, depending on how much space your items take up in the truck and what they are. You get a flat-rate quote from your photos before anyone arrives, with no hidden fees.',
    },
    {
      question: 'Can a hauler pick up storm debris after a hurricane or tornado?',
      answer:
        'Yes. Haulers in our network take fallen limbs, broken fencing, water-damaged furniture and soaked carpet. After a big storm demand rises across the state, so send your photos early to get a place in the schedule.',
    },
    {
      question: 'Do you serve rural Alabama as well as the cities?',
      answer:
        'Yes. Birmingham, Montgomery, Mobile, Huntsville and Tuscaloosa usually get same-day or next-day service. In rural counties, pickup typically takes 24-48 hours because haulers travel farther.',
    },
    {
      question: 'Will a hauler take an old air conditioner or refrigerator?',
      answer:
        'Most haulers accept appliances, including window air conditioners and refrigerators, which are common in Alabama clear-outs. Mention the appliance in your description so the hauler can plan for safe handling and disposal.',
    },
    {
      question: 'Do I need to be home when the hauler comes?',
      answer:
        'Not necessarily. If your items are outside, in a carport or at the curb, many haulers can collect them while you are away. Just say where the items will be when you request your quote.',
    },
  ],
};

export default alabama;
