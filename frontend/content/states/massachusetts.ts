import type { StateContent } from '../types';

const massachusetts: StateContent = {
  name: 'Massachusetts',
  slug: 'massachusetts',
  abbreviation: 'MA',
  tagline:
    'From Boston walk-ups to Worcester triple-deckers, get your bulky junk hauled away today or tomorrow.',
  metaDescription:
    'Junk and bulk trash pickup in Massachusetts: Boston, Worcester, Springfield, Cambridge and Lowell. Same-day or next-day haulers and flat-rate photo quotes.',
  intro: {
    heading: 'Massachusetts Junk Pickup Without the Wait',
    paragraph:
      "Few states move house quite like Massachusetts. When leases turn over at the end of summer, Boston and Cambridge sidewalks fill with couches, box springs and desks left behind by students and renters, and Lowell and Worcester see their own waves around their colleges. The housing is old and vertical: triple-deckers in Worcester and Springfield, brick walk-ups in Boston, converted mill buildings in Lowell and narrow staircases almost everywhere. Then there is the weather. Nor'easters and heavy snow bring down branches and crush old sheds, and the spring melt can leave basements wet and boxes ruined. Upload photos of what needs to go, enter your ZIP code, and we connect you with a verified local hauler who can usually be there the same day or the next, at a flat rate agreed up front.",
  },
  cities: [
    { name: 'Boston', zip: '02108' },
    { name: 'Worcester', zip: '01608' },
    { name: 'Springfield', zip: '01103' },
    { name: 'Cambridge', zip: '02139' },
    { name: 'Lowell', zip: '01852' },
  ],
  faqs: [
    {
      question: 'Can I get a pickup during the end-of-summer moving rush?',
      answer:
        'Yes, but plan ahead. Late August and early September are the busiest weeks in Boston, Cambridge and other college areas, and demand for haulers rises sharply. Request your quote as early as you can, and upload photos so the hauler knows exactly what is coming down the stairs.',
    },
    {
      question: 'My apartment is on the third floor of a triple-decker. Is that a problem?',
      answer:
        'Not at all. Haulers in Worcester, Springfield, Lowell and Boston carry furniture down narrow back stairs and porches every day. Tell us the floor, whether there is an elevator and how far the truck can park from the door, since stairs and distance affect the crew size and your flat-rate quote.',
    },
    {
      question: 'Do you pick up snowblowers, air conditioners and other seasonal gear?',
      answer:
        'Most haulers accept broken snowblowers, window air conditioners, dehumidifiers and other appliances. Drain any gas and oil from small engines first, because fuel and oil are hazardous materials that cannot be collected. Listing each appliance in your description helps the hauler plan handling and disposal.',
    },
    {
      question: 'What does a flat-rate quote include?',
      answer:
        'The quote covers the items in your photos, priced by their volume and type. You see the price before you accept, it typically arrives within minutes, and there are no hidden fees. Photographing everything you want gone, including things tucked in closets or the basement, keeps the quote accurate.',
    },
    {
      question: 'Can a hauler clean out a basement after spring flooding?',
      answer:
        'Yes. Heavy snowmelt and spring rain can push water into older Massachusetts basements, ruining carpet, boxes and stored furniture. Haulers remove soaked and damaged items quickly so you can dry the space out. Send photos of everything affected and mention that items are wet, since water adds weight.',
    },
  ],
};

export default massachusetts;
