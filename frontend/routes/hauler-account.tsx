import { HaulerAccountPage } from '../features/hauler/account/account-page';
import { paths } from '../shared/paths';
import { pageMeta } from '../shared/seo';
import { SITE_NAME } from '../shared/site';

/** Behind a signed link: never indexed; the pre-rendered page is an empty shell. */
export function meta() {
  return pageMeta({
    title: `Your hauler page | ${SITE_NAME}`,
    description: 'Your profile, coverage and insurance as a hauler.',
    path: paths.haulerAccount,
    noindex: true,
  });
}

export default function HaulerAccount() {
  return <HaulerAccountPage />;
}
