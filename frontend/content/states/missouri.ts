import type { StateContent } from '../types';

const missouri: StateContent = {
  name: 'Missouri',
  slug: 'missouri',
  abbreviation: 'MO',
  tagline:
    'From Kansas City bungalows to St. Louis brick basements, get your bulky junk picked up today or tomorrow.',
  metaDescription:
    'Same-day or next-day junk pickup in Missouri: Kansas City, St. Louis, Springfield, Columbia and Independence. Flat-rate quotes from photos, no hidden fees.',
  intro: {
    heading: 'Show-Me State Junk Removal, Done Fast',
    paragraph:
      'Missouri sits where weather systems collide, and homeowners see the results in their junk piles. Spring tornadoes and thunderstorms bring down trees and flatten fences, summers are hot and sticky, winters bring ice storms, and the Missouri and Mississippi rivers can rise after heavy rain. Older brick homes in St. Louis and Kansas City often come with deep basements holding decades of furniture and boxes, while Independence has many established neighborhoods with full garages and sheds. Columbia turns over with every University of Missouri semester, and Springfield is the gateway to the Ozarks, where lake cabins and rural properties need the occasional clear-out. Upload photos of what needs to go, enter your ZIP code, and we match you with a verified, licensed and insured hauler who can usually pick up the same day or the next.',
  },
  cities: [
    { name: 'Kansas City', zip: '64106' },
    { name: 'St. Louis', zip: '63101' },
    { name: 'Springfield', zip: '65806' },
    { name: 'Columbia', zip: '65201' },
    { name: 'Independence', zip: '64050' },
  ],
  faqs: [
    {
      question: 'Can you haul tree limbs and fencing after a tornado or storm?',
      answer:
        'Yes. Haulers in Missouri take fallen branches, broken fencing, damaged sheds and storm-soaked furniture. After a widespread storm, many homeowners call at once, so send photos early and note anything that is tangled, wet or especially heavy. That helps the hauler send the right crew.',
    },
    {
      question: 'Do haulers go down into St. Louis basements?',
      answer:
        'Yes. Many St. Louis and Kansas City homes have full basements reached by narrow or steep stairs, and haulers carry items up them regularly. Say in your description that the items are downstairs and add a photo of the staircase so your flat-rate quote reflects the work involved.',
    },
    {
      question: 'Do you serve cabins around the Lake of the Ozarks and rural Missouri?',
      answer:
        'Yes. Kansas City, St. Louis, Springfield, Columbia and Independence usually get same-day or next-day service. Lake properties and rural areas typically take 24-48 hours because haulers travel farther. Photos of the driveway or road help if access is steep or gravel.',
    },
    {
      question: 'What drives the price of a Missouri pickup?',
      answer:
        'Two things: volume and type. A few bags of yard waste cost less than a basement full of furniture and appliances, and heavy materials such as construction debris are priced differently from household items. Your quote is flat-rate, based on your photos, with no hidden fees.',
    },
    {
      question: 'Is Columbia busier when students move out?',
      answer:
        'Yes. When semesters end and leases turn over in Columbia, lots of renters need couches, desks and mattresses gone at once. Landlords and students should request quotes early and list every item so the hauler can bring enough truck space to clear everything in one trip.',
    },
  ],
};

export default missouri;
