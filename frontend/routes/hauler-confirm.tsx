import { HaulerConfirmPage } from '../features/hauler/confirm-page';
import { paths } from '../shared/paths';
import { pageMeta } from '../shared/seo';
import { SITE_NAME } from '../shared/site';
import { HAULER_TEXTS } from '#contract/haulers/hauler-api';

/** Behind a signed link: never indexed; the pre-rendered page is an empty shell. */
export function meta() {
  return pageMeta({
    title: `${HAULER_TEXTS.confirmButton} | ${SITE_NAME}`,
    description: 'Confirm the email address of your hauler application.',
    path: paths.haulerConfirm,
    noindex: true,
  });
}

export default function HaulerConfirm() {
  return <HaulerConfirmPage />;
}
