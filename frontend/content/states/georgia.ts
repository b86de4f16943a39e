import type { StateContent } from '../types';

const georgia: StateContent = {
  name: 'Georgia',
  slug: 'georgia',
  abbreviation: 'GA',
  tagline:
    'From intown Atlanta apartments to Savannah porches, get bulk trash picked up today or tomorrow by a local hauler.',
  metaDescription:
    'Bulk trash pickup in Georgia: Atlanta, Augusta, Columbus, Savannah and Athens. Same-day or next-day local haulers. Upload photos for a free flat-rate quote.',
  intro: {
    heading: 'Peach State Junk Removal, Done Quickly',
    paragraph:
      'Georgia runs from the mountains in the north through the Piedmont around Atlanta and Athens to the coastal lowlands near Savannah, and its junk reflects all of it. Metro Atlanta sees constant moves between apartments, townhomes and suburbs, Athens fills the curbs with student furniture when leases end, and Augusta and Columbus have military households coming and going. Savannah has historic homes with narrow stairs and humid coastal air that is hard on upholstery. Across the state, summer thunderstorms, tornadoes and the occasional tropical storm bring down limbs and fences. Upload photos and your ZIP code, and we match you with a verified, licensed and insured local hauler, usually for same-day or next-day pickup with a flat-rate quote and no hidden fees.',
  },
  cities: [
    { name: 'Atlanta', zip: '30303' },
    { name: 'Augusta', zip: '30901' },
    { name: 'Columbus', zip: '31901' },
    { name: 'Savannah', zip: '31401' },
    { name: 'Athens', zip: '30601' },
  ],
  faqs: [
    {
      question: 'Can I get junk picked up from an Atlanta apartment complex?',
      answer:
        'Yes. Haulers in metro Atlanta pick up from apartments, townhomes and condos, including upper floors. Check whether your complex limits move-out hours or truck parking and share those rules in your request. Photos of every item help the hauler quote a flat rate and bring enough crew.',
    },
    {
      question: 'Do haulers remove fallen trees and storm debris in Georgia?',
      answer:
        'Haulers take limbs, branches, brush and broken fencing that have been cut to manageable size. Removing a whole standing or fallen tree is usually a job for a tree service first. After a storm, photograph the pile and send it early, since demand rises across the state.',
    },
    {
      question: 'Is there help for move-out season in Athens?',
      answer:
        'Yes. When the semester and leases end in Athens, haulers collect couches, mattresses, desks, TVs and bags of leftover belongings. Property managers book pickups between tenants as well. Move-out weeks are busy, so reserve a same-day or next-day slot as soon as you know your date.',
    },
    {
      question: 'How is the price determined for a Savannah or Augusta pickup?',
      answer:
        'You get a flat rate based on how much truck space your items need and what they are, whether it is a single recliner or an entire garage. The quote comes from your photos, typically within minutes, and there are no hidden fees. You decide whether to book after you see it.',
    },
    {
      question: 'Do you cover small towns and rural Georgia?',
      answer:
        'Yes, service is available across Georgia. Atlanta, Augusta, Columbus, Savannah and Athens usually get same-day or next-day pickup. In rural counties, pickup typically takes 24-48 hours because haulers travel farther. Farm sheds, barns and mobile home clean-outs are all common jobs.',
    },
  ],
};

export default georgia;
