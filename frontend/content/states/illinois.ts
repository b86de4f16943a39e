import type { StateContent } from '../types';

const illinois: StateContent = {
  name: 'Illinois',
  slug: 'illinois',
  abbreviation: 'IL',
  tagline:
    'Chicago walk-ups, suburban garages in Naperville and Joliet, Rockford basements: get junk hauled out today or tomorrow.',
  metaDescription:
    'Bulk trash pickup in Illinois: Chicago, Aurora, Naperville, Rockford and Joliet. Upload photos for a flat-rate quote; same-day or next-day local haulers.',
  intro: {
    heading: 'From Chicago Alleys to Downstate Farms',
    paragraph:
      'Junk removal in Illinois ranges from three-flat walk-ups in Chicago to two-car garages in Naperville and Aurora and farm sheds far downstate. In the city, tight alleys, back porches and narrow stairs turn heavy furniture into a real chore, and lease turnover fills the warmer months with moves. The suburbs around Joliet, Aurora and Naperville produce basement finish-outs, kitchen remodels and garage clean-outs. Rockford homes live with the same long winters and humid summers, when basements can flood in heavy rain and snowblowers finally give out. Upload photos of your items and your ZIP code, and we match you with a verified, licensed and insured local hauler. Most pickups happen the same day or the next, with a flat-rate quote up front and no hidden fees.',
  },
  cities: [
    { name: 'Chicago', zip: '60601' },
    { name: 'Aurora', zip: '60505' },
    { name: 'Naperville', zip: '60540' },
    { name: 'Rockford', zip: '61101' },
    { name: 'Joliet', zip: '60432' },
  ],
  faqs: [
    {
      question: 'Can a hauler carry furniture down from a third-floor Chicago walk-up?',
      answer:
        'Yes. Crews regularly bring sofas, beds, dressers and appliances down narrow back stairs and out through the alley. Tell them the floor, whether there is an elevator, and whether the truck should use the alley or the street. Those details help the hauler send enough people and quote accurately.',
    },
    {
      question: 'Do you clear out flooded basements in Illinois?',
      answer:
        'Yes. After heavy rain, haulers remove soaked carpet, padding, drywall, furniture and boxes from flooded basements. Photograph the damage before you start moving things, in case you need the pictures later. Water-logged items are heavy, so describe how much there is and the crew will come prepared.',
    },
    {
      question: 'What does a junk pickup cost in the Chicago suburbs?',
      answer:
        'Every job is priced as a flat rate based on how much truck space your items take up and what type they are. You get it from your photos, typically within minutes, before anyone arrives. There are no hidden fees, whether you live in Naperville, Aurora, Joliet or the city.',
    },
    {
      question: 'Is junk removal available in Rockford and downstate Illinois?',
      answer:
        'Yes. Rockford usually gets same-day or next-day service, as do most larger cities. In rural parts of central and southern Illinois, pickup typically takes 24-48 hours because haulers travel farther. Machine-shed clean-outs, farmhouse estates and rental turnovers are all common requests.',
    },
    {
      question: 'Do I have to drag everything to the alley or curb myself?',
      answer:
        'No. Haulers do the lifting and can collect items from a basement, attic, garage or apartment. If you prefer, you can leave everything in the alley or at the curb and skip being home. Just say where the items will be so the crew can find them.',
    },
  ],
};

export default illinois;
