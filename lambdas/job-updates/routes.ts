// Which action answers each of the job's paths.
import type { PathRoutes } from '../shared/http';
import type { JobDeps } from './job-deps';
import { cantDoJob, onMyWay, requestPriceChange } from './hauler-actions';
import { decidePriceChange, giveAddress, reportProblem } from './homeowner-actions';
import { JOB_API_PATHS } from '#contract/jobs';

export const JOB_ROUTES: PathRoutes<JobDeps> = {
  [JOB_API_PATHS.address]: giveAddress,
  [JOB_API_PATHS.onMyWay]: onMyWay,
  [JOB_API_PATHS.priceChange]: requestPriceChange,
  [JOB_API_PATHS.priceDecision]: decidePriceChange,
  [JOB_API_PATHS.cantDo]: cantDoJob(),
  [JOB_API_PATHS.problem]: reportProblem,
};
