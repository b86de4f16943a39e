/** One card of the 'Why Choose Us' grid. */
export interface Benefit {
  title: string;
  text: string;
}

/** The six cards of the 'Why Choose Us' grid. */
export const whyChooseUs: readonly Benefit[] = [
  {
    title: 'Same-Day or Next-Day Pickup',
    text: 'Skip the weeks-long wait for city collection. Local haulers can often pick up your junk today or tomorrow.',
  },
  {
    title: 'Flat-Rate, No Hidden Fees',
    text: 'Your quote is a flat rate based on the volume and type of your items, with no hidden fees added on pickup day.',
  },
  {
    title: 'Quotes Within Minutes',
    text: 'Upload a few photos and describe what needs to go. Quotes typically arrive within minutes.',
  },
  {
    title: 'Verified, Insured Haulers',
    text: 'Every hauler in our network is verified, licensed and insured before taking on your job.',
  },
  {
    title: 'Service in All 50 States',
    text: 'From big cities to small towns, we connect homeowners with local haulers in all 50 states.',
  },
  {
    title: 'Rated 4.9/5 by Customers',
    text: 'Customers rate us 4.9 out of 5, and our 250+ verified haulers nationwide are ready to help.',
  },
];
