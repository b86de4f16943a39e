import type { StateContent } from '../types';

const nevada: StateContent = {
  name: 'Nevada',
  slug: 'nevada',
  abbreviation: 'NV',
  tagline:
    'From Las Vegas garages to Reno backyards, beat the desert heat and get your junk hauled today or tomorrow.',
  metaDescription:
    'Same-day or next-day junk pickup in Nevada: Las Vegas, Henderson, Reno, North Las Vegas and Sparks. Get a flat-rate quote from your photos, no hidden fees.',
  intro: {
    heading: 'Desert-Ready Junk Removal in Nevada',
    paragraph:
      "Nevada's climate is tough on everything left outside. In Las Vegas, Henderson and North Las Vegas, summer heat bakes patio furniture, cushions and plastic until they crack and fade, and garages become too hot to sort through for much of the year. Up north, Reno and Sparks sit in the high desert at the foot of the Sierra Nevada, where hot, dry summers give way to real winter snow and wind. Both regions see a constant flow of people moving in and out, which means furniture that did not fit the new place, mattresses left in rentals and old appliances swapped out for new ones. Skip the wait for the next bulk collection. Upload photos, enter your ZIP code, and we match you with a verified local hauler who can usually come the same day or the next.",
  },
  cities: [
    { name: 'Las Vegas', zip: '89101' },
    { name: 'Henderson', zip: '89015' },
    { name: 'Reno', zip: '89501' },
    { name: 'North Las Vegas', zip: '89030' },
    { name: 'Sparks', zip: '89431' },
  ],
  faqs: [
    {
      question: 'Can I ask for a morning pickup during a Las Vegas summer?',
      answer:
        'You can mention a preferred time in your request, and many homeowners ask for early pickups in summer. Keep items in the shade or in the garage until the crew arrives, and make sure the path is clear so loading goes quickly in the heat.',
    },
    {
      question: 'Do you remove sun-damaged patio furniture and outdoor items?',
      answer:
        'Yes. Cracked patio sets, faded umbrellas, broken loungers, old grills and worn-out outdoor rugs are some of the most common items in Nevada pickups. Haulers take them from backyards, side yards and garages. Photos showing how much is there help the hauler give an accurate flat-rate quote.',
    },
    {
      question: 'Do you serve Reno and Sparks as well as Las Vegas?',
      answer:
        'Yes. Our network covers both northern and southern Nevada, including Reno, Sparks, Las Vegas, Henderson and North Las Vegas, usually with same-day or next-day service. Rural areas and small desert towns typically take 24-48 hours, because haulers have much longer drives.',
    },
    {
      question: 'How are Nevada junk removal quotes priced?',
      answer:
        'Each quote is a flat rate based on the volume of your items and the kind of material, such as furniture, appliances, yard waste or construction debris. Upload photos, and a quote typically arrives within minutes. There are no hidden fees, so the price you accept is the price you pay.',
    },
    {
      question: "I'm moving out of a rental. Can a hauler take what I leave behind?",
      answer:
        'Yes. Move-outs from apartments and rental homes are common jobs across Las Vegas and Reno. Haulers take couches, mattresses, appliances and leftover boxes. If you live in an apartment complex or gated community, mention any gate codes or parking rules so the crew can get in.',
    },
  ],
};

export default nevada;
