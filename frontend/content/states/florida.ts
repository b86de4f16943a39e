import type { StateContent } from '../types';

const florida: StateContent = {
  name: 'Florida',
  slug: 'florida',
  abbreviation: 'FL',
  tagline:
    'Hurricane debris, mildewed furniture, worn-out pool gear: Florida haulers pick it up today or tomorrow.',
  metaDescription:
    'Bulk trash and junk pickup in Florida: Miami, Orlando, Tampa, Jacksonville and Fort Lauderdale. Send photos for a flat-rate quote, same-day or next-day.',
  intro: {
    heading: 'Sunshine State Bulk Trash, Handled Fast',
    paragraph:
      'Florida heat and humidity are tough on everything in a home. Mattresses and couches mildew, carpet gets soaked in summer downpours, and furniture on lanais and pool decks gives out after a few seasons. Hurricane season, from early summer through fall, can leave yards in Miami, Tampa and Jacksonville covered in palm fronds, limbs and torn screen enclosures. Condo renovations in Fort Lauderdale, vacation-rental turnovers around Orlando, and snowbirds opening and closing winter homes all produce more junk. Waiting for a scheduled collection is not always practical, especially when wet furniture starts to smell. Upload photos and add your ZIP code, and we match you with a verified, licensed and insured local hauler who can usually pick up the same day or the next.',
  },
  cities: [
    { name: 'Miami', zip: '33131' },
    { name: 'Orlando', zip: '32801' },
    { name: 'Tampa', zip: '33602' },
    { name: 'Jacksonville', zip: '32202' },
    { name: 'Fort Lauderdale', zip: '33301' },
  ],
  faqs: [
    {
      question: 'Can I get hurricane debris hauled away quickly?',
      answer:
        'Yes. Haulers take downed limbs, palm fronds, broken fencing, screen enclosures and water-damaged furniture after a storm. Right after a hurricane, demand across Florida is very high and some roads may be blocked, so schedules can stretch. Send photos as soon as it is safe, to get in line early.',
    },
    {
      question: 'Do you remove old pool equipment and patio furniture?',
      answer:
        'Yes. Pool pumps, filters, heaters, solar covers, lounge chairs and rusted patio sets are common Florida pickups. Keep pool chemicals such as chlorine and muriatic acid out of the pile, because hazardous materials are not accepted. Photos of each item help the hauler quote accurately.',
    },
    {
      question: 'Can a hauler pick up from a high-rise condo in Miami or Fort Lauderdale?',
      answer:
        'Yes. Check whether your building requires you to reserve the service elevator or provide a certificate of insurance, and include those rules in your request. Haulers in the network are verified, licensed and insured, which makes building approvals easier, and crews can carry items down from upper floors.',
    },
    {
      question: 'Is furniture or carpet damaged by mold and water accepted?',
      answer:
        'Generally, yes. Furniture, mattresses, drywall and carpet damaged by water or mildew are common Florida loads. Tell the hauler about the damage and roughly how much there is so they can bring the right gear. Materials you suspect contain asbestos are not accepted and need a specialist.',
    },
    {
      question: 'I am a snowbird. Can the pickup happen after I leave for the season?',
      answer:
        'Often, yes. Many haulers can collect items from a garage, driveway or curb while you are away, and a neighbor or property manager can provide access. Describe exactly where the items will be. In rural parts of Florida, pickup typically takes 24-48 hours.',
    },
  ],
};

export default florida;
