import type { StateContent } from '../types';

const indiana: StateContent = {
  name: 'Indiana',
  slug: 'indiana',
  abbreviation: 'IN',
  tagline:
    'From Indianapolis to the Ohio River, get old furniture, appliances and storm debris picked up today or tomorrow.',
  metaDescription:
    'Bulk trash and junk pickup in Indiana: Indianapolis, Fort Wayne, Evansville, South Bend and Carmel. Same-day or next-day service and flat-rate quotes.',
  intro: {
    heading: 'Hoosier Junk Removal Without the Hassle',
    paragraph:
      'Indiana homes collect junk in every season. Northern Indiana around South Bend gets lake-effect snow that wears out snowblowers and shovels, while Evansville on the Ohio River deals with muggy summers and the occasional flooded basement. Indianapolis and Fort Wayne neighborhoods are full of garages and basements that need a clear-out before a sale or a move, and homeowners in suburban Carmel replace furniture, finish basements and update kitchens. College towns put a rush of couches and mattresses on the curb when the semester ends, and spring storms can scatter limbs anywhere in the state. Upload a few photos with your ZIP code, and we match you with a verified, licensed and insured local hauler, usually for same-day or next-day pickup.',
  },
  cities: [
    { name: 'Indianapolis', zip: '46204' },
    { name: 'Fort Wayne', zip: '46802' },
    { name: 'Evansville', zip: '47708' },
    { name: 'South Bend', zip: '46601' },
    { name: 'Carmel', zip: '46032' },
  ],
  faqs: [
    {
      question: 'Can I get a whole garage cleared out in Indianapolis?',
      answer:
        'Yes. Garage clean-outs are among the most common Indiana jobs: old bikes, broken furniture, boxes, lawn equipment and shelving. Drain fuel from mowers and set aside paint and oil, which are hazardous and not accepted. Photos of the whole space let the hauler quote a flat rate.',
    },
    {
      question: 'How should I get ready for a pickup in South Bend or Fort Wayne?',
      answer:
        'Gather the items in one place if you can, such as the garage or driveway, and take two to ten photos from different angles. Set aside paint, oil and chemicals, which are not accepted. In winter, shovel the path so the crew can reach everything safely.',
    },
    {
      question: 'Can I book a pickup for just one item, like a recliner or treadmill?',
      answer:
        'Yes. Single-item pickups are fine, whether it is a recliner, a treadmill, a mattress or a refrigerator. The flat rate reflects the size and type of the item, so one piece costs less than a full load. Photograph it from a couple of angles so the hauler knows what to expect.',
    },
    {
      question: 'Can a Carmel homeowner get remodel debris hauled away?',
      answer:
        'Yes. Haulers take old cabinets, countertops, flooring, drywall, fixtures and the packaging from new appliances. Construction waste is priced like any other load, by volume and type. Point out anything heavy, such as tile or stone, so the hauler can bring the right truck and crew.',
    },
    {
      question: 'How fast is pickup in rural Indiana?',
      answer:
        'In Indianapolis, Fort Wayne, Evansville, South Bend and Carmel, same-day or next-day pickup is typical. In rural counties and small farm towns, pickup typically takes 24-48 hours because haulers travel farther. You still get a flat-rate quote from your photos, with no hidden fees.',
    },
  ],
};

export default indiana;
