import type { StateContent } from '../types';

const oklahoma: StateContent = {
  name: 'Oklahoma',
  slug: 'oklahoma',
  abbreviation: 'OK',
  tagline:
    'After the storm or after the move, Oklahoma haulers can clear your bulk trash as soon as today.',
  metaDescription:
    'Fast bulk trash pickup in Oklahoma: Oklahoma City, Tulsa, Norman, Broken Arrow and Edmond. Same-day or next-day haulers and free flat-rate quotes from photos.',
  intro: {
    heading: 'Clearing Out After Oklahoma Storms',
    paragraph:
      'Oklahoma weather does not do anything halfway. Spring brings tornado watches and hailstorms that shred fencing, flatten carports and toss trampolines across yards; summer brings heat and wind that wear out patio furniture and outdoor equipment; winter ice storms bring down heavy limbs. Add the everyday churn of a growing state, with families settling into new homes around Edmond and Broken Arrow and students cycling in and out of Norman each semester, and there is always something that needs to go. City bulk collection runs on its own calendar, and after a big storm everyone is waiting at once. Snap a few photos, enter your ZIP code, and we will match you with a verified local hauler in Oklahoma City, Tulsa or nearby, typically for pickup the same day or the next.',
  },
  cities: [
    { name: 'Oklahoma City', zip: '73102' },
    { name: 'Tulsa', zip: '74103' },
    { name: 'Norman', zip: '73069' },
    { name: 'Broken Arrow', zip: '74012' },
    { name: 'Edmond', zip: '73003' },
  ],
  faqs: [
    {
      question: 'Can a hauler clear tornado or hail damage from my property?',
      answer:
        'Yes. Haulers take downed limbs, broken fence panels, twisted carports, damaged outdoor furniture and soaked household contents. Demand jumps after a big storm, so send photos as soon as it is safe to go outside. Stay clear of downed power lines and leave those to the utility company.',
    },
    {
      question: 'Will a hauler take a trampoline or an old swing set?',
      answer:
        'Usually, yes. Haulers can break down trampolines, metal swing sets, playhouses and basketball hoops and load the pieces. Say in your description whether the set is still anchored in the ground, and photograph it from a couple of angles so your flat-rate quote reflects what is there.',
    },
    {
      question: 'What decides the price of my pickup?',
      answer:
        'Two things: how much room your items take up in the truck and what type of items they are. Your hauler reviews your photos and sends a flat-rate quote, usually within minutes. There are no hidden fees, so the number you approve is the number you pay.',
    },
    {
      question: 'Is there help for student move-outs in Norman?',
      answer:
        'Yes. At the end of a semester, haulers collect futons, desks, mattresses, couches and bags of household items from apartments and rental houses around Norman and Edmond. Book early near the busiest move-out weekends, since many students leave at the same time.',
    },
    {
      question: 'Do haulers go beyond Oklahoma City and Tulsa?',
      answer:
        'Yes. Our network covers small towns and rural areas as well as the two big metros. Pickup in Oklahoma City, Tulsa, Norman, Broken Arrow and Edmond is usually same-day or next-day, while rural properties typically take 24-48 hours because of the driving distance.',
    },
  ],
};

export default oklahoma;
