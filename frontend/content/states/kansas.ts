import type { StateContent } from '../types';

const kansas: StateContent = {
  name: 'Kansas',
  slug: 'kansas',
  abbreviation: 'KS',
  tagline:
    'Tornado-season debris, hail-dented grills, basement clutter: Kansas haulers pick it up today or tomorrow.',
  metaDescription:
    'Bulk trash and junk pickup in Kansas: Wichita, Overland Park, Kansas City, Topeka and Olathe. Same-day or next-day haulers and flat-rate quotes from photos.',
  intro: {
    heading: 'Kansas Junk Removal, Plains to Suburbs',
    paragraph:
      'Kansas weather shapes what people need hauled away. Spring and early summer bring tornadoes, hail and straight-line winds that leave Wichita and Topeka yards full of limbs, shingle scraps and dented patio furniture. Many Kansas homes have basements that double as storm shelters and slowly fill with boxes and old furniture. In the Kansas City suburbs, families in Overland Park and Olathe move, remodel and upgrade often, while Kansas City, Kansas has older homes with attics and garages that need a full clear-out. Out on the plains, farm sheds and outbuildings hold decades of junk. Upload a few photos with your ZIP code, and we match you with a verified, licensed and insured local hauler, usually for same-day or next-day pickup.',
  },
  cities: [
    { name: 'Wichita', zip: '67202' },
    { name: 'Overland Park', zip: '66212' },
    { name: 'Kansas City', zip: '66101' },
    { name: 'Topeka', zip: '66603' },
    { name: 'Olathe', zip: '66061' },
  ],
  faqs: [
    {
      question: 'Can I get storm debris hauled after a tornado or hailstorm?',
      answer:
        'Yes. Haulers remove downed branches, broken fencing, shingle scraps, damaged sheds and ruined outdoor furniture once the area is safe. After a major storm, demand across Kansas rises sharply, so send your photos early. The flat-rate quote is based on the volume and type of debris.',
    },
    {
      question: 'Can a hauler clear out my basement in Overland Park or Olathe?',
      answer:
        'Yes. Haulers carry everything up the stairs: old sectionals, exercise equipment, boxes, broken electronics and leftover building materials. Point out anything unusually heavy, such as a pool table or an old chest freezer, so the right crew shows up. Leftover paint and cleaners are not accepted.',
    },
    {
      question: 'What if I live far out in western or central Kansas?',
      answer:
        'You can still request a quote. Towns in western and central Kansas can be far apart, so rural pickups typically take 24-48 hours. Give clear directions, note gravel or dirt roads, and say whether a truck can reach the items after rain. Your quote is still a flat rate from your photos.',
    },
    {
      question: 'How is the price set for a Wichita or Topeka pickup?',
      answer:
        'A hauler reviews your photos and sets a flat rate based on how much room the items take in the truck and what they are. You typically see it within minutes. No hidden fees are added later, and you are free to decline if the quote is not right for you.',
    },
    {
      question: 'Can the hauler pick up while I am at work?',
      answer:
        'Often, yes. If the items are in the driveway, at the curb or in an open garage, many haulers can collect them without you there. Describe exactly where everything is and how to reach it, and keep pets inside. You receive a booking confirmation by email after you submit your request.',
    },
  ],
};

export default kansas;
