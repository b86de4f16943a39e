import type { StateContent } from '../types';

const northDakota: StateContent = {
  name: 'North Dakota',
  slug: 'north-dakota',
  abbreviation: 'ND',
  tagline:
    'From Fargo basements to Minot farmsteads, get your bulky junk hauled away today or tomorrow.',
  metaDescription:
    'Bulk trash and junk pickup in North Dakota: Fargo, Bismarck, Grand Forks, Minot and West Fargo. Same-day or next-day haulers with flat-rate photo quotes.',
  intro: {
    heading: 'North Dakota Junk Removal, Red River to Missouri',
    paragraph:
      'North Dakota winters are long, cold and windy, and blizzards can close roads for days, so many clean-outs wait until the thaw. When spring arrives, the Red River Valley around Fargo, West Fargo and Grand Forks watches for flooding, and homeowners across the state deal with wet basements, broken snowblowers and furniture that spent the winter in a cold garage. Bismarck sits on the Missouri River, Minot sees regular military moves tied to the nearby air force base, and Fargo and Grand Forks turn over with the calendars at NDSU and UND. Farmsteads and small towns collect old furniture, appliances and outbuilding clutter over the years. Upload photos, enter your ZIP code, and we connect you with a verified local hauler, with same-day or next-day pickup in town and 24-48 hours in rural areas.',
  },
  cities: [
    { name: 'Fargo', zip: '58102' },
    { name: 'Bismarck', zip: '58501' },
    { name: 'Grand Forks', zip: '58201' },
    { name: 'Minot', zip: '58701' },
    { name: 'West Fargo', zip: '58078' },
  ],
  faqs: [
    {
      question: 'Can you clear flood-damaged items from a Red River Valley basement?',
      answer:
        'Yes. When spring melt or heavy rain pushes water into basements in Fargo, West Fargo or Grand Forks, haulers remove soaked carpet, furniture, drywall and boxes. Mention that items are wet and send photos of the basement stairs, since waterlogged material is heavy and affects crew size.',
    },
    {
      question: 'Will haulers come out in the middle of winter?',
      answer:
        'Haulers work year-round, but blizzards and extreme cold can affect timing and road access. Shovel a path to the items and tell us whether they are in a garage, a basement or outside under snow. If weather moves in, you and the hauler can agree on the next safe pickup time.',
    },
    {
      question: 'How long does pickup take on a farm or in a small town?',
      answer:
        'In Fargo, Bismarck, Grand Forks, Minot and West Fargo, pickup is usually same-day or next-day. Farms and small towns typically take 24-48 hours, because haulers may drive a long way. Describe how a truck can reach the items, especially on gravel roads or in a muddy spring yard.',
    },
    {
      question: "I'm leaving Minot on military orders. Can you take what I'm not moving?",
      answer:
        'Yes. Military moves often leave behind items that are not worth shipping, such as old furniture, mattresses, grills and appliances. Upload photos, mention your move-out timeline, and a hauler can usually come the same day or the next to clear the house, garage or storage area.',
    },
    {
      question: 'How are North Dakota junk removal quotes priced?',
      answer:
        'Your quote is flat-rate, based on how much truck space your items fill and what kind of items they are. Photos let the hauler price it accurately, typically within minutes, and there are no hidden fees. Heavy loads like construction debris are priced differently from household furniture.',
    },
  ],
};

export default northDakota;
