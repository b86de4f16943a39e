import type { StateContent } from '../types';

const newHampshire: StateContent = {
  name: 'New Hampshire',
  slug: 'new-hampshire',
  abbreviation: 'NH',
  tagline:
    'From Manchester mill-city apartments to lakeside camps, get your bulky junk hauled away today or tomorrow.',
  metaDescription:
    'Same-day or next-day junk pickup in New Hampshire: Manchester, Nashua, Concord, Derry and Rochester. Upload photos for a flat-rate quote, no hidden fees.',
  intro: {
    heading: 'Granite State Junk Removal Made Simple',
    paragraph:
      "New Hampshire homes tend to be old, roomy and full of history, which also means full attics, barns and cellars. In Manchester and Nashua, older multi-family buildings with steep stairs sit alongside newer suburban homes, while Concord, Derry and Rochester mix in-town neighborhoods with rural lots, sheds and outbuildings. Winter is long, and nor'easters and ice storms bring down limbs and crush old structures; mud season follows, when the snow finally melts and the clean-out begins. Summer is camp season in the Lakes Region and beyond, when families empty out old mattresses, furniture and boating gear. Upload a few photos, enter your ZIP code, and we connect you with a verified, licensed and insured hauler who can usually come the same day or the next.",
  },
  cities: [
    { name: 'Manchester', zip: '03101' },
    { name: 'Nashua', zip: '03060' },
    { name: 'Concord', zip: '03301' },
    { name: 'Derry', zip: '03038' },
    { name: 'Rochester', zip: '03867' },
  ],
  faqs: [
    {
      question: 'Can you clear out an old barn or shed?',
      answer:
        'Yes. Barns and sheds in New Hampshire often hold decades of old furniture, lumber, broken tools and equipment. Haulers load it all as long as it is not hazardous, so set aside paint, oil and chemicals. Photos of the inside and the path to the door help with an accurate quote.',
    },
    {
      question: 'Is spring a good time to book a clean-out?',
      answer:
        'Spring is one of the busiest times. Once the snow melts, homeowners find broken snowblowers, damaged fencing and limbs left by winter storms, and many tackle the garage and cellar at the same time. Requesting your quote early helps you get the day you want.',
    },
    {
      question: 'Do you pick up at summer camps on the lakes?',
      answer:
        'Yes. Opening or closing a lake camp often means hauling out old mattresses, bunk beds, sagging couches and outdoor furniture. Camps close to Manchester, Concord or Rochester are usually quick to schedule, while remote spots typically take 24-48 hours. Note any steep, narrow or unpaved access road.',
    },
    {
      question: 'What affects the price of my quote?',
      answer:
        'The amount of space your items fill and what they are. A couple of chairs costs less than an attic of furniture, and heavy material like construction debris is priced differently from household items. You get a flat rate from your photos, typically within minutes, with no hidden fees.',
    },
    {
      question: 'Do I need to be home for the pickup in Nashua or Manchester?',
      answer:
        'Not necessarily. If the items are at the curb, on a porch or in an unlocked garage, many haulers can collect them while you are at work. Describe exactly where everything will be, and include photos, so the crew knows what to take and what to leave.',
    },
  ],
};

export default newHampshire;
