import { OperationsQuotePage } from '../features/quote-loop/operations-quote-page';
import { paths } from '../shared/paths';
import { pageMeta } from '../shared/seo';
import { SITE_NAME } from '../shared/site';

/** Behind a signed link: never indexed; the pre-rendered page is an empty shell. */
export function meta() {
  return pageMeta({
    title: `Send a quote | ${SITE_NAME}`,
    description: 'Send a flat-rate quote for a bulk trash pickup request.',
    path: paths.operationsQuote,
    noindex: true,
  });
}

export default function OperationsQuote() {
  return <OperationsQuotePage />;
}
