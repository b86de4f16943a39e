import type { StateContent } from '../types';

const pennsylvania: StateContent = {
  name: 'Pennsylvania',
  slug: 'pennsylvania',
  abbreviation: 'PA',
  tagline:
    'Row-home basements, hillside attics and snowbelt garages, cleared out by local Pennsylvania haulers today or tomorrow.',
  metaDescription:
    'Same-day or next-day junk pickup in Pennsylvania, from Philadelphia and Pittsburgh to Allentown, Erie and Reading. Free flat-rate quotes from your photos.',
  intro: {
    heading: 'Keystone State Clean-Outs Without the Wait',
    paragraph:
      'Pennsylvania homes tend to hold on to things. Philadelphia row homes have tight staircases and basements packed with years of storage; Pittsburgh houses sit on steep hillsides where getting a sofa down to the street is half the job; older homes in Allentown and Reading often have full attics that have not been emptied in generations. Up in Erie, lake-effect snow keeps garages closed for much of the winter, so spring cleanups tend to be big ones. Humid summers, heavy thunderstorms and the occasional wet basement add water-damaged carpet and furniture to the list. Rather than wait for a bulk collection day, upload photos, enter your ZIP code and get matched with a verified local hauler who can usually come the same day or the next.',
  },
  cities: [
    { name: 'Philadelphia', zip: '19101' },
    { name: 'Pittsburgh', zip: '15201' },
    { name: 'Allentown', zip: '18101' },
    { name: 'Erie', zip: '16501' },
    { name: 'Reading', zip: '19601' },
  ],
  faqs: [
    {
      question: 'Can haulers get furniture out of a Philadelphia row home?',
      answer:
        'Yes. Crews are used to narrow doorways, tight turns and steep basement stairs. Photograph the route out of the house as well as the items, and note if parking out front is limited, so the hauler can plan the truck and bring enough help.',
    },
    {
      question: 'What about homes on Pittsburgh hillsides with lots of steps?',
      answer:
        'Haulers handle steep driveways, outdoor stairs and houses set well above the street. Mention how many steps there are and include a photo of the approach. Your flat-rate quote is based on the volume and type of items, and the hauler can confirm access details with you before arriving.',
    },
    {
      question: 'Will you clear an attic full of old belongings?',
      answer:
        'Yes. Attic clear-outs are common in older Pennsylvania houses. Haulers carry down boxes, old furniture, trunks, holiday decorations and broken lamps. Pull out anything you want to keep first, and take photos with the lights on so the hauler can see how much is up there.',
    },
    {
      question: 'How quickly can someone come in Allentown, Reading or Erie?',
      answer:
        'In most Pennsylvania cities, same-day or next-day pickup is typical, and quotes usually arrive within minutes of sending photos. In rural parts of the state, from farm country to the forested northern tier, pickup typically takes 24-48 hours because haulers travel farther.',
    },
    {
      question: 'Are there items a Pennsylvania hauler cannot take?',
      answer:
        'Hazardous materials are not accepted: paint, motor oil, chemicals, pesticides and anything that may contain asbestos, which can turn up in older homes. Furniture, appliances, mattresses, yard debris and construction waste are all fine. If you are unsure about an item, list it in your description.',
    },
  ],
};

export default pennsylvania;
