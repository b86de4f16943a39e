import { HaulerJobPage } from '../features/hauler/job/hauler-job-page';
import { paths } from '../shared/paths';
import { pageMeta } from '../shared/seo';
import { SITE_NAME } from '../shared/site';

/** Behind a hauler's job link: never indexed; the pre-rendered page is an empty shell. */
export function meta() {
  return pageMeta({
    title: `Your job | ${SITE_NAME}`,
    description: 'The job you were booked for: the homeowner, the address and the job’s buttons.',
    path: paths.haulerJob,
    noindex: true,
  });
}

export default function HaulerJob() {
  return <HaulerJobPage />;
}
