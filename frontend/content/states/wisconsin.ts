import type { StateContent } from '../types';

const wisconsin: StateContent = {
  name: 'Wisconsin',
  slug: 'wisconsin',
  abbreviation: 'WI',
  tagline:
    'Lakeshore basements, Madison move-outs and Up North cabins, cleared fast by verified Wisconsin haulers.',
  metaDescription:
    'Wisconsin bulk trash and junk pickup in Milwaukee, Madison, Green Bay, Kenosha and Racine. Verified haulers, same-day or next-day, flat-rate photo quotes.',
  intro: {
    heading: 'Wisconsin Junk Pickup, Lakeshore to Northwoods',
    paragraph:
      'Wisconsin winters are long and cold, and by the time the snow melts, most garages and basements are overdue for a cleanout. Along Lake Michigan, Milwaukee, Racine and Kenosha have plenty of older homes and duplexes whose basements collect decades of storage and can take on water during a wet spring thaw. Green Bay sits at the southern tip of the bay it is named for, where snow often lingers well into spring. Madison, built on an isthmus between lakes, is both a state capital and a college town, with a huge number of apartment leases turning over each year. Then there is the cabin Up North, where worn sofas, old mattresses and tired deck furniture pile up between seasons. Upload photos and your ZIP code, and we will connect you with a verified local hauler for same-day or next-day pickup.',
  },
  cities: [
    { name: 'Milwaukee', zip: '53202' },
    { name: 'Madison', zip: '53701' },
    { name: 'Green Bay', zip: '54301' },
    { name: 'Kenosha', zip: '53140' },
    { name: 'Racine', zip: '53401' },
  ],
  faqs: [
    {
      question: 'Can you handle the big lease turnover in Madison?',
      answer:
        'Yes. When many leases end at once, haulers collect couches, futons, mattresses, desks and bags of household items from apartments and rental houses. Demand is heavy during the turnover, so book ahead or send photos early. Landlords can also request one pickup covering several units.',
    },
    {
      question: 'Will a hauler take water-damaged things from a basement?',
      answer:
        'Yes. Soaked carpet and pad, swollen particleboard furniture, ruined boxes and old appliances are accepted. Carry items up if you can, or let the crew do it and mention the stairs. Set aside paint, solvents and cleaning chemicals, which are hazardous and cannot be collected.',
    },
    {
      question: 'Do you serve cabins Up North?',
      answer:
        'Yes. Haulers travel to cabins and lake homes across northern Wisconsin to take old beds, couches, appliances and deck or patio furniture. These pickups typically take 24-48 hours to schedule because of the distance. Mention gravel roads, seasonal access and where the items will be waiting.',
    },
    {
      question: 'Can pickups happen in the middle of a Wisconsin winter?',
      answer:
        'Yes. Haulers work year round in Milwaukee, Green Bay and the rest of the state. Shovel a clear path, salt icy steps, and tell the hauler about any hills on your driveway. A major snowstorm can delay a pickup by a day, and the hauler will confirm the new time.',
    },
    {
      question: 'How is my quote in Kenosha or Racine calculated?',
      answer:
        'From your photos. You upload 2 to 10 pictures or a short video, and a local hauler prices the job at a flat rate based on how much truck space it needs and the type of items. Quotes usually arrive within minutes, and there are no hidden fees.',
    },
  ],
};

export default wisconsin;
