import type { StateContent } from '../types';

const arkansas: StateContent = {
  name: 'Arkansas',
  slug: 'arkansas',
  abbreviation: 'AR',
  tagline:
    'From Little Rock to the Ozarks, get unwanted furniture, appliances and storm debris hauled away today or tomorrow.',
  metaDescription:
    'Bulk trash pickup in Arkansas: Little Rock, Fort Smith, Fayetteville, Springdale and Jonesboro. Same-day or next-day local haulers and free flat-rate quotes.',
  intro: {
    heading: 'Arkansas Junk Pickup, Ozarks to Delta',
    paragraph:
      'Arkansas covers a lot of ground, from the Ozark hills around Fayetteville and Springdale to the River Valley around Fort Smith and the flat Delta farmland near Jonesboro, with Little Rock in the middle on the Arkansas River. Each area produces its own kind of junk: student move-outs near the university in Fayetteville, growing Northwest Arkansas households replacing furniture, lake cabins full of worn-out gear, and farmhouse sheds that have not been emptied in years. Spring storms and winter ice can bring down limbs and fences anywhere in the state, and humid summers are rough on mattresses and upholstery. Instead of waiting for the next scheduled collection, upload a few photos with your ZIP code and get matched with a verified local hauler, usually for same-day or next-day pickup.',
  },
  cities: [
    { name: 'Little Rock', zip: '72201' },
    { name: 'Fort Smith', zip: '72901' },
    { name: 'Fayetteville', zip: '72701' },
    { name: 'Springdale', zip: '72764' },
    { name: 'Jonesboro', zip: '72401' },
  ],
  faqs: [
    {
      question: 'Can I get help hauling student move-out junk in Fayetteville?',
      answer:
        'Yes. At the end of a semester or lease, haulers in Fayetteville and Springdale pick up couches, mattresses, desks, TVs and bags of leftover household items. Landlords and property managers use the service between tenants too. Book early in a busy move-out week, because schedules fill quickly.',
    },
    {
      question: 'Do haulers clean up after tornadoes and ice storms?',
      answer:
        'Storm cleanup is one of the most common Arkansas requests. Haulers take downed limbs, broken fencing, crushed carports and water-soaked furniture once it is safe to work. Photograph the whole pile so the hauler can size the load, and send it early, since many neighbors will need help at the same time.',
    },
    {
      question: 'How are junk removal prices set in Arkansas?',
      answer:
        'Your price is a flat rate based on how much room the items take up in the truck and what type of items they are. You get the quote from your photos, typically within minutes, before anyone arrives. There are no hidden fees, and you decide whether to book.',
    },
    {
      question: 'Can a hauler clear out a lake cabin or a rural property?',
      answer:
        'Yes. Cabin clear-outs near the lakes and in the Ozarks, barn and shed clean-outs, and farmhouse estates are all common. In rural parts of Arkansas, pickup typically takes 24-48 hours because haulers travel farther. Mention gravel roads, gates or a long driveway in your request.',
    },
    {
      question: 'What items cannot go in a Jonesboro or Fort Smith pickup?',
      answer:
        'Hazardous materials are never accepted, including paint, motor oil, pesticides, chemicals and asbestos. Most other household junk is fine: furniture, appliances, mattresses, yard waste and construction debris. If you are unsure about an item, list it in your description and the hauler will tell you before pickup.',
    },
  ],
};

export default arkansas;
