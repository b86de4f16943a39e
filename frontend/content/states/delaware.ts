import type { StateContent } from '../types';

const delaware: StateContent = {
  name: 'Delaware',
  slug: 'delaware',
  abbreviation: 'DE',
  tagline:
    'From Wilmington row homes to new builds in Middletown and Smyrna, get bulk trash hauled away today or tomorrow.',
  metaDescription:
    'Bulk trash and junk pickup in Delaware: Wilmington, Dover, Newark, Middletown and Smyrna. Same-day or next-day service with a flat-rate quote from photos.',
  intro: {
    heading: 'Fast Junk Pickup in the First State',
    paragraph:
      'Delaware is small, but its junk comes in many forms. Wilmington row homes have narrow stairways and tight street parking, Newark turns over a wave of student apartments around the University of Delaware every year, and Dover mixes state-government households with Air Force moves. Middletown and Smyrna have grown quickly with new subdivisions, where families upgrading furniture or finishing basements need the old pieces gone. Downstate, beach cottages and farm properties need clearing too, and coastal storms can leave branches and soaked belongings behind. Upload photos of your items and enter your ZIP code, and we connect you with a verified, licensed and insured local hauler who can usually come the same day or the next, with a flat-rate quote and no hidden fees.',
  },
  cities: [
    { name: 'Wilmington', zip: '19801' },
    { name: 'Dover', zip: '19901' },
    { name: 'Newark', zip: '19711' },
    { name: 'Middletown', zip: '19709' },
    { name: 'Smyrna', zip: '19977' },
  ],
  faqs: [
    {
      question: 'Can a hauler work around tight parking at a Wilmington row home?',
      answer:
        'Yes. Haulers who work in Wilmington are used to narrow streets and shared walls. Tell them whether the items are in the basement, upstairs or out back, and where a truck can safely stop. Those details help them send enough crew and give an accurate flat-rate quote.',
    },
    {
      question: 'Do you pick up from Delaware beach houses and farms?',
      answer:
        'Yes. Owners of beach cottages and rentals use the service to replace worn furniture, clear out after the season or remove storm-damaged items, and farm owners clear sheds and outbuildings. Pickups in the rural parts of Kent and Sussex counties typically take 24-48 hours.',
    },
    {
      question: 'What can I get removed after a move to Middletown or Smyrna?',
      answer:
        'Common loads include the old couch and mattress replaced after a move, flattened boxes, broken bed frames, outdated appliances and patio furniture, all taken in one trip. Keep leftover paint, cleaners and propane tanks out of the pile, since hazardous materials are not accepted.',
    },
    {
      question: 'Are Delaware haulers licensed and insured?',
      answer:
        'Yes. Every hauler in the network is verified, licensed and insured, which matters when a crew carries heavy furniture through your home or works in an apartment building. Customers rate the service 4.9 out of 5, and more than 250 verified haulers work with us nationwide.',
    },
    {
      question: 'How quickly can I get a quote in Dover or Newark?',
      answer:
        'Quotes typically arrive within minutes of sending your photos. The price is a flat rate based on the volume and type of items, so a small pile of boxes costs less than a full basement. There are no hidden fees, and same-day or next-day pickup is common.',
    },
  ],
};

export default delaware;
