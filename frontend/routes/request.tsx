import { RequestPage } from '../features/quote-loop/request-page';
import { paths } from '../shared/paths';
import { pageMeta } from '../shared/seo';
import { SITE_NAME } from '../shared/site';

/** Behind a signed link: never indexed; the pre-rendered page is an empty shell. */
export function meta() {
  return pageMeta({
    title: `Your pickup request | ${SITE_NAME}`,
    description:
      'See the status of your bulk trash pickup request, and accept or decline your quote.',
    path: paths.request,
    noindex: true,
  });
}

export default function Request() {
  return <RequestPage />;
}
