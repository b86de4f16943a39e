import type { StateContent } from '../types';

const vermont: StateContent = {
  name: 'Vermont',
  slug: 'vermont',
  abbreviation: 'VT',
  tagline:
    'Mud season, moving day or a farmhouse attic: Vermont bulk trash hauled away without the long wait.',
  metaDescription:
    'Vermont junk and bulk trash pickup in Burlington, South Burlington, Rutland, Essex and Montpelier. Same-day or next-day local haulers, flat-rate photo quotes.',
  intro: {
    heading: 'Vermont Clean-Outs in Every Season',
    paragraph:
      'Vermont life runs on its seasons, and so does clearing out the house. Long, snowy winters keep garages and barns shut for months. Then comes mud season, when thawing dirt roads turn soft and many people finally tackle the basement, the shed or the old farmhouse attic. Summer is moving season in Burlington and South Burlington, with students and young families coming and going near Lake Champlain, and fall brings cleanups before the snow returns. Heavy rain can push rivers over their banks and leave soaked furniture and carpet behind in river-valley towns like Montpelier. Ski houses and camps in the Green Mountains need regular refreshes too. Upload photos, add your ZIP code, and we will match you with a verified local hauler for same-day or next-day pickup.',
  },
  cities: [
    { name: 'Burlington', zip: '05401' },
    { name: 'South Burlington', zip: '05403' },
    { name: 'Rutland', zip: '05701' },
    { name: 'Essex', zip: '05452' },
    { name: 'Montpelier', zip: '05602' },
  ],
  faqs: [
    {
      question: 'Can a hauler reach my house on a dirt road during mud season?',
      answer:
        'Usually, but let the hauler know. Some back roads get soft in spring and can be hard going for a heavy truck. Describe your road and driveway in your request, and the hauler may suggest moving items closer to pavement or picking a drier day. Rural pickups typically take 24-48 hours.',
    },
    {
      question: 'Can you clear out an old farmhouse or barn?',
      answer:
        'Yes. Haulers remove old furniture, boxes, lumber, broken tools, scrap metal and general clutter from farmhouses, barns and outbuildings. Set aside fuel, oil, old paint and chemicals, which are hazardous and cannot be taken. Photos of each room or bay help the hauler quote the whole job at a flat rate.',
    },
    {
      question: 'What can be done with furniture soaked in a flood?',
      answer:
        'Water-damaged couches, mattresses, rugs, carpet and drywall are all accepted once it is safe to work inside. Move items out to dry ground or a porch if you can, and photograph them. After widespread flooding, demand rises quickly, so send photos early to get on the schedule.',
    },
    {
      question: 'Do you help with move-outs in Burlington?',
      answer:
        'Yes. When leases turn over, haulers in Burlington, South Burlington and Essex collect futons, desks, mattresses, bookcases and bags of household items from apartments and rentals. Same-day or next-day pickup is typical in the Burlington area, and quotes usually come within minutes.',
    },
    {
      question: 'Can you empty a ski house or camp in the Green Mountains?',
      answer:
        'Yes. Haulers take worn-out beds, sofas, kitchen tables, old appliances and deck furniture from second homes and camps. You do not need to be there if access is arranged. Mention winter road conditions and parking, and expect 24-48 hours for more remote locations.',
    },
  ],
};

export default vermont;
