import type { StateContent } from '../types';

const texas: StateContent = {
  name: 'Texas',
  slug: 'texas',
  abbreviation: 'TX',
  tagline:
    'Hail, floods or a cross-town move: Texas bulk trash hauled off your curb today or tomorrow.',
  metaDescription:
    'Same-day or next-day bulk trash pickup in Texas: Houston, Dallas, Austin, San Antonio and Fort Worth. Verified local haulers and free flat-rate photo quotes.',
  intro: {
    heading: 'Big Texas Junk, Fast Local Haulers',
    paragraph:
      'Texas is big enough to have several climates, and each one leaves its mark on the things people own. Houston and the Gulf Coast deal with hurricane season, tropical downpours and flooded garages full of ruined carpet and drywall. Dallas and Fort Worth sit in hail country, where spring storms batter patio furniture, grills and backyard play sets. Austin and San Antonio bake through long summers that wear out window units, lawn gear and anything left in the sun, and a rare hard freeze can mean burst pipes and soaked belongings. Add the constant moving as people relocate into the big metros, and Texans always have something to haul. Upload photos and your ZIP code to get matched with a verified local hauler, usually for same-day or next-day pickup.',
  },
  cities: [
    { name: 'Houston', zip: '77001' },
    { name: 'Dallas', zip: '75201' },
    { name: 'Austin', zip: '78701' },
    { name: 'San Antonio', zip: '78201' },
    { name: 'Fort Worth', zip: '76101' },
  ],
  faqs: [
    {
      question: 'Can you remove an old hot tub?',
      answer:
        'Yes. Many Texas haulers take hot tubs and spas. Drain the tub and have the power disconnected before pickup, then photograph it along with the path to the street or driveway. The crew may cut it into pieces on site, and the flat-rate quote is based on its size and type.',
    },
    {
      question: 'What can be hauled away after a Houston flood?',
      answer:
        'Waterlogged carpet and padding, drywall, furniture, mattresses and appliances are all accepted once it is safe to work. After a big rain event many homes need help at the same time, so upload photos early. Fuel, pool chemicals and other hazardous liquids cannot be taken.',
    },
    {
      question: 'Will a hauler take patio furniture and play sets damaged by hail?',
      answer:
        'Yes. Dented grills, cracked patio tables, torn umbrellas, broken trampolines and damaged play sets are common pickups around Dallas and Fort Worth after spring storms. Photograph the damaged items together so one flat-rate quote covers everything, with no hidden fees.',
    },
    {
      question: 'Do I need to be home for a pickup in Austin or San Antonio?',
      answer:
        'No. Many customers leave items at the curb, in the driveway or in an open garage and let the hauler collect them while they are at work. Bag loose items so they do not blow around, and describe exactly where the pile will be when you request your quote.',
    },
    {
      question: 'How quickly can a hauler reach me outside the big cities?',
      answer:
        'In Houston, Dallas, Austin, San Antonio and Fort Worth, same-day or next-day pickup is typical. Texas has a lot of open country, and on ranch land and in small towns pickup typically takes 24-48 hours because haulers travel farther. Quotes usually arrive within minutes either way.',
    },
  ],
};

export default texas;
