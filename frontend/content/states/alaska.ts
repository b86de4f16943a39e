import type { StateContent } from '../types';

const alaska: StateContent = {
  name: 'Alaska',
  slug: 'alaska',
  abbreviation: 'AK',
  tagline:
    'Clear out Anchorage garages, Mat-Su cabins and Southeast storage sheds with a local hauler, today or tomorrow.',
  metaDescription:
    'Bulk trash and junk pickup in Alaska: Anchorage, Fairbanks, Juneau, Wasilla and Sitka. Send photos for a flat-rate quote from a verified local hauler.',
  intro: {
    heading: 'Junk Hauling in the Last Frontier',
    paragraph:
      'Alaska does not make junk removal simple. Anchorage and Wasilla sit on the road system, Fairbanks deals with deep interior cold, and Juneau and Sitka can only be reached by air or sea, so every load is handled by haulers based nearby. The work follows the seasons too: long summer days are when people empty cabins, garages and connex containers, while break-up turns yards to mud and uncovers everything the snow was hiding. Military moves, old chest freezers, worn-out mattresses and heavy furniture are common sights. Upload a few photos and your ZIP code, and we match you with a verified, licensed and insured local hauler who can usually come the same day or the next, with a flat-rate quote before any work starts.',
  },
  cities: [
    { name: 'Anchorage', zip: '99501' },
    { name: 'Fairbanks', zip: '99701' },
    { name: 'Juneau', zip: '99801' },
    { name: 'Wasilla', zip: '99654' },
    { name: 'Sitka', zip: '99835' },
  ],
  faqs: [
    {
      question: 'Why does junk removal cost more in Alaska?',
      answer:
        'Expect bulk trash removal in Alaska to cost roughly 20-50% more than in the lower 48. Haulers often cover long distances, fuel is expensive and winter slows everything down. You still get a flat-rate quote from your photos before pickup, with no hidden fees.',
    },
    {
      question: 'Can I get a pickup in Juneau or Sitka, off the road system?',
      answer:
        'Yes, you can request a quote anywhere in Alaska. In Juneau and Sitka the job is done by haulers based in town, since nothing can be driven in from Anchorage. Send clear photos so they can judge whether your load fits one trip, and expect availability to be tighter than in Anchorage.',
    },
    {
      question: 'Is winter a bad time to book junk removal in Fairbanks or Anchorage?',
      answer:
        'Haulers work year-round, but snow, ice and short daylight can affect timing. Clear a path to the items, and if they are outside, brush off the snow so the crew can see them. Many people save big clear-outs for summer, when the long days make scheduling easier.',
    },
    {
      question: 'Will a hauler take an old snowblower, freezer or generator?',
      answer:
        'Often, yes. Drain gasoline and oil first, because hazardous materials such as fuel, oil, paint and chemicals are not accepted. Freezers and other appliances are common Alaska pickups; mention them in your description so the hauler can bring enough help to move them.',
    },
    {
      question: 'How fast can I get a pickup in Wasilla and the Mat-Su Valley?',
      answer:
        'In Wasilla and nearby Mat-Su communities, many pickups happen the same day or the next. On rural properties with long driveways or gravel roads, pickup typically takes 24-48 hours. Note any access issues, like a steep drive or a locked gate, when you request a quote.',
    },
  ],
};

export default alaska;
