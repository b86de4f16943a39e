import type { StateContent } from '../types';

const idaho: StateContent = {
  name: 'Idaho',
  slug: 'idaho',
  abbreviation: 'ID',
  tagline:
    'From Boise to Idaho Falls, get old furniture, yard debris and garage clutter hauled away today or tomorrow.',
  metaDescription:
    'Bulk trash and junk pickup in Idaho: Boise, Meridian, Nampa, Idaho Falls and Pocatello. Same-day or next-day haulers and flat-rate quotes from your photos.',
  intro: {
    heading: 'Idaho Junk Hauling, Treasure Valley and Beyond',
    paragraph:
      'Idaho is changing fast, and so is its junk. In the Treasure Valley, Boise, Meridian and Nampa keep adding new neighborhoods, and every move or new build leaves old couches, mattresses, appliances and piles of boxes behind. Across the Snake River Plain, homes in Idaho Falls and Pocatello deal with cold, windy winters and hot, dry summers, so worn-out snowblowers, sun-cracked patio furniture and sheds full of old tools all need somewhere to go. Pocatello adds student move-outs around Idaho State University, and cabins in the mountains collect years of gear. Upload photos of what you want gone and enter your ZIP code. We match you with a verified, licensed and insured local hauler, usually for same-day or next-day pickup with a flat-rate quote.',
  },
  cities: [
    { name: 'Boise', zip: '83702' },
    { name: 'Meridian', zip: '83642' },
    { name: 'Nampa', zip: '83651' },
    { name: 'Idaho Falls', zip: '83402' },
    { name: 'Pocatello', zip: '83201' },
  ],
  faqs: [
    {
      question: 'Can a hauler take leftovers from a new build in Meridian or Nampa?',
      answer:
        'Yes. Haulers pick up drywall scraps, lumber offcuts, packaging, old carpet and fixtures replaced during a move-in or remodel. Keep leftover paint, stains and solvents out of the pile, since hazardous materials are not accepted. Photos of the debris give you an accurate flat-rate quote.',
    },
    {
      question: 'Do you pick up at cabins and rural properties in Idaho?',
      answer:
        'Yes. Cabin clear-outs, ranch outbuildings and rural homesteads are common requests. Because haulers travel longer distances outside the cities, rural pickups typically take 24-48 hours. Mention gravel roads, gates or snow on the access road so the hauler can plan the trip.',
    },
    {
      question: 'Will a hauler take an old snowblower or lawn mower?',
      answer:
        'Usually. Drain the gasoline and oil before pickup, because fuel and oil are hazardous materials that are not accepted. Mowers, snowblowers, tillers and other yard equipment can then go with the rest of your load. Include them in your photos so the quote reflects their size.',
    },
    {
      question: 'How do junk removal prices work in Boise?',
      answer:
        'Each pickup gets a flat-rate quote based on the volume and type of items, worked out from the photos you upload. You usually see it within minutes, there are no hidden fees, and you choose whether to book. A full garage costs more than a single recliner.',
    },
    {
      question: 'Can I schedule a winter pickup in Idaho Falls or Pocatello?',
      answer:
        'Yes. Haulers work year-round in eastern Idaho, though heavy snow or icy roads can shift the timing. Keep items in a garage or clear a path to them, and mention anything buried under snow. Same-day or next-day pickup is common once the roads are passable.',
    },
  ],
};

export default idaho;
