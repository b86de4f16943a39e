import type { StateContent } from '../types';

const newMexico: StateContent = {
  name: 'New Mexico',
  slug: 'new-mexico',
  abbreviation: 'NM',
  tagline:
    'From Albuquerque backyards to Santa Fe casitas, get your bulky junk hauled away today or tomorrow.',
  metaDescription:
    'Same-day or next-day bulk trash pickup in New Mexico: Albuquerque, Las Cruces, Rio Rancho, Santa Fe and Roswell. Upload photos for a flat-rate quote.',
  intro: {
    heading: 'High Desert Junk Removal in New Mexico',
    paragraph:
      "New Mexico's high desert is beautiful and hard on belongings. Intense sun cracks patio furniture and fades cushions, spring winds knock over fences and scatter debris, and summer monsoon storms can arrive fast with heavy rain and hail. Albuquerque and Rio Rancho spread across the Rio Grande valley and the mesas above it, with plenty of garages and backyards that fill up over time. Santa Fe's historic adobe homes and casitas can have narrow lanes, tight gates and limited parking, while Las Cruces sees steady student moves around New Mexico State University. Out on the southeastern plains, Roswell homes and ranch properties collect old furniture, appliances and outbuilding clutter. Upload photos, enter your ZIP code, and we match you with a verified, licensed and insured hauler who can usually pick up the same day or the next.",
  },
  cities: [
    { name: 'Albuquerque', zip: '87101' },
    { name: 'Las Cruces', zip: '88001' },
    { name: 'Rio Rancho', zip: '87124' },
    { name: 'Santa Fe', zip: '87501' },
    { name: 'Roswell', zip: '88201' },
  ],
  faqs: [
    {
      question: 'Can haulers reach older Santa Fe homes with narrow lanes?',
      answer:
        'Usually, yes. Many Santa Fe properties have narrow streets, walled courtyards and gates that limit truck access. Describe where the items are and how close a vehicle can park, and add a photo of the entrance. That helps the hauler bring the right truck and crew for a smooth pickup.',
    },
    {
      question: 'Do you haul away debris after a monsoon storm or high winds?',
      answer:
        'Yes. Haulers take broken fencing, fallen branches, damaged patio furniture and soaked items after summer monsoon storms or spring windstorms. Send photos soon after the storm, and note anything that is wet, tangled or heavy, so the hauler can quote accurately and plan the load.',
    },
    {
      question: 'How do I get a price for junk removal in New Mexico?',
      answer:
        'Upload photos and a short description, and a hauler sends a flat-rate quote based on the volume and type of items, typically within minutes. Furniture, appliances, yard waste and construction debris are priced differently. There are no hidden fees, and you see the price before any work begins.',
    },
    {
      question: 'Do you cover Roswell and rural parts of the state?',
      answer:
        'Yes. Albuquerque, Las Cruces, Rio Rancho, Santa Fe and Roswell usually get same-day or next-day service. Ranches, small towns and remote areas typically take 24-48 hours because haulers drive long distances. Include your ZIP code and any details about dirt roads or gates.',
    },
    {
      question: 'Is there a busy time for pickups in Las Cruces?',
      answer:
        'The end of each semester at New Mexico State University tends to bring a wave of move-outs, with couches, desks and mattresses left behind by students and renters. If your move falls in that window, request your quote early and list everything you need gone.',
    },
  ],
};

export default newMexico;
