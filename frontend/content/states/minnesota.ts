import type { StateContent } from '../types';

const minnesota: StateContent = {
  name: 'Minnesota',
  slug: 'minnesota',
  abbreviation: 'MN',
  tagline:
    'From Twin Cities duplexes to lake cabins up north, get your bulky junk hauled away today or tomorrow.',
  metaDescription:
    'Bulk trash pickup in Minnesota, serving Minneapolis, St. Paul, Rochester, Duluth and Bloomington. Same-day or next-day haulers with flat-rate photo quotes.',
  intro: {
    heading: 'Minnesota Junk Hauling, Cabin to City',
    paragraph:
      "Minnesota has two seasons for junk: the months when it is buried under snow, and the months when you finally deal with it. Once the snow melts, Minneapolis and St. Paul garages give up broken snowblowers, cracked sleds and furniture that sat out the winter, and spring seepage can leave basement carpet and boxes ruined. Summer brings cabin season, when families head to the lakes and clear out bunk-room mattresses, old dock sections and worn-out grills. Duluth's steep hillside streets above Lake Superior make some pickups a real workout, Rochester sees plenty of moves and home updates, and Bloomington's suburban garages and basements fill steadily over the years. Upload photos, enter your ZIP code, and we match you with a verified, licensed and insured local hauler, usually for same-day or next-day service.",
  },
  cities: [
    { name: 'Minneapolis', zip: '55401' },
    { name: 'St. Paul', zip: '55101' },
    { name: 'Rochester', zip: '55902' },
    { name: 'Duluth', zip: '55802' },
    { name: 'Bloomington', zip: '55420' },
  ],
  faqs: [
    {
      question: 'Can haulers pick up during a Minnesota winter?',
      answer:
        'Yes, haulers work year-round, though heavy snow and extreme cold can affect timing. Clear a path to your items and let us know whether they are in a garage, on a deck or under snow. If a storm is moving through, you can agree with your hauler on the earliest safe time.',
    },
    {
      question: 'Do you clear out lake cabins?',
      answer:
        'Yes. Cabin clear-outs are a summer staple in Minnesota: old mattresses, bunk beds, rotten dock sections, sagging furniture and boxes of odds and ends. Cabins near the Twin Cities, Rochester or Duluth usually get quick service, while remote lake country typically takes 24-48 hours. Note any long driveway or narrow access road.',
    },
    {
      question: 'How do you price a pickup in the Twin Cities?',
      answer:
        'Every quote is flat-rate and based on two things: how much room your items take up and what kind of items they are. Upload photos from a few angles, and a hauler sends a price, typically within minutes. What you accept is what you pay, with no hidden fees.',
    },
    {
      question: "Are Duluth's hills a problem for pickup?",
      answer:
        'No, but they are worth mentioning. Steep driveways, icy steps and tight hillside streets affect how a crew plans the job, especially in winter. Photos of the access route along with your items help the hauler send the right truck and enough people to load safely.',
    },
    {
      question: 'Will you take a broken snowblower or old ice fishing gear?',
      answer:
        'Most haulers accept snowblowers, lawn mowers, portable fish houses, augers and similar gear. Drain the gas and oil first, because fuel and oil are hazardous materials that cannot be taken. Mention anything heavy or awkward in your description so the crew can bring enough help.',
    },
  ],
};

export default minnesota;
