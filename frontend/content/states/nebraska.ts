import type { StateContent } from '../types';

const nebraska: StateContent = {
  name: 'Nebraska',
  slug: 'nebraska',
  abbreviation: 'NE',
  tagline:
    'From Omaha basements to Kearney farmhouses, get your bulk trash and storm debris hauled today or tomorrow.',
  metaDescription:
    'Same-day or next-day bulk trash pickup in Nebraska, serving Omaha, Lincoln, Bellevue, Grand Island and Kearney. Upload photos for a free flat-rate quote.',
  intro: {
    heading: 'Nebraska Junk Removal, Omaha to Kearney',
    paragraph:
      'Nebraska weather does not hold back. Spring brings severe thunderstorms, hail and the occasional tornado across the plains, summers are hot and windy, and winter blizzards can bury driveways for days. The result is shredded patio furniture, hail-battered sheds, fallen limbs and basements that took on water after a hard rain. Omaha and Lincoln have plenty of older homes with full basements and detached garages, Lincoln turns over with the University of Nebraska calendar, and Bellevue sees regular military moves tied to the nearby air force base. Out along Interstate 80 in Grand Island and Kearney, farm sites and outbuildings collect old equipment and furniture over the years. Upload photos, enter your ZIP code, and we pair you with a verified, licensed and insured hauler, usually for same-day or next-day pickup.',
  },
  cities: [
    { name: 'Omaha', zip: '68102' },
    { name: 'Lincoln', zip: '68508' },
    { name: 'Bellevue', zip: '68005' },
    { name: 'Grand Island', zip: '68801' },
    { name: 'Kearney', zip: '68847' },
  ],
  faqs: [
    {
      question: 'Can you remove hail- and wind-damaged items after a storm?',
      answer:
        'Yes. Haulers in Nebraska take hail-damaged patio furniture, broken grills, fallen branches, torn fencing and pieces of wrecked sheds. When a storm hits a whole neighborhood, schedules fill quickly, so send photos early and mention anything large, tangled or waterlogged.',
    },
    {
      question:
        "I'm moving with the military in Bellevue. Can you clear out what I'm leaving behind?",
      answer:
        'Yes. Military moves often mean a tight timeline and items that are not worth shipping, such as old couches, mattresses, grills and outdoor furniture. Upload photos, give your move-out date, and a hauler can usually come the same day or the next to clear it all.',
    },
    {
      question: 'Do you serve farms and small towns outside Omaha and Lincoln?',
      answer:
        'Yes. Omaha, Lincoln, Bellevue, Grand Island and Kearney usually get same-day or next-day service. Farms and smaller towns typically take 24-48 hours because haulers cover longer distances. Describe where the items are, such as a barn, machine shed or tree row, and how a truck can reach them.',
    },
    {
      question: 'How does flat-rate pricing work?',
      answer:
        'A hauler reviews your photos and prices the job by how much space the items fill and what they are. Quotes typically come back within minutes. The price is flat, with no hidden fees, so whether it is a basement of furniture or a single old freezer, you pay what you were quoted.',
    },
    {
      question: 'Can haulers take things out of a basement after it floods?',
      answer:
        'Yes. Heavy spring rain and snowmelt can push water into Nebraska basements, soaking carpet, furniture and stored boxes. Haulers carry the damaged items up and out so you can start drying the space. Note that items are wet, because water adds a lot of weight.',
    },
  ],
};

export default nebraska;
