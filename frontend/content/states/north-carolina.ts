import type { StateContent } from '../types';

const northCarolina: StateContent = {
  name: 'North Carolina',
  slug: 'north-carolina',
  abbreviation: 'NC',
  tagline:
    'From Charlotte cul-de-sacs to Triangle townhomes, get bulk trash and storm debris hauled today or tomorrow.',
  metaDescription:
    'Same-day or next-day junk pickup in North Carolina: Charlotte, Raleigh, Greensboro, Durham and Winston-Salem. Flat-rate quotes from photos, no hidden fees.',
  intro: {
    heading: 'Piedmont Junk Pickup, Charlotte to the Triangle',
    paragraph:
      "Most of North Carolina's largest cities sit in the Piedmont, between the mountains and the coast, and people keep moving here. Charlotte's growing suburbs, the Triangle around Raleigh and Durham, and the Triad cities of Greensboro and Winston-Salem all see a steady stream of relocations, downsizing and new-home move-ins, each one leaving furniture, mattresses and boxes that will not make the trip. The weather adds its own work. Hurricanes and tropical storms can push far inland, toppling tall pines and oaks onto fences and sheds, and hot, humid summers wear out outdoor furniture quickly. College move-outs around Raleigh and Durham bring another seasonal rush. Upload photos, enter your ZIP code, and we match you with a verified, licensed and insured hauler who can usually come the same day or the next.",
  },
  cities: [
    { name: 'Charlotte', zip: '28201' },
    { name: 'Raleigh', zip: '27601' },
    { name: 'Greensboro', zip: '27401' },
    { name: 'Durham', zip: '27701' },
    { name: 'Winston-Salem', zip: '27101' },
  ],
  faqs: [
    {
      question: 'Can you haul away fallen trees and limbs after a hurricane?',
      answer:
        'Haulers take limbs, branches, broken fencing and damaged outdoor furniture after a storm. Large trunks may need to be cut into manageable pieces first, so mention their size in your description. When a storm moves through the Piedmont, many people call at once, so send photos early.',
    },
    {
      question: "I'm relocating to or from Charlotte. Can you clear what we're not moving?",
      answer:
        'Yes. Relocations are a common job in Charlotte and across the state. Haulers take the furniture, mattresses, old appliances and boxes that are not worth moving. Tell us your move-out date and upload photos of everything that needs to go, and the hauler will quote a flat rate before arriving.',
    },
    {
      question: 'Do you serve the Triad as well as Raleigh and Durham?',
      answer:
        'Yes. Greensboro and Winston-Salem are covered along with Charlotte, Raleigh and Durham, usually with same-day or next-day pickup. Smaller towns and rural parts of North Carolina typically take 24-48 hours because haulers travel farther. Enter your ZIP code to find the nearest hauler.',
    },
    {
      question: 'How much will my North Carolina pickup cost?',
      answer:
        'The price depends on how much space your items take in the truck and what they are, so a single sofa costs less than a garage full of furniture and appliances. You get a flat-rate quote from your photos, typically within minutes, and there are no hidden fees added later.',
    },
    {
      question: 'Can a hauler take a mildewed mattress or couch from a humid garage?',
      answer:
        'Yes. North Carolina humidity can leave stored mattresses, couches and rugs smelling of mildew, especially in garages, crawl spaces and storage units. Haulers remove them along with other household items. Mention any visible mold or moisture in your description so the crew comes prepared.',
    },
  ],
};

export default northCarolina;
