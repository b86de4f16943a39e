// The copy of /haulers. Texts the pages and emails share (the button, "Check your email") live in
// the contract (#contract/hauler-api); this is what only the page says.
import { HAULERS_PAGE_PAYMENT } from '#contract/money/payments';

export const haulersPage = {
  /** The h1, the breadcrumb and the footer's link: the name for the page. */
  title: 'Haul with us',
  metaTitle: 'Haul with us: bulk trash pickup jobs near you, no lead fees',
  metaDescription:
    'Junk haulers: get bulk trash pickup jobs near you with photos, load size and pickup window before you quote. No lead fees, no app, no account.',
  subtitle:
    'Bulk trash pickup jobs near you, with photos, load size and pickup window before you quote. No lead fees, no app, no account: everything works from your email.',
  gets: {
    heading: 'What you get',
    items: [
      {
        title: 'Jobs near you, details first',
        text: 'Requests within your service radius reach you within minutes, with the photos, the load size and the pickup window, before you quote.',
      },
      {
        title: 'No lead fees',
        text: 'You never pay to see a job or to quote it. One flat-rate quote per job, and the homeowner chooses.',
      },
      {
        title: 'The contact only when you are hired',
        text: "Nobody's name, phone or address is sold around: the homeowner's contact reaches you once they accept your quote, and no other hauler gets it.",
      },
      {
        title: 'No app, no account',
        text: 'Quotes, bookings and your hauler page all open from signed links in your email.',
      },
      HAULERS_PAGE_PAYMENT,
    ],
  },
  checks: {
    heading: 'What we check',
    items: [
      'Your email address, confirmed from a link we send you.',
      'Your insurance certificate, read by a person before you get any job. We remind you 30 days before it expires and pause your jobs on the day it does.',
      'Your license number, if your state or city requires one.',
      'Where you work: your base ZIP code and how far you drive from it.',
    ],
  },
  /** The rules themselves come from the contract, at build time (strike-rules.ts). */
  rules: { id: 'strike-rules', heading: 'How we keep jobs honest' },
  formHeading: 'Apply to haul with us',
  formIntro: 'It takes two minutes. Have your insurance certificate ready as a PDF or a photo.',
} as const;
