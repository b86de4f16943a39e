// Which action answers each of the job's paths.
import type { PathRoutes } from '../shared/http';
import { cantDoJob, onMyWay, requestPriceChange } from './hauler-actions';
import { decidePriceChange, giveAddress, reportProblem } from './homeowner-actions';
import type { JobDeps } from './job-deps';
import { jobDone } from './job-done';
import { jobProof } from './job-proof';
import { jobUploadUrls } from './job-uploads';
import { JOB_API_PATHS } from '#contract/jobs';

export const JOB_ROUTES: PathRoutes<JobDeps> = {
  [JOB_API_PATHS.address]: giveAddress,
  [JOB_API_PATHS.onMyWay]: onMyWay,
  [JOB_API_PATHS.priceChange]: requestPriceChange,
  [JOB_API_PATHS.priceDecision]: decidePriceChange,
  [JOB_API_PATHS.cantDo]: cantDoJob(),
  [JOB_API_PATHS.problem]: reportProblem,
  [JOB_API_PATHS.uploadUrls]: jobUploadUrls,
  [JOB_API_PATHS.done]: jobDone,
  [JOB_API_PATHS.proof]: jobProof,
};
