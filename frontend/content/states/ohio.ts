import type { StateContent } from '../types';

const ohio: StateContent = {
  name: 'Ohio',
  slug: 'ohio',
  abbreviation: 'OH',
  tagline:
    'Lake-effect winters fill Ohio basements and garages; clear them out with same-day or next-day bulk trash pickup.',
  metaDescription:
    'Bulk trash and junk pickup in Ohio, same day or next day: Columbus, Cleveland, Cincinnati, Toledo and Akron. Send photos for a free flat-rate quote.',
  intro: {
    heading: 'Ohio Junk Hauling, Lake to River',
    paragraph:
      'Ohio packs a lot of different housing into one state: older frame and brick houses in Cleveland and Akron, riverside neighborhoods in Cincinnati, fast-growing suburbs ringing Columbus, and port-city homes in Toledo at the western end of Lake Erie. Many of those homes have basements, and basements collect decades of stuff. Lake-effect snow keeps people indoors for months, so spring is when garages and cellars finally get emptied, often along with water-damaged carpet from a wet thaw or a heavy storm. Summer brings moving season and student turnover around Columbus, and fall brings yard cleanups before the first freeze. Instead of waiting for the next collection day, upload a few photos and your ZIP code, and we will connect you with a verified local hauler, usually the same day or the next.',
  },
  cities: [
    { name: 'Columbus', zip: '43201' },
    { name: 'Cleveland', zip: '44101' },
    { name: 'Cincinnati', zip: '45201' },
    { name: 'Toledo', zip: '43601' },
    { name: 'Akron', zip: '44301' },
  ],
  faqs: [
    {
      question: 'How is my Ohio junk pickup priced?',
      answer:
        'Your hauler gives you a flat-rate quote based on the photos you upload, looking at how much truck space your items will take and what kind of items they are. Quotes typically arrive within minutes, and the price you accept is the price you pay, with no hidden fees.',
    },
    {
      question: 'Can you empty a flooded or cluttered basement in Cleveland or Akron?',
      answer:
        'Yes. Haulers carry out old furniture, boxes, shelving, waterlogged carpet and broken appliances from basements, including up narrow stairs. Photograph the stairway as well as the items so the crew knows what to expect. Paint cans, solvents and other chemicals often stored in basements cannot be taken.',
    },
    {
      question: 'Is winter a problem for pickups in northern Ohio?',
      answer:
        'Haulers work year round, including through lake-effect snow near Lake Erie. If your items are outside, keep a clear path from the pile to the street or driveway, and mention icy steps or a long walk in your description. On heavy snow days the schedule may shift, and your hauler will confirm the timing.',
    },
    {
      question: 'Do you help with estate clear-outs in Cincinnati and Toledo?',
      answer:
        'Yes. Clearing out a family home is one of the most common jobs in Ohio. A hauler can take furniture, beds, appliances and household contents in a single visit. Set aside anything you want to keep, then upload photos of each room so the quote covers the whole job.',
    },
    {
      question: 'How fast can a hauler get to me in Columbus?',
      answer:
        'In Columbus and the other large Ohio metros, same-day or next-day pickup is typical, and quotes usually come within minutes of sending your photos. Smaller towns and rural counties may take 24-48 hours because haulers have farther to drive.',
    },
  ],
};

export default ohio;
