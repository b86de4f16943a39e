import type { Faq } from './types';

/** The six questions of the home page FAQ. */
export const mainFaq: readonly Faq[] = [
  {
    question: 'How quickly can my bulk trash be picked up?',
    answer:
      'Most pickups happen the same day or the next day. Upload photos of your items, enter your ZIP code and contact details, and you typically receive a quote within minutes. Once you accept it, you are connected with a local hauler, so there is no need to wait weeks for a scheduled city collection.',
  },
  {
    question: 'What items do haulers pick up?',
    answer:
      'Haulers in our network take most household junk: furniture such as couches, tables and dressers; appliances like refrigerators, washers and dryers; mattresses and box springs; yard debris such as branches and brush; and construction waste from renovation projects. If you are unsure about an item, mention it in your description and the hauler will confirm.',
  },
  {
    question: 'Are there items haulers will not take?',
    answer:
      'Yes. Hazardous materials such as paint, oil, chemicals and asbestos are not accepted, because they need special handling and disposal. Some other items may not be accepted by all haulers, so list everything you want removed in your description and show it in your photos. Your hauler will let you know before pickup if anything cannot go.',
  },
  {
    question: 'How is the price of a pickup set?',
    answer:
      'You get a flat-rate quote based on the volume of your items, meaning how much space they take up in the truck, and on their type. Your photos let the hauler price the job before arriving, and the price you accept is the price you pay, with no hidden fees.',
  },
  {
    question: 'Do I need to be home for the pickup?',
    answer:
      'Not necessarily. If your items are outside, at the curb or somewhere the hauler can reach easily, many pickups can be completed while you are away. Say where the items will be and how to reach them when you request your quote, and the hauler can confirm the arrangements with you.',
  },
  {
    question: 'Are the haulers licensed and insured, and where do you operate?',
    answer:
      'Yes. Every hauler in our network is verified, licensed and insured. We serve all 50 states, connecting homeowners with local haulers in big cities, suburbs and smaller towns alike. Enter your ZIP code with your quote request and we match you with a hauler who serves your area.',
  },
];
