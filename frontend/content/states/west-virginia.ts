import type { StateContent } from '../types';

const westVirginia: StateContent = {
  name: 'West Virginia',
  slug: 'west-virginia',
  abbreviation: 'WV',
  tagline:
    'Up the hollow or down by the river, West Virginia bulk trash hauled away today or tomorrow.',
  metaDescription:
    'West Virginia bulk trash pickup in Charleston, Huntington, Morgantown, Parkersburg and Wheeling. Same-day or next-day haulers and flat-rate quotes from photos.',
  intro: {
    heading: 'Mountain State Hauling, Hillside to Riverside',
    paragraph:
      'Almost every part of West Virginia is either on a hillside or in a river valley, and that shapes how junk gets hauled. Charleston sits where the Elk River meets the Kanawha, and Huntington, Parkersburg and Wheeling line the Ohio River, where heavy rain can push water into basements and low-lying streets. Morgantown is a college town with a yearly rush of move-ins and move-outs. Outside the cities, homes sit up steep driveways and along narrow, winding roads, and many older houses and family properties hold generations of furniture, tools and keepsakes. Snowy mountain winters keep sheds and garages closed until spring. Upload photos and add your ZIP code, and we will match you with a verified, insured local hauler: same-day or next-day in the cities, and typically 24-48 hours in rural areas.',
  },
  cities: [
    { name: 'Charleston', zip: '25301' },
    { name: 'Huntington', zip: '25701' },
    { name: 'Morgantown', zip: '26501' },
    { name: 'Parkersburg', zip: '26101' },
    { name: 'Wheeling', zip: '26003' },
  ],
  faqs: [
    {
      question: 'Can a hauler get up a steep driveway or hillside lot?',
      answer:
        'Usually. West Virginia haulers are used to hills, switchbacks and homes set well above the road. Describe the driveway and include a photo of it. If a full-size truck cannot make it up, the crew may carry items down to a safe loading spot, and the hauler will talk it through with you first.',
    },
    {
      question: 'What can you take after a river flood?',
      answer:
        'Waterlogged furniture, carpet, mattresses, drywall and appliances are accepted once the water has gone down and it is safe to go inside. Homes along the Ohio and Kanawha rivers often need help at the same time after a flood, so upload photos as early as you can.',
    },
    {
      question: 'Can you help settle a family home or estate?',
      answer:
        'Yes. Clearing out the home of a parent or grandparent is a common job. Haulers take furniture, beds, appliances, garage contents and boxes in one visit. Set aside keepsakes and papers first, photograph each room, and you will get one flat-rate quote for the whole house with no hidden fees.',
    },
    {
      question: 'Is there move-out help in Morgantown?',
      answer:
        'Yes. At the end of the school year, haulers collect couches, mattresses, desks and bags of leftovers from apartments and rental houses around Morgantown. Many students move out within the same few days, so send photos early to get a same-day or next-day slot.',
    },
    {
      question: 'Will a hauler clear out a hunting camp or cabin?',
      answer:
        'Yes. Haulers take worn bunks, mattresses, old recliners, broken appliances and general clutter from camps and cabins. Fuel, oil and chemicals cannot be taken, and propane tanks may not be accepted, so set them aside. Remote properties typically take 24-48 hours, and clear directions help the driver find you.',
    },
  ],
};

export default westVirginia;
