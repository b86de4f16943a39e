// Which action answers each of the job's paths.
import type { PathRoutes } from '../shared/http';
import type { JobDeps } from './job-deps';
import { jobDone } from './job-done';
import { jobProof } from './job-proof';
import { jobUploadUrls } from './job-uploads';
import { JOB_API_PATHS } from '#contract/jobs';

export const JOB_ROUTES: PathRoutes<JobDeps> = {
  [JOB_API_PATHS.uploadUrls]: jobUploadUrls,
  [JOB_API_PATHS.done]: jobDone,
  [JOB_API_PATHS.proof]: jobProof,
};
