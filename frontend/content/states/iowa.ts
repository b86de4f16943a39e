import type { StateContent } from '../types';

const iowa: StateContent = {
  name: 'Iowa',
  slug: 'iowa',
  abbreviation: 'IA',
  tagline:
    'After a flood, a derecho or a long winter, get your Iowa bulk trash hauled away today or tomorrow.',
  metaDescription:
    'Bulk trash pickup in Iowa: Des Moines, Cedar Rapids, Davenport, Sioux City and Iowa City. Same-day or next-day local haulers; upload photos for a free quote.',
  intro: {
    heading: 'Iowa Junk Hauling for Every Season',
    paragraph:
      'Iowa weather keeps haulers busy. The Cedar, Des Moines and Mississippi rivers can rise after heavy rain or snowmelt, soaking basements in Cedar Rapids, Des Moines and Davenport. Derechos and summer thunderstorms snap trees and flatten fences, and long winters wear out snowblowers and leave garages overflowing. Iowa City fills the curbs with student furniture when leases end, households in Sioux City along the Missouri River clear out basements and garages, and farm families empty machine sheds and old farmhouses. Rather than wait for a scheduled collection, upload photos of your items and enter your ZIP code. We match you with a verified, licensed and insured local hauler who can usually come the same day or the next, with a flat-rate quote and no hidden fees.',
  },
  cities: [
    { name: 'Des Moines', zip: '50309' },
    { name: 'Cedar Rapids', zip: '52401' },
    { name: 'Davenport', zip: '52801' },
    { name: 'Sioux City', zip: '51101' },
    { name: 'Iowa City', zip: '52240' },
  ],
  faqs: [
    {
      question: 'Can a hauler clean up after a derecho?',
      answer:
        'Yes. Haulers remove broken branches, crushed fencing, damaged sheds, torn siding and ruined outdoor furniture after high-wind storms. Whole fallen trees may need a tree service to cut them up first. Photograph the debris and send it early, because after a widespread storm much of Iowa needs help at once.',
    },
    {
      question: 'Can I get a machine shed or old farmhouse cleared out?',
      answer:
        'Yes. Machine-shed, barn and farmhouse clean-outs are common Iowa requests: old furniture, scrap lumber, broken equipment and decades of boxes. On farms and in rural areas, pickup typically takes 24-48 hours because haulers travel farther. Drain fuel and oil from any machinery first.',
    },
    {
      question: 'Is there move-out help for Iowa City renters?',
      answer:
        'Yes. When leases end, haulers pick up couches, mattresses, bed frames, desks and bags of leftover belongings from apartments and rental houses in Iowa City. Landlords book turnover clean-outs too. Schedules fill quickly at the end of the school year, so send photos as early as you can.',
    },
    {
      question: 'How do I get a price for junk removal in Des Moines?',
      answer:
        'Upload at least two photos from different angles, or a short video, and describe the items. A hauler gives you a flat-rate quote based on the volume and type of junk, typically within minutes, with no hidden fees. You decide whether to book.',
    },
    {
      question:
        'Can water-logged items be removed after river flooding in Davenport or Cedar Rapids?',
      answer:
        'Yes. Once floodwater recedes and it is safe to go in, haulers remove soaked carpet, drywall, furniture and appliances from basements and lower floors. Wet material is heavy, so estimate how much there is. Fuel cans, paint and chemicals must be kept out, since hazardous materials are not accepted.',
    },
  ],
};

export default iowa;
