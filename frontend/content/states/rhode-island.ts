import type { StateContent } from '../types';

const rhodeIsland: StateContent = {
  name: 'Rhode Island',
  slug: 'rhode-island',
  abbreviation: 'RI',
  tagline:
    'Triple-decker move-outs and storm-soaked basements, handled by Rhode Island haulers the same day or the next.',
  metaDescription:
    'Bulk trash pickup across Rhode Island: Providence, Warwick, Cranston, Pawtucket and East Providence. Same-day or next-day haulers and flat-rate photo quotes.',
  intro: {
    heading: 'Rhode Island Junk Removal Without Delays',
    paragraph:
      "Rhode Island is small, but its homes are packed tight. Providence, Pawtucket and Cranston are full of multi-family triple-deckers where one unit turning over can mean a whole apartment of furniture on the porch, and the college crowd in Providence moves in and out every year. Along Narragansett Bay in Warwick and East Providence, salt air wears down outdoor furniture and grills, while nor'easters and coastal storms leave soaked basements and broken fencing behind. Winters are cold and snowy enough that garages fill up with whatever did not get dealt with in the fall. Because distances are short, a local hauler is rarely far away. Upload photos, enter your ZIP code, and get matched for same-day or next-day pickup with a verified, licensed and insured hauler.",
  },
  cities: [
    { name: 'Providence', zip: '02901' },
    { name: 'Warwick', zip: '02886' },
    { name: 'Cranston', zip: '02910' },
    { name: 'Pawtucket', zip: '02860' },
    { name: 'East Providence', zip: '02914' },
  ],
  faqs: [
    {
      question: 'Can a hauler carry items down from a third-floor apartment?',
      answer:
        'Yes. Multi-story walk-ups are everyday work in Providence and Pawtucket. Haulers carry couches, beds and dressers down back stairs and porches. Mention the floor and whether there is an elevator, and photograph the items where they sit so the quote matches the job.',
    },
    {
      question: 'I am a landlord turning over a unit. Can you clear everything a tenant left?',
      answer:
        'Yes. Haulers regularly empty units after a move-out, taking furniture, mattresses, small appliances and bagged household items. You do not need to be on site if the hauler can get access. Upload photos of each room for a single flat-rate quote with no hidden fees.',
    },
    {
      question: "Do you pick up debris after a nor'easter or coastal storm?",
      answer:
        'Yes. Broken fence sections, fallen branches, water-damaged carpet and ruined furniture from flooded basements are all accepted. After a major storm along the bay, many households call at once, so send your photos early. Hazardous items such as fuel cans or chemicals cannot be taken.',
    },
    {
      question: 'How fast is pickup in Rhode Island?',
      answer:
        'Because the state is compact, same-day or next-day pickup is typical in Providence, Warwick, Cranston, Pawtucket and East Providence, and often in the surrounding towns too. Quotes usually arrive within minutes after you upload your photos or a short video.',
    },
    {
      question: 'What can I do with an old grill or patio set ruined by salt air?',
      answer:
        'Put it on the list. Rusted grills, corroded patio chairs, tables and umbrellas are accepted. Haulers may not accept propane tanks, so disconnect the tank and keep it aside. Photograph everything together and you will get one flat-rate quote for the lot.',
    },
  ],
};

export default rhodeIsland;
