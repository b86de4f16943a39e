// How every job action answers: the request as the link sees it (the job included), a 400 naming
// the field, a 409 with the request as it is, or a 502 when the change is stored but its email
// could not go yet (a retry sends only what is unsent).
import { apiError, jsonResult } from '../shared/runtime/http';
import type { JsonResult } from '../shared/runtime/http';
import type { Lead } from '../shared/models/lead-model';
import { viewAs } from '../shared/auth/link-view';
import type { LinkHolder } from '../shared/auth/link-view';
import { createMailer, leadLedger } from '../shared/mail/mailer';
import type { Mail } from '../shared/mail/mailer';
import type { JobDeps } from './job-deps';
import { firstMessagePerField } from '#contract/core/fields';
import { LOOP_MESSAGES } from '#contract/loop/quote-loop';

export function badRequest(
  issues: ReadonlyArray<{ code: string; path: PropertyKey[]; message: string }>,
): JsonResult {
  return jsonResult(
    400,
    apiError(
      'invalid_request',
      issues[0]?.message ?? LOOP_MESSAGES.unexpected,
      firstMessagePerField(issues),
    ),
  );
}

/** A 400 for one field the schema cannot judge alone (a price equal to the current one). */
export function fieldError(field: string, message: string): JsonResult {
  return badRequest([{ code: 'custom', path: [field], message }]);
}

export async function refused(
  message: string,
  lead: Lead,
  holder: LinkHolder,
  deps: JobDeps,
): Promise<JsonResult> {
  return jsonResult(409, {
    ...apiError('conflict', message),
    lead: await viewAs(lead, holder, deps),
  });
}

/** 200 with the request as it now is, or 502 when an email of the change failed this time. */
export async function answered(
  sent: boolean,
  lead: Lead,
  holder: LinkHolder,
  deps: JobDeps,
): Promise<JsonResult> {
  const view = await viewAs(lead, holder, deps);
  if (!sent) {
    return jsonResult(502, { ...apiError('email_failed', LOOP_MESSAGES.emailRetry), lead: view });
  }
  return jsonResult(200, { lead: view });
}

/** Each mail claimed on the lead under its key: sent once, whatever retries or races. */
export async function deliverAll(
  lead: Lead,
  mails: readonly Mail[],
  deps: JobDeps,
): Promise<boolean> {
  const mailer = createMailer(deps, 'job');
  const ledger = leadLedger(deps.table, lead);
  let allSent = true;
  for (const mail of mails) {
    if ((await mailer.deliver(ledger, mail)) === 'failed') allSent = false;
  }
  return allSent;
}
