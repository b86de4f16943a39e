import type { StateContent } from '../types';

const utah: StateContent = {
  name: 'Utah',
  slug: 'utah',
  abbreviation: 'UT',
  tagline:
    'Basement remodels, windstorm cleanup and canyon cabins: Utah junk picked up the same day or the next.',
  metaDescription:
    'Utah bulk trash pickup in Salt Lake City, Provo, West Valley City, West Jordan and Orem. Same-day or next-day haulers and free flat-rate quotes from photos.',
  intro: {
    heading: 'Wasatch Front Junk Removal, Done Fast',
    paragraph:
      'Salt Lake City, West Valley City, West Jordan, Provo and Orem all sit in the long string of valleys along the Wasatch Front, with the mountains always in view. The weather here swings hard: snowy winters and strong wind events that knock down trees and fences, then hot, dry summers that fade and crack outdoor furniture. Many homes have basements, which means finishing and remodeling projects that produce drywall, carpet and old fixtures. Provo and Orem are college towns with constant apartment turnover, and growing families across the valleys outgrow furniture, trampolines and play sets. Cabins up the canyons need clearing out too. Upload photos and your ZIP code, and we will connect you with a verified local hauler, typically for same-day or next-day pickup.',
  },
  cities: [
    { name: 'Salt Lake City', zip: '84101' },
    { name: 'Provo', zip: '84601' },
    { name: 'West Valley City', zip: '84119' },
    { name: 'West Jordan', zip: '84084' },
    { name: 'Orem', zip: '84057' },
  ],
  faqs: [
    {
      question: 'Can a hauler take debris from a basement finishing project?',
      answer:
        'Yes. Drywall scraps, old carpet and pad, framing lumber, cabinets and doors from basement remodels are accepted as construction waste. Leftover paint, adhesives and solvents are not. Photograph the pile and the stairs leading out, and you will get a flat-rate quote with no hidden fees.',
    },
    {
      question: 'Do you pick up in winter when there is snow on the ground?',
      answer:
        'Yes. Haulers along the Wasatch Front work through the winter. Shovel a path to the items and mention steep or icy driveways in your description. After a big storm, schedules can slip by a day, and your hauler will confirm the pickup time with you.',
    },
    {
      question: 'Can you clear student apartments in Provo and Orem?',
      answer:
        'Yes. When leases end, haulers remove couches, mattresses, desks and bagged household items from apartments and rental houses. Roommates can share one pickup. Send photos early near the end of a semester, when many students move at once, to get a same-day or next-day slot.',
    },
    {
      question: 'Will you remove trees and fences knocked down by wind?',
      answer:
        'Yes. Strong winds can bring down limbs, fence panels and backyard structures along the Wasatch Front. Haulers take branches, broken fencing, damaged sheds and wrecked trampolines. Cut long limbs to a manageable size if you can, and keep away from any lines that may be live.',
    },
    {
      question: 'Can a hauler reach a cabin up one of the canyons?',
      answer:
        'Often, yes. Cabins in the mountains east of the valleys are served by local haulers, but access matters. Mention road conditions, gates and parking, especially in winter. Remote cabins typically take 24-48 hours to schedule, while homes in the valley usually get same-day or next-day service.',
    },
  ],
};

export default utah;
