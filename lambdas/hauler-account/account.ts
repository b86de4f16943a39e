/**
 * The hauler's own page behind their "Open your hauler page" link: read it, change radius or
 * phone, pause and resume. The link must carry the hauler's current linkVersion, so a fresh link
 * or a removal ends every older one; each change is the store's conditional write.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { authoriseLink } from '../shared/auth/link-auth';
import { invalidLinkResult, refusedLinkResult } from '../shared/auth/link-results';
import { haulerRatingOf } from '../shared/haulers/hauler-rules';
import {
  changeHaulerDetails,
  getHauler,
  pauseHauler,
  resumeHauler,
} from '../shared/haulers/hauler-store';
import type { HaulerChange } from '../shared/haulers/hauler-store';
import type { Hauler } from '../shared/models/hauler-model';
import { coverageView, haulerProfileView } from '../shared/haulers/hauler-view';
import { apiError, invalidRequest, jsonResult } from '../shared/runtime/http';
import { haulerWork } from './work';
import type { JsonResult } from '../shared/runtime/http';
import type { LinkMailDeps } from '../shared/handlers/deps';
import type { Payments } from '../shared/payments/payments-from-env';
import { utcToday } from '#contract/core/calendar-date';
import {
  accountChangeRequestSchema,
  tokenOnlyRequestSchema,
} from '#contract/haulers/hauler-api-schemas';
import type { AccountChange } from '#contract/haulers/hauler-api-schemas';
import type { HaulerAccountView } from '#contract/haulers/hauler-api';
import { HAULER_STATUS_MESSAGES, haulerEventsAllowed } from '#contract/haulers/hauler-status';
import { pauseUntilError } from '#contract/haulers/haulers';

export interface HaulerAccountDeps extends LinkMailDeps {
  s3: S3Client;
  bucket: string;
  /** Seconds a renewal upload URL lives. */
  uploadUrlSeconds: number;
  /** The stage's stated setting; on, the Stripe module "Set up payouts" calls (decision 055). */
  payments: Payments;
}

/** The page as it now is, with the hauler's work listed (decision 052). */
export async function accountView(
  hauler: Hauler,
  deps: HaulerAccountDeps,
): Promise<HaulerAccountView> {
  const allowed = haulerEventsAllowed(hauler.status, {
    pausedForInsurance: hauler.pausedForInsurance === true,
    pausedForStrike: hauler.pausedForStrike === true,
  });
  return {
    hauler: haulerProfileView(hauler),
    coverage: await coverageView(hauler),
    renewalPending: hauler.renewal !== undefined,
    can: {
      changeDetails: allowed.includes('change-details'),
      pause: allowed.includes('pause'),
      resume: allowed.includes('resume'),
      renewCertificate: allowed.includes('renew-certificate'),
    },
    rating: haulerRatingOf(hauler),
    strikes: (hauler.strikes ?? []).map(({ kind, reference, at }) => ({ kind, reference, at })),
    work: await haulerWork(deps, hauler, deps.payments.setting),
    ...(deps.payments.setting === 'on'
      ? { payouts: { state: hauler.payouts?.state ?? 'not-started' } }
      : {}),
  };
}

export async function accountResult(
  statusCode: number,
  hauler: Hauler,
  deps: HaulerAccountDeps,
): Promise<JsonResult> {
  return jsonResult(statusCode, { account: await accountView(hauler, deps) });
}

/** 409 with the sentence and the page as it now is. */
export async function refusedResult(
  message: string,
  hauler: Hauler,
  deps: HaulerAccountDeps,
): Promise<JsonResult> {
  return jsonResult(409, {
    ...apiError('conflict', message),
    account: await accountView(hauler, deps),
  });
}

export async function readAccount(
  body: Record<string, unknown>,
  deps: HaulerAccountDeps,
): Promise<JsonResult> {
  const auth = await authoriseLink(body, deps, { hauler: ['manage'] });
  if (!auth.ok) return refusedLinkResult(auth);
  const parsed = tokenOnlyRequestSchema.safeParse(body);
  if (!parsed.success) {
    const { statusCode, body: error } = invalidRequest(parsed.error.issues);
    return jsonResult(statusCode, error);
  }
  return accountResult(200, auth.hauler, deps);
}

/** A change that keeps losing races is answered like a refusal, with the page as it now is. */
const CHANGE_ATTEMPTS = 3;

function applyChange(change: AccountChange, haulerId: string, deps: HaulerAccountDeps) {
  const options = { now: deps.now() };
  switch (change.kind) {
    case 'details': {
      const { kind: _kind, ...details } = change;
      return changeHaulerDetails(deps.table, haulerId, { ...options, details });
    }
    case 'pause':
      return pauseHauler(deps.table, haulerId, { ...options, until: change.until });
    case 'resume':
      return resumeHauler(deps.table, haulerId, options);
  }
}

export async function changeAccount(
  body: Record<string, unknown>,
  deps: HaulerAccountDeps,
): Promise<JsonResult> {
  const auth = await authoriseLink(body, deps, { hauler: ['manage'] });
  if (!auth.ok) return refusedLinkResult(auth);
  const parsed = accountChangeRequestSchema.safeParse(body);
  if (!parsed.success) {
    const { statusCode, body: error } = invalidRequest(parsed.error.issues);
    return jsonResult(statusCode, error);
  }
  const { change } = parsed.data;
  if (change.kind === 'pause') {
    const problem = pauseUntilError(change.until, utcToday(deps.now()));
    if (problem !== undefined) {
      const { statusCode, body: error } = invalidRequest([
        { code: 'custom', path: ['until'], message: problem },
      ]);
      return jsonResult(statusCode, error);
    }
  }
  let result: HaulerChange = { ok: false, reason: 'not-found' };
  for (let attempt = 0; attempt < CHANGE_ATTEMPTS; attempt += 1) {
    result = await applyChange(change, auth.hauler.haulerId, deps);
    if (result.ok || result.reason !== 'conflict') break;
  }
  if (result.ok) return accountResult(200, result.hauler, deps);
  if (result.reason === 'refused') return refusedResult(result.message, result.hauler, deps);
  if (result.reason === 'conflict') {
    return refusedResult(HAULER_STATUS_MESSAGES.contended, result.hauler, deps);
  }
  // Forgotten between the link's check and the change.
  const gone = await getHauler(deps.table, auth.hauler.haulerId);
  return gone === undefined ? invalidLinkResult() : accountResult(200, gone, deps);
}
