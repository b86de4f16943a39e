import type { StateContent } from '../types';

const wyoming: StateContent = {
  name: 'Wyoming',
  slug: 'wyoming',
  abbreviation: 'WY',
  tagline:
    'Ranch scrap, wind-wrecked fences or a full garage: Wyoming junk hauled away by verified local crews.',
  metaDescription:
    'Wyoming bulk trash pickup in Cheyenne, Casper, Laramie, Gillette and Rock Springs. Verified haulers, same-day or next-day in town, flat-rate photo quotes.',
  intro: {
    heading: 'Junk Hauling for Wide Open Wyoming',
    paragraph:
      'Wyoming has more open country than people, and that changes what bulk trash pickup looks like. Cheyenne and Laramie sit on the high plains in the southeast, where relentless wind shreds fences, flips trampolines and scatters anything not tied down. Casper, on the North Platte River, and energy towns like Gillette and Rock Springs see workers and families moving in and out as jobs shift, leaving furniture, mattresses and garage clutter behind. Laramie adds a college crowd with move-outs every school year. Out on ranches and acreages, sheds and outbuildings collect old lumber, fencing and scrap for years. Snow can fly from fall well into spring. Upload photos and your ZIP code, and we will match you with a verified local hauler: same-day or next-day in town, and typically 24-48 hours for rural properties.',
  },
  cities: [
    { name: 'Cheyenne', zip: '82001' },
    { name: 'Casper', zip: '82601' },
    { name: 'Laramie', zip: '82070' },
    { name: 'Gillette', zip: '82716' },
    { name: 'Rock Springs', zip: '82901' },
  ],
  faqs: [
    {
      question: 'Will a hauler drive out to my ranch?',
      answer:
        'Yes. Haulers in our network travel to ranches and acreages well outside town. Because distances in Wyoming are long, rural pickups typically take 24-48 hours. Send clear directions, note cattle guards, gates and gravel roads, and photograph everything you want gone so one trip does the job.',
    },
    {
      question: 'Can you take fencing, lumber and scrap from outbuildings?',
      answer:
        'Yes. Old wooden and wire fencing, lumber, broken gates, scrap metal and general shed clutter are all accepted. Fuel, motor oil, herbicides and other chemicals are hazardous and cannot be taken. The hauler quotes a flat rate from your photos based on the volume and type of material.',
    },
    {
      question: 'What about items wrecked by wind or hail?',
      answer:
        'Haulers pick up blown-down fence panels, mangled trampolines, broken patio furniture, damaged sheds and cracked grills. Wind around Cheyenne and Laramie can do a lot of damage quickly, so if it is safe, gather loose pieces into one pile and weigh down anything that could blow away before pickup.',
    },
    {
      question: 'Do pickups continue through the winter?',
      answer:
        'Yes, though snow and ice can delay a pickup by a day, especially on rural roads. Clear a path to your items, mark them if snow might bury them, and note any drifting on your driveway. In Cheyenne, Casper and the other towns, same-day or next-day pickup is still typical.',
    },
    {
      question:
        'I am moving away from Gillette or Rock Springs. Can you clear what I leave behind?',
      answer:
        'Yes. Whether you are relocating for work or downsizing, haulers collect furniture, mattresses, appliances, grills and garage contents in one visit. You do not need to be there if the items are accessible. Quotes usually arrive within minutes, with no hidden fees.',
    },
  ],
};

export default wyoming;
