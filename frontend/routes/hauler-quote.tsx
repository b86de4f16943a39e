import { HaulerQuotePage } from '../features/hauler/offer/hauler-quote-page';
import { paths } from '../shared/paths';
import { pageMeta } from '../shared/seo';
import { SITE_NAME } from '../shared/site';

/** Behind a hauler's offer link: never indexed; the pre-rendered page is an empty shell. */
export function meta() {
  return pageMeta({
    title: `A job near you | ${SITE_NAME}`,
    description: 'A bulk trash pickup job near you: photos, size and window, and your quote.',
    path: paths.haulerQuote,
    noindex: true,
  });
}

export default function HaulerQuote() {
  return <HaulerQuotePage />;
}
