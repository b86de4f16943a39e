/** The spec's marketing texts, letter for letter, in one place. */
export const PRODUCT = 'Bulk Trash';

export const hero = {
  heading: 'Nationwide Bulk Trash Pickup',
  subtext:
    "Don't wait weeks for city pickup. Get matched with local haulers for same-day or next-day service.",
  cta: 'Get My Free Quote',
} as const;

/** '{place} {product} Pickup', the hero title of state and city pages. */
export function placeHeading(place: string): string {
  return `${place} ${PRODUCT} Pickup`;
}

export const howItWorks = {
  heading: 'How It Works',
  steps: [
    {
      title: 'Upload Photos',
      text: 'Take a few photos of your bulk trash from different angles and upload them with your request.',
    },
    {
      title: 'Enter Your Info',
      text: 'Add your zip code and contact details so we can find local haulers near you.',
    },
    {
      title: 'Get Picked Up',
      text: 'We connect you with a local hauler who can pick up your junk as soon as today.',
    },
  ],
} as const;

export const trust = {
  heading: 'Trusted by Homeowners Nationwide',
  claims: [
    { figure: '4.9/5', label: 'Rated by customers' },
    { figure: '250+', label: 'Verified haulers nationwide' },
    { figure: 'Thousands', label: 'Of pickups completed' },
  ],
} as const;

export const sectionHeadings = {
  quoteForm: 'Get Your Free Quote',
  quoteFormIntro:
    'Describe your junk, add 2 to 10 photos or a short video, and we will match you with a local hauler.',
  mainFaq: 'Frequently Asked Questions',
  whyChooseUs: 'Why Choose Us',
  cities: (stateName: string) => `Cities We Serve in ${stateName}`,
  stateFaq: (stateName: string) => `${stateName} Bulk Trash Removal FAQs`,
  arizonaBlock: 'Serving All of Arizona',
} as const;

export const callToAction = {
  heading: 'Ready to Clear Out Your Junk?',
  text: 'Snap a few photos, tell us where you are, and get a flat-rate quote with no hidden fees.',
  button: 'Upload Photos for a Free Quote',
} as const;

export const cityLinkLabel = 'Get started →';
export const backToArizona = '← Back to Arizona';
export const blogCta = 'Get Your Free Quote';

export const notFound = {
  heading: '404',
  text: 'Oops! Page not found',
  link: 'Return to Home',
} as const;

export const COPYRIGHT_YEAR = 2025;
