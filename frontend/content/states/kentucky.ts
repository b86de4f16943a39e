import type { StateContent } from '../types';

const kentucky: StateContent = {
  name: 'Kentucky',
  slug: 'kentucky',
  abbreviation: 'KY',
  tagline:
    'From Louisville to Lexington horse country, get bulk trash hauled away today or tomorrow by a verified local hauler.',
  metaDescription:
    'Bulk trash pickup in Kentucky: Louisville, Lexington, Bowling Green, Owensboro and Covington. Same-day or next-day haulers and flat-rate quotes from photos.',
  intro: {
    heading: 'Bluegrass State Bulk Trash Pickup',
    paragraph:
      'Kentucky stretches from the Ohio River cities of Louisville, Owensboro and Covington to the horse country around Lexington and the rolling hills near Bowling Green. River towns deal with spring high water and damp basements, while humid summers and sudden thunderstorms bring down branches across the state. Lexington and Bowling Green see students move in and out every semester, Covington and Louisville have older homes with steep stairs and packed attics, and farms collect barns full of broken equipment and old fencing. Winter ice storms can add downed limbs to the list. Upload photos of your items and your ZIP code, and we match you with a verified, licensed and insured local hauler who can usually pick up the same day or the next.',
  },
  cities: [
    { name: 'Louisville', zip: '40202' },
    { name: 'Lexington', zip: '40507' },
    { name: 'Bowling Green', zip: '42101' },
    { name: 'Owensboro', zip: '42301' },
    { name: 'Covington', zip: '41011' },
  ],
  faqs: [
    {
      question: 'Can a hauler pick up from a barn or horse farm near Lexington?',
      answer:
        'Yes. Haulers clear barns, sheds and farm outbuildings of broken fencing, old furniture, scrap lumber and worn equipment. Drain fuel and oil from any machinery first, because hazardous materials are not accepted. Rural pickups typically take 24-48 hours because of the extra driving.',
    },
    {
      question: 'What happens if it storms on my pickup day?',
      answer:
        'Haulers work in most weather, but severe thunderstorms or an ice storm can push a pickup back for safety. If the forecast turns, your hauler will contact you to reschedule. Keeping items covered or in a garage stops upholstery and cardboard from soaking up rain.',
    },
    {
      question: 'What does junk removal cost in Louisville or Lexington?',
      answer:
        'There is no one-size price. Each job gets a flat rate based on the volume of your items and their type, so a single mattress costs far less than a full attic. Send photos and you typically get the quote within minutes, with no hidden fees added at pickup.',
    },
    {
      question: 'Can you pick up yard waste and storm-downed limbs?',
      answer:
        'Yes. Haulers take branches, brush, bagged leaves, old landscaping timbers and broken fencing after Kentucky thunderstorms or ice storms. Cut large limbs into manageable lengths if you can, and keep everything in one pile for the photos. Whole standing trees need a tree service first.',
    },
    {
      question: 'Is there service in Covington and the rest of Northern Kentucky?',
      answer:
        'Yes. Covington and the rest of Northern Kentucky usually get same-day or next-day pickup from local haulers. Enter your Kentucky ZIP code so you are matched with a hauler who serves your side of the river. Owensboro and Bowling Green are covered as well.',
    },
  ],
};

export default kentucky;
