import type { StateContent } from '../types';

const maine: StateContent = {
  name: 'Maine',
  slug: 'maine',
  abbreviation: 'ME',
  tagline:
    "From Portland's Old Port to lakeside camps near Bangor, get bulky junk and storm debris hauled today or tomorrow.",
  metaDescription:
    'Bulk trash and junk pickup in Maine: Portland, Lewiston, Bangor, South Portland and Auburn. Same-day or next-day haulers, flat-rate quotes from your photos.',
  intro: {
    heading: 'Junk Removal for Maine Homes and Camps',
    paragraph:
      "Maine homes work hard through the seasons. Nor'easters and coastal storms drop limbs and scatter shingles from Portland and South Portland up the coast, long winters leave barns and cellars packed with broken snowblowers and worn-out furniture, and the spring thaw can send water into basements that were dry in the fall. When summer arrives, families open up camps on lakes and ponds and find years of old mattresses, rusted grills and water-stained furniture waiting for them. Lewiston and Auburn, facing each other across the Androscoggin River, have many older multi-family homes with steep stairs and tight attics, and Bangor serves a huge stretch of the state to the north. Upload photos, enter your ZIP code, and we connect you with a verified local hauler, usually for same-day or next-day pickup.",
  },
  cities: [
    { name: 'Portland', zip: '04101' },
    { name: 'Lewiston', zip: '04240' },
    { name: 'Bangor', zip: '04401' },
    { name: 'South Portland', zip: '04106' },
    { name: 'Auburn', zip: '04210' },
  ],
  faqs: [
    {
      question: 'Can a hauler clear out a camp before the summer season?',
      answer:
        'Yes. Camp clear-outs are a common Maine job: old mattresses, bunk beds, rotted dock sections, grills and furniture that spent one winter too many in an unheated building. Send photos of each room and the outside, and note if the camp sits down a dirt road or has limited truck access.',
    },
    {
      question: 'Will a hauler take a broken snowblower or lawn tractor?',
      answer:
        'Most haulers accept small engines such as snowblowers, lawn mowers and lawn tractors, but drain the fuel and oil first, because those count as hazardous materials that cannot be accepted. Mention the machine in your description so the crew brings enough people to load it safely.',
    },
    {
      question: 'Can I get help with limbs and debris after a coastal storm?',
      answer:
        "Yes. After a nor'easter or a day of heavy wind, haulers take fallen branches, broken fencing, damaged patio furniture and soaked items from flooded cellars. Demand jumps when a storm hits the whole coast at once, so send your photos early to get a place in the schedule.",
    },
    {
      question: 'How do flat-rate quotes work in Maine?',
      answer:
        'You describe the job and upload photos, and a hauler prices it by the volume and type of material, such as furniture, appliances or yard waste. Quotes typically arrive within minutes, the price is flat, and there are no hidden fees added on pickup day.',
    },
    {
      question: 'Do you serve towns beyond Portland, Lewiston and Bangor?',
      answer:
        'Yes. Portland, South Portland, Lewiston, Auburn and Bangor usually get same-day or next-day service. In rural parts of the state, from inland lake country to the far north, pickup typically takes 24-48 hours because haulers have longer drives. Enter your ZIP code to see who is available.',
    },
  ],
};

export default maine;
