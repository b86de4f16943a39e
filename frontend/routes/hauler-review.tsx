import { HaulerReviewPage } from '../features/hauler/review/review-page';
import { paths } from '../shared/paths';
import { pageMeta } from '../shared/seo';
import { SITE_NAME } from '../shared/site';

/** Behind a signed link: never indexed; the pre-rendered page is an empty shell. */
export function meta() {
  return pageMeta({
    title: `Hauler application | ${SITE_NAME}`,
    description: 'Review a hauler application.',
    path: paths.haulerReview,
    noindex: true,
  });
}

export default function HaulerReview() {
  return <HaulerReviewPage />;
}
