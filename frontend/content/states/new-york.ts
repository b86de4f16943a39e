import type { StateContent } from '../types';

const newYork: StateContent = {
  name: 'New York',
  slug: 'new-york',
  abbreviation: 'NY',
  tagline:
    'From fifth-floor walk-ups in New York City to snowy Buffalo garages, get your junk hauled today or tomorrow.',
  metaDescription:
    'Junk and bulk trash pickup in New York: New York City, Buffalo, Rochester, Albany and Syracuse. Same-day or next-day haulers, flat-rate quotes from photos.',
  intro: {
    heading: 'Junk Removal From the Boroughs to Buffalo',
    paragraph:
      'New York is really two states when it comes to junk removal. In New York City, the challenge is access: fifth-floor walk-ups, narrow stairwells, elevator bookings, doormen and almost no parking, which is why so many apartment dwellers need help just getting an old sofa or mattress out the door. Upstate, the challenge is weather. Buffalo and Rochester get heavy lake-effect snow off Lake Erie and Lake Ontario, Syracuse is famously snowy, and Albany sees its share of winter storms, all of which leave garages full of broken snowblowers and basements damp after the spring melt. College move-outs across the state add another rush each year. Upload photos, enter your ZIP code, and we match you with a verified local hauler, usually for same-day or next-day pickup.',
  },
  cities: [
    { name: 'New York City', zip: '10001' },
    { name: 'Buffalo', zip: '14201' },
    { name: 'Rochester', zip: '14604' },
    { name: 'Albany', zip: '12201' },
    { name: 'Syracuse', zip: '13201' },
  ],
  faqs: [
    {
      question: 'Can a hauler carry furniture down from a walk-up apartment?',
      answer:
        'Yes. Walk-ups are everyday work for haulers in New York City. Tell us which floor you are on, whether there is an elevator and how narrow the stairwell is, and include a photo if you can. Stairs affect crew size and time, so the details help keep your flat-rate quote accurate.',
    },
    {
      question: 'What should I know about building rules in Manhattan, Brooklyn or Queens?',
      answer:
        'Many buildings require haulers to reserve the service elevator, use a specific entrance or work within set hours, and some ask for proof of insurance. Check with your super or management office first, then mention the rules in your request so the hauler can plan around them.',
    },
    {
      question: 'Do you pick up in Buffalo, Rochester and Syracuse during winter?',
      answer:
        'Yes. Haulers work year-round upstate, but heavy lake-effect snow can affect timing. Clear a path to the items, let us know whether they are in a garage, on a porch or at the curb, and send photos so the crew can plan around the weather.',
    },
    {
      question: 'How much does junk removal cost in New York?',
      answer:
        'Price depends on volume, type of item and access. A single armchair from a ground-floor home is quoted differently from a full apartment on the fourth floor. You get a flat-rate quote from your photos, typically within minutes, with no hidden fees, so you know the cost before anyone arrives.',
    },
    {
      question: 'Can I clear out a basement after an upstate spring thaw?',
      answer:
        'Yes. Snowmelt and spring rain can soak basements in Albany, Syracuse and across upstate New York, ruining carpet, furniture and cardboard boxes. Haulers remove the damaged items so you can dry the space out. Say that items are wet, because water adds weight and can affect the quote.',
    },
  ],
};

export default newYork;
