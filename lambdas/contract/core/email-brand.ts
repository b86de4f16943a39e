// What every email carries around its body: the brand header and the footer (email-kit.ts).
import { SITE_NAME } from './site-name';

export const EMAIL_BRAND = {
  name: SITE_NAME,
  tagline: 'Same-day or next-day bulk trash pickup',
  /** Before the support address: the sender's own mailbox (decision 051). */
  supportLead: 'Questions? Write to us at',
} as const;
