import type { StateContent } from '../types';

const arizona: StateContent = {
  name: 'Arizona',
  slug: 'arizona',
  abbreviation: 'AZ',
  tagline:
    'Skip loading a trailer in triple-digit heat: Phoenix, Tucson and East Valley haulers pick up junk today or tomorrow.',
  metaDescription:
    'Same-day or next-day bulk trash pickup in Arizona: Phoenix, Tucson, Mesa, Scottsdale and Chandler. Send photos of your junk for a free flat-rate quote today.',
  intro: {
    heading: 'Desert-Ready Junk Removal in Arizona',
    paragraph:
      'Arizona living is hard on belongings. Summer sun in Phoenix, Mesa and Chandler cracks patio furniture and bleaches outdoor cushions, while monsoon storms arrive with wind, dust and sudden downpours that leave yards full of branches and broken fencing. Pools bring their own junk: old pumps, filters, solar covers and worn-out loungers. Winter visitors open and close homes across the Valley and in Tucson, and Scottsdale remodels turn out cabinets, tile and appliances. Nobody wants to load a trailer when it is over a hundred degrees outside. Upload photos of what needs to go and add your ZIP code, and we match you with a verified, licensed and insured local hauler who can usually pick up the same day or the next, with a flat-rate quote and no hidden fees.',
  },
  cities: [
    { name: 'Phoenix', zip: '85004' },
    { name: 'Tucson', zip: '85701' },
    { name: 'Mesa', zip: '85201' },
    { name: 'Scottsdale', zip: '85251' },
    { name: 'Chandler', zip: '85225' },
  ],
  faqs: [
    {
      question: 'Can a hauler remove an old pool pump, filter or heater?',
      answer:
        'Yes, pool equipment is a frequent Arizona pickup, along with solar covers, broken loungers and sun-damaged shade structures. Leftover pool chemicals such as chlorine and acid are hazardous and are not accepted, so set them aside. Photos of the equipment help the hauler quote a flat rate.',
    },
    {
      question: 'Do pickups still happen during the summer heat?',
      answer:
        'Yes. Haulers keep working through Arizona summers, and many prefer early starts before the worst of the afternoon heat. If your items are in a garage or backyard, make sure the crew can reach them. You do not need to stand outside waiting; just say where everything will be.',
    },
    {
      question: 'Can you clear monsoon debris like branches and damaged fencing?',
      answer:
        'Yes. After a monsoon storm, haulers take downed palm fronds, mesquite and palo verde limbs, wind-damaged fencing and soaked furniture. Demand climbs quickly across Phoenix and Tucson after a big storm, so send photos early to secure a same-day or next-day slot.',
    },
    {
      question: 'How is the price set for a junk pickup in Scottsdale or Chandler?',
      answer:
        'Pricing is a flat rate based on the space your items take up in the truck and what they are, such as furniture, appliances or remodeling debris. You get the quote from your photos, typically within minutes, before anyone comes out. There are no hidden fees.',
    },
    {
      question: 'I am a winter visitor. Can junk be picked up after I head home?',
      answer:
        'Often, yes. Many haulers can collect items from a carport, driveway or side yard while you are away, which helps if you leave Tucson or Mesa in the spring. Arrange access ahead of time and describe exactly where the items will be when you request the quote.',
    },
  ],
};

export default arizona;
