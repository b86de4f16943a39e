// Which action answers each of the job's paths.
import type { PathRoutes } from '../shared/http';
import type { JobDeps } from './job-deps';

export const JOB_ROUTES: PathRoutes<JobDeps> = {};
