import type { StateContent } from '../types';

const southDakota: StateContent = {
  name: 'South Dakota',
  slug: 'south-dakota',
  abbreviation: 'SD',
  tagline:
    'Prairie farmhouses to Black Hills cabins, South Dakota junk hauled away by verified local crews.',
  metaDescription:
    'South Dakota bulk trash and junk pickup: Sioux Falls, Rapid City, Aberdeen, Brookings and Watertown. Verified haulers, same-day or next-day, free photo quotes.',
  intro: {
    heading: 'East River and West River Junk Hauling',
    paragraph:
      'The Missouri River splits South Dakota in two, and the halves feel different. East River, Sioux Falls, Brookings, Watertown and Aberdeen sit among farm fields and lakes, where long winters and spring thaws mean full garages, damp basements and outbuildings that have collected decades of equipment and lumber. West River, Rapid City is the gateway to the Black Hills, where cabins and rental homes get refreshed and older furniture needs a ride out. Summer hailstorms and strong prairie wind damage fences, sheds and trampolines across the state, and blizzards make winter a time to plan rather than haul. Upload photos and your ZIP code, and we will connect you with a verified local hauler. Cities usually get same-day or next-day service; rural pickups typically take 24-48 hours.',
  },
  cities: [
    { name: 'Sioux Falls', zip: '57101' },
    { name: 'Rapid City', zip: '57701' },
    { name: 'Aberdeen', zip: '57401' },
    { name: 'Brookings', zip: '57006' },
    { name: 'Watertown', zip: '57201' },
  ],
  faqs: [
    {
      question: 'Will a hauler come out to a farm or acreage?',
      answer:
        'Yes. Haulers travel to farms and acreages outside Sioux Falls, Aberdeen, Watertown and the rest of the state. Because of the distance, rural pickups typically take 24-48 hours. Include clear directions and a note about gravel roads or gates so the driver can find you.',
    },
    {
      question: 'Can you clean out an old barn or machine shed?',
      answer:
        'Yes. Haulers remove old lumber, broken furniture, scrap metal, fencing and general clutter from barns and sheds. Fuel, oil, pesticides and other chemicals must be set aside because they are hazardous. Photograph each building inside and out so your flat-rate quote covers everything.',
    },
    {
      question: 'What about a cabin clear-out in the Black Hills?',
      answer:
        'Haulers based around Rapid City take old beds, couches, appliances and deck furniture from cabins and vacation homes in the hills. Mention steep or narrow driveways, and in winter let the hauler know whether the road is plowed. You do not need to be on site if access is arranged.',
    },
    {
      question: 'Does winter weather delay pickups?',
      answer:
        'Sometimes. Haulers work year round, but a blizzard or icy roads can push a pickup back a day. If your items are outside, clear a path through the snow and keep them off the ground if possible. Your hauler will confirm the new time if plans change.',
    },
    {
      question: 'Can students in Brookings get help at move-out?',
      answer:
        'Yes. At the end of the school year, haulers pick up couches, mattresses, desks and bags of leftover items from apartments and rental houses in Brookings. Send photos a few days early, since many students leave during the same week. Quotes usually arrive within minutes.',
    },
  ],
};

export default southDakota;
