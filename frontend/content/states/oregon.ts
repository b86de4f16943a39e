import type { StateContent } from '../types';

const oregon: StateContent = {
  name: 'Oregon',
  slug: 'oregon',
  abbreviation: 'OR',
  tagline:
    'Rain-soaked garages in the valley, cabins in the high desert: Oregon bulk trash pickup, same day or next.',
  metaDescription:
    'Oregon bulk trash and junk removal: Portland, Eugene, Salem, Gresham and Bend. Local haulers for same-day or next-day pickup. Upload photos for a free quote.',
  intro: {
    heading: 'Oregon Junk Pickup, Valley to High Desert',
    paragraph:
      'West of the Cascades, the long rainy season in Oregon is hard on anything stored in a garage, carport or shed. Cardboard boxes go soft, couches pick up mildew, and winter windstorms drop fir branches across yards in Portland, Gresham and Salem. Eugene adds the steady turnover of a college town, with furniture left behind at the end of every school year. Cross the mountains to Bend and the story changes: dry, sunny summers, snowy winters, and a steady stream of cabin refreshes and vacation rental upgrades that leave old beds and patio sets to clear out. Whichever side of the state you live on, you can skip the wait for a scheduled collection. Send photos and your ZIP code, and we will connect you with a verified, insured local hauler for same-day or next-day pickup.',
  },
  cities: [
    { name: 'Portland', zip: '97201' },
    { name: 'Eugene', zip: '97401' },
    { name: 'Salem', zip: '97301' },
    { name: 'Gresham', zip: '97030' },
    { name: 'Bend', zip: '97701' },
  ],
  faqs: [
    {
      question: 'Can you take furniture that got moldy or mildewed in storage?',
      answer:
        'Yes. Damp-damaged couches, mattresses, rugs and boxes are regular jobs for haulers in Portland and the Willamette Valley. Mention mold in your description and include close-up photos so the crew can come prepared. The quote is still a flat rate based on the volume and type of items.',
    },
    {
      question: 'Do haulers serve Bend and Central Oregon?',
      answer:
        'Yes. Bend usually has same-day or next-day availability, and haulers also travel to cabins and homes in the surrounding high desert. More remote properties typically take 24-48 hours. In winter, tell the hauler about snow on your driveway or a steep access road.',
    },
    {
      question: 'Will a hauler pick up branches after a windstorm?',
      answer:
        'Yes. Yard debris such as fallen limbs, storm-broken fencing and piles of brush is accepted. Cut long branches into manageable lengths if you can, and photograph the whole pile with something for scale. Large tree trunks may need a tree service first, so mention any big pieces.',
    },
    {
      question: 'Is it okay to leave my items outside in the rain for pickup?',
      answer:
        'Yes, though covering them with a tarp keeps them from soaking up water and getting heavier. Many Oregon customers leave items under a carport or in an open garage instead. You do not need to be home, as long as you explain where the hauler will find everything.',
    },
    {
      question: 'How do I get a price without an in-person estimate?',
      answer:
        'Upload 2 to 10 photos taken from different angles, or a video of up to 30 seconds, along with a short description. A local hauler reviews them and sends a flat-rate quote, typically within minutes, based on how much truck space the load needs and the type of items. No hidden fees are added later.',
    },
  ],
};

export default oregon;
