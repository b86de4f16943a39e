// Which action answers each of the job's paths.
import type { PathRoutes } from '../shared/http';
import type { JobDeps } from './job-deps';
import { rateJob } from './rating';
import { JOB_API_PATHS } from '#contract/jobs';

export const JOB_ROUTES: PathRoutes<JobDeps> = {
  [JOB_API_PATHS.rating]: rateJob,
};
