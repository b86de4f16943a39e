// The links the job's emails carry: the homeowner's request page (view or a price change) and the
// accepted hauler's job page; and the configuration set each party's mail goes through.
import { acceptedStoredQuote } from '../shared/jobs/lead-job';
import type { Lead } from '../shared/models/lead-model';
import { linkClaims, linkUrl, signLink } from '../shared/links/signed-links';
import type { JobDeps } from './job-deps';
import { HAULER_PAGE_PATHS, LOOP_PAGE_PATHS } from '#contract/core/pages';
import type { LinkAction } from '#contract/loop/quote-loop';

export async function homeownerLink(
  deps: JobDeps,
  lead: Lead,
  action: Extract<LinkAction, 'view' | 'price'>,
  number = 0,
): Promise<string> {
  const { current } = await deps.secrets();
  const claims = linkClaims(lead.submissionId, 'homeowner', action, deps.now(), number);
  return linkUrl(deps.publicBaseUrl, LOOP_PAGE_PATHS.request, signLink(claims, current));
}

/** The accepted hauler's job link: their offer's number, the job page. */
export async function jobLink(deps: JobDeps, lead: Lead): Promise<string | undefined> {
  const offer = acceptedStoredQuote(lead)?.offer;
  if (offer === undefined) return undefined;
  const { current } = await deps.secrets();
  const claims = linkClaims(lead.submissionId, 'hauler', 'job', deps.now(), offer);
  return linkUrl(deps.publicBaseUrl, HAULER_PAGE_PATHS.job, signLink(claims, current));
}

export const haulerMail = (deps: JobDeps) =>
  deps.haulerConfigurationSet === undefined
    ? {}
    : { configurationSet: deps.haulerConfigurationSet };
export const operationsMail = (deps: JobDeps) =>
  deps.operationsConfigurationSet === undefined
    ? {}
    : { configurationSet: deps.operationsConfigurationSet };
