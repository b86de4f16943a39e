// Which action answers each of the job's paths.
import type { PathRoutes } from '../shared/runtime/http';
import { cantDoJob, onMyWay, requestPriceChange } from './hauler-actions';
import { decidePriceChange, giveAddress, reportProblem } from './homeowner-actions';
import type { JobDeps } from './job-deps';
import { jobDone } from './proof/job-done';
import { jobProof } from './proof/job-proof';
import { jobUploadUrls } from './proof/job-uploads';
import { answerQuestion, askQuestion } from './questions';
import { updateCard } from './card-update';
import { rateJob } from './rating/rating';
import { recordStrike } from '../shared/haulers/hauler-strikes';
import { JOB_API_PATHS } from '#contract/loop/jobs';

export const JOB_ROUTES: PathRoutes<JobDeps> = {
  [JOB_API_PATHS.address]: giveAddress,
  [JOB_API_PATHS.onMyWay]: onMyWay,
  [JOB_API_PATHS.priceChange]: requestPriceChange,
  [JOB_API_PATHS.priceDecision]: decidePriceChange,
  // A job given up within 24 hours of its pickup is a strike.
  [JOB_API_PATHS.cantDo]: cantDoJob((deps, haulerId, request) =>
    recordStrike(deps, haulerId, 'late-cancel', { ...request, at: request.at.toISOString() }),
  ),
  [JOB_API_PATHS.problem]: reportProblem,
  [JOB_API_PATHS.uploadUrls]: jobUploadUrls,
  [JOB_API_PATHS.done]: jobDone,
  [JOB_API_PATHS.proof]: jobProof,
  [JOB_API_PATHS.rating]: rateJob,
  [JOB_API_PATHS.question]: askQuestion,
  [JOB_API_PATHS.answer]: answerQuestion,
  [JOB_API_PATHS.updateCard]: updateCard,
};
