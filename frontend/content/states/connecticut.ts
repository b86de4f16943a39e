import type { StateContent } from '../types';

const connecticut: StateContent = {
  name: 'Connecticut',
  slug: 'connecticut',
  abbreviation: 'CT',
  tagline:
    'From Hartford attics to Fairfield County garages, clear out the clutter with same-day or next-day bulk trash pickup.',
  metaDescription:
    'Bulk trash pickup in Connecticut: Hartford, New Haven, Stamford, Bridgeport and Waterbury. Same-day or next-day local haulers. Upload photos for a free quote.',
  intro: {
    heading: 'Connecticut Clear-Outs, Attic to Curb',
    paragraph:
      "Many Connecticut homes have stood for generations, and so has the stuff inside them. Attics in Hartford and Waterbury, basements in New Haven, and garages across Fairfield County around Stamford and Bridgeport fill with old furniture, boxes and appliances that nobody wants to carry down narrow stairs. Multi-family houses see steady tenant turnover, colleges drive move-out rushes around New Haven, and nor'easters and winter storms leave broken limbs and soaked basement carpet behind. Autumn adds piles of leaves and brush to the list. Rather than wait for a scheduled collection, upload photos of what has to go and your ZIP code. We match you with a verified, licensed and insured local hauler, usually for same-day or next-day pickup with a flat-rate quote.",
  },
  cities: [
    { name: 'Hartford', zip: '06103' },
    { name: 'New Haven', zip: '06510' },
    { name: 'Stamford', zip: '06901' },
    { name: 'Bridgeport', zip: '06604' },
    { name: 'Waterbury', zip: '06702' },
  ],
  faqs: [
    {
      question: 'Can a hauler empty an attic or basement with steep, narrow stairs?',
      answer:
        'Yes. Older Connecticut homes often have tight staircases and low ceilings, and haulers carry everything out for you. Note the floor level, stair access and any very heavy pieces, like a piano or a cast-iron tub, in your description so the right size crew shows up.',
    },
    {
      question: 'Do you help with estate clean-outs in Connecticut?',
      answer:
        "Yes. Families clearing a parent's home and executors preparing a house for sale use the service for full or partial clean-outs. Photograph each room or pile and mark anything that must stay. The hauler quotes a flat rate based on the total volume, with no hidden fees.",
    },
    {
      question: "Can I get storm cleanup after a nor'easter?",
      answer:
        "Yes. Haulers remove fallen branches, broken fencing, waterlogged carpet and furniture from flooded basements after nor'easters and heavy rain. Take your own photos of the damage before anything is moved, then request a quote. Schedules get busy after a big storm, so book early.",
    },
    {
      question: 'Is pickup available in smaller Connecticut towns?',
      answer:
        'Yes. Hartford, New Haven, Stamford, Bridgeport and Waterbury usually get same-day or next-day service, and nearby towns often do too. In the more rural corners of the state, such as the Litchfield Hills or the Quiet Corner in the northeast, pickup typically takes 24-48 hours.',
    },
    {
      question: 'What should I keep out of my junk pile?',
      answer:
        'Hazardous materials are not accepted: leftover paint, motor oil, pool or garden chemicals, solvents and asbestos. That includes old pipe insulation or floor tiles you suspect contain asbestos, which turn up in older homes. Almost everything else, from sofas to appliances to renovation debris, can usually go.',
    },
  ],
};

export default connecticut;
