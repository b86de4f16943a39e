import type { StateContent } from '../types';

const colorado: StateContent = {
  name: 'Colorado',
  slug: 'colorado',
  abbreviation: 'CO',
  tagline:
    'Hail-battered patio sets, cabin clutter, snowblowers that finally quit: Colorado haulers pick them up today or tomorrow.',
  metaDescription:
    'Bulk trash and junk pickup in Colorado: Denver, Colorado Springs, Aurora, Fort Collins and Boulder. Upload photos and get a flat-rate quote in minutes.',
  intro: {
    heading: 'Front Range Junk Hauling Made Easy',
    paragraph:
      'Colorado weather is hard on stuff. Summer hail shreds patio umbrellas, grills and outdoor furniture, heavy spring snow snaps branches across Denver and Aurora, and long winters wear out snowblowers and shovels. Along the Front Range, households in Colorado Springs come and go with military moves, while Fort Collins and Boulder see a rush of student move-outs when leases end. Up in the mountains, cabins and second homes collect decades of furniture, skis and camping gear. Whatever you need gone, there is no reason to wait for a scheduled collection or rent a trailer and drive it yourself. Upload photos and your ZIP code, and we match you with a verified, licensed and insured local hauler who can usually pick up the same day or the next.',
  },
  cities: [
    { name: 'Denver', zip: '80202' },
    { name: 'Colorado Springs', zip: '80903' },
    { name: 'Aurora', zip: '80012' },
    { name: 'Fort Collins', zip: '80521' },
    { name: 'Boulder', zip: '80302' },
  ],
  faqs: [
    {
      question: 'Can a hauler remove hail-damaged furniture and grills?',
      answer:
        'Yes. After a hailstorm, haulers in Denver, Aurora and along the Front Range pick up dented grills, shredded umbrellas, broken patio sets and scraps of damaged gutters or siding. Remove propane tanks first, since fuels count as hazardous materials and are not accepted. Photos of the whole pile give you an accurate flat-rate quote.',
    },
    {
      question: 'Do you pick up from mountain cabins and second homes?',
      answer:
        'Yes, you can request a quote for cabins and homes in the mountains. Because haulers may drive long distances over winding passes, rural and mountain pickups typically take 24-48 hours. Mention steep driveways, snow or limited truck access in your description so the hauler arrives prepared.',
    },
    {
      question: 'Will snow delay my pickup in Denver or Colorado Springs?',
      answer:
        'A heavy storm, especially a wet spring one, can push a pickup back. Most of the time, Front Range haulers keep their schedule. If snow is forecast, clear a path to the items or keep them in the garage, and the hauler will let you know if the timing needs to change.',
    },
    {
      question: 'Can you help with student move-out in Boulder or Fort Collins?',
      answer:
        'Yes. When leases end, haulers collect futons, mattresses, desks, mini-fridges and bags of leftover belongings. Landlords use the service to clear units between tenants. Move-out weeks get busy, so send photos a few days ahead if you can and pick a same-day or next-day slot.',
    },
    {
      question: 'How is a Colorado junk removal quote calculated?',
      answer:
        'The quote is a flat rate based on the volume your items fill in the truck and their type, such as furniture, appliances or construction debris. You typically get it within minutes of sending photos, and no hidden fees are added at pickup.',
    },
  ],
};

export default colorado;
