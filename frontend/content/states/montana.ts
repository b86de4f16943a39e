import type { StateContent } from '../types';

const montana: StateContent = {
  name: 'Montana',
  slug: 'montana',
  abbreviation: 'MT',
  tagline:
    'From Billings to Bozeman and the ranch roads in between, get your bulky junk hauled away at a flat rate.',
  metaDescription:
    'Bulk trash and junk pickup in Montana: Billings, Missoula, Great Falls, Bozeman and Butte. Same-day or next-day in town, flat-rate quotes from your photos.',
  intro: {
    heading: 'Big Sky Country Junk Pickup',
    paragraph:
      "Montana is big, and so are its clean-out jobs. Ranch properties collect old fencing, broken equipment and outbuildings full of clutter; mountain cabins near Missoula and Bozeman fill with worn furniture and mattresses; and long winters across Billings, Great Falls and Butte leave garages crowded with broken snowblowers and gear that did not survive the cold. Bozeman and Missoula see steady move-ins and move-outs around their university campuses, and Butte's older homes often hide attics and basements that have not been emptied in generations. Summer wildfire season and fierce winds can add damaged sheds and fallen trees to the list. Upload a few photos, enter your ZIP code, and we match you with a verified local hauler, with same-day or next-day pickup in town and 24-48 hours in rural areas.",
  },
  cities: [
    { name: 'Billings', zip: '59101' },
    { name: 'Missoula', zip: '59802' },
    { name: 'Great Falls', zip: '59401' },
    { name: 'Bozeman', zip: '59715' },
    { name: 'Butte', zip: '59701' },
  ],
  faqs: [
    {
      question: "How long does pickup take outside Montana's cities?",
      answer:
        'In and around Billings, Missoula, Great Falls, Bozeman and Butte, pickup is usually same-day or next-day. On ranches and in rural areas, expect 24-48 hours, because haulers may drive long distances between jobs. Sharing your exact location and road conditions helps the hauler plan the trip.',
    },
    {
      question: 'Can you haul old fencing, lumber and junk from a ranch?',
      answer:
        'Yes. Haulers take old wood fencing, lumber piles, broken furniture, tired appliances and general outbuilding clutter. Mention any wire or metal in the pile so the hauler can plan for it. Send photos showing the size of the load and how close a truck can get, especially if the ground is soft or muddy.',
    },
    {
      question: 'Will a hauler pick up at a cabin in the mountains?',
      answer:
        'Usually, yes. Cabins near Missoula, Bozeman and other mountain towns are common jobs. Access is the main question: describe the road, any steep grades and seasonal snow or mud, and include photos of the driveway. That lets the hauler choose a suitable truck and quote a flat rate.',
    },
    {
      question: 'How is my Montana quote calculated?',
      answer:
        'Your hauler looks at your photos and prices the job by volume and type of material, whether it is one couch or a barn full of clutter. The quote is flat-rate with no hidden fees, and it typically arrives within minutes, so you know the cost before anyone makes the drive.',
    },
    {
      question: "What can't be included in a Montana pickup?",
      answer:
        'Hazardous materials are not accepted: paint, motor oil, fuel, chemicals, pesticides and asbestos. That includes the old cans of stain and weed killer often found in garages and barns. Set them aside for proper disposal, and the hauler can take nearly everything else, from furniture to scrap lumber.',
    },
  ],
};

export default montana;
