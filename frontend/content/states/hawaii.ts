import type { StateContent } from '../types';

const hawaii: StateContent = {
  name: 'Hawaii',
  slug: 'hawaii',
  abbreviation: 'HI',
  tagline:
    'Island living, island logistics: get bulk trash hauled on Oahu or the Big Island by a local hauler today or tomorrow.',
  metaDescription:
    'Bulk trash and junk pickup in Hawaii: Honolulu, Hilo, Kailua, Kapolei and Kaneohe. Local island haulers, flat-rate quotes from photos, same-day or next-day.',
  intro: {
    heading: 'Junk Removal Built for Island Life',
    paragraph:
      'Getting rid of junk in Hawaii works differently than on the mainland. In practice, items are handled on the island where they sit, so a couch in Honolulu or Kaneohe stays on Oahu and a refrigerator in Hilo is dealt with on the Big Island. Salt air rusts appliances, grills and patio furniture, humidity and rain bring mildew to mattresses and upholstery, and termites can ruin wooden furniture. Honolulu high-rises mean elevators and loading zones, while homes in Kailua, Kapolei and Hilo often have carports and yards full of green waste. Military moves and ohana unit clear-outs add even more. Upload photos and your ZIP code, and we match you with a verified, licensed and insured local hauler, usually for same-day or next-day pickup.',
  },
  cities: [
    { name: 'Honolulu', zip: '96813' },
    { name: 'Hilo', zip: '96720' },
    { name: 'Kailua', zip: '96734' },
    { name: 'Kapolei', zip: '96707' },
    { name: 'Kaneohe', zip: '96744' },
  ],
  faqs: [
    {
      question: 'How much does junk removal cost in Hawaii?',
      answer:
        'Most pickups in Hawaii cost between $200 and $600, depending on the volume and type of items. Island logistics make prices higher than in much of the mainland. Your hauler gives you a flat-rate quote from your photos before pickup, with no hidden fees.',
    },
    {
      question: 'Can a hauler pick up from a Honolulu condo tower?',
      answer:
        'Yes. Haulers regularly work in Honolulu high-rises. Check with your building about reserving the freight elevator, loading-dock hours and any insurance paperwork, and include those details in your request. Because the haulers are licensed and insured, meeting building requirements is usually straightforward.',
    },
    {
      question: 'Do you serve Hilo and the rest of the Big Island?',
      answer:
        'Yes. Hilo is served by haulers based on the Big Island, and many pickups in and around town happen the same day or the next. In rural districts such as Puna or Hamakua, pickup typically takes 24-48 hours because of the driving distances. Include your exact ZIP code.',
    },
    {
      question: 'Will you take green waste and yard trimmings?',
      answer:
        'Yes. Palm fronds, hedge trimmings, fallen branches and other green waste are common pickups, especially on the windward side around Kailua and Kaneohe, where plants grow fast. Pile or bag the material in one spot and photograph it so the hauler can quote by volume.',
    },
    {
      question: 'Can appliances rusted by the salt air be removed?',
      answer:
        'Yes. Refrigerators, washers, dryers, grills and air conditioners corroded by salt air are frequent Hawaii pickups. List each appliance in your description. If a unit still holds fuel, oil or other chemicals, drain or remove them first, because hazardous materials are not accepted.',
    },
  ],
};

export default hawaii;
