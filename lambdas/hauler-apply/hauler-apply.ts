/**
 * The public half of the hauler side: a presigned PUT for the certificate, the application, and
 * the applicant's "Confirm my email". Every limit assumes a script on the other end: URLs counted
 * per application, emails per address, applications per day. The application is stored before
 * its email; operations hear of it only once the address is proven (decision 031). The
 * application's id is minted by the certificate URL, never chosen by the client (decision 044).
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  HAULER_APPLICATIONS_COUNTER,
  countCertificateUrl,
  countDailyConfirmation,
  isMintedApplication,
  mintApplicationId,
  reserveHaulerEmail,
} from '../shared/runtime/abuse-counters';
import { checkCertificate, keepCertificate } from '../shared/media/certificate-check';
import { findServedZip } from '../shared/haulers/coverage';
import { confirmEmail, operationsReviewEmail } from '../shared/haulers/hauler-emails';
import { haulerLinkUrl } from '../shared/links/hauler-links';
import { authoriseLink } from '../shared/auth/link-auth';
import { haulerLedger } from '../shared/haulers/hauler-mail';
import {
  confirmHaulerEmail,
  createHauler,
  getHauler,
  newHauler,
} from '../shared/haulers/hauler-store';
import type { Hauler } from '../shared/models/hauler-model';
import { apiError, invalidRequest, jsonResult } from '../shared/runtime/http';
import type { JsonResult } from '../shared/runtime/http';
import type { LinkSecretLoader } from '../shared/links/link-secret';
import { createMailer } from '../shared/mail/mailer';
import type { Mail, MailResult, MailerDeps } from '../shared/mail/mailer';
import { markKept, owedItems } from '../shared/mail/outbox';
import { owedWithHaulerChange } from '../shared/mail/owed-with-change';
import { invalidLinkResult, refusedLinkResult } from '../shared/auth/link-results';
import type { LeadTable } from '../shared/runtime/table-handle';
import { isHoneypotFilled } from '#contract/booking/booking';
import { HAULER_API_MESSAGES } from '#contract/haulers/hauler-api';
import {
  certificateUrlRequestSchema,
  tokenOnlyRequestSchema,
} from '#contract/haulers/hauler-api-schemas';
import type { ApplicationCertificateUpload, HaulerApplyAnswer } from '#contract/haulers/hauler-api';
import { CERTIFICATE_CONTENT_TYPES, HAULER_MESSAGES } from '#contract/haulers/haulers';
import { haulerApplicationRequestSchema } from '#contract/haulers/hauler-schemas';
import type { HaulerApplicationRequest } from '#contract/haulers/hauler-schemas';
import { incomingCertificateKey } from '#contract/booking/media-keys';
import { LOOP_MESSAGES } from '#contract/loop/quote-loop';

export interface HaulerApplyDeps extends MailerDeps {
  table: LeadTable;
  s3: S3Client;
  bucket: string;
  secrets: LinkSecretLoader;
  publicBaseUrl: string;
  operationsAddress: string;
  applicationDailyCap: number;
  /** Seconds a certificate upload URL stays valid. */
  uploadUrlSeconds: number;
  haulerConfigurationSet?: string;
  operationsConfigurationSet?: string;
}

const CONFIRM_MAIL = 'confirm';
const OPERATIONS_MAIL = 'operations-review';

const APPLIED: HaulerApplyAnswer = { ok: true };

const fieldError = (status: number, field: string, message: string): JsonResult =>
  jsonResult(status, apiError('invalid_request', message, { [field]: message }));

const badRequest = (issues: Parameters<typeof invalidRequest>[0]): JsonResult => {
  const { statusCode, body } = invalidRequest(issues);
  return jsonResult(statusCode, body);
};

const tooMany = (message: string): JsonResult =>
  jsonResult(429, apiError('limit_reached', message));

/** An id this function never minted (or minted too long ago): the client cannot name one. */
const unknownApplication = (): JsonResult =>
  fieldError(400, 'applicationId', HAULER_MESSAGES.applicationIdUnknown);

/** A presigned PUT for the certificate, and the application's id: minted here, or the retry's. */
export async function certificateUrl(
  body: Record<string, unknown>,
  deps: HaulerApplyDeps,
): Promise<JsonResult> {
  const parsed = certificateUrlRequestSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues);
  const { insuranceCertificate } = parsed.data;
  let { applicationId } = parsed.data;
  if (applicationId === undefined) {
    applicationId = await mintApplicationId(deps.table, deps.now());
  } else {
    const counted = await countCertificateUrl(deps.table, applicationId, deps.now());
    if (counted === 'unknown') return unknownApplication();
    if (counted === 'limit') {
      return jsonResult(429, apiError('upload_limit', HAULER_API_MESSAGES.tooManyCertificateUrls));
    }
  }
  const { contentType, size } = insuranceCertificate;
  const command = new PutObjectCommand({
    Bucket: deps.bucket,
    Key: incomingCertificateKey(applicationId, CERTIFICATE_CONTENT_TYPES[contentType]),
    ContentType: contentType,
    ContentLength: size,
  });
  // Type and length are signed: the PUT cannot carry another kind or size of file.
  const url = await getSignedUrl(deps.s3, command, {
    expiresIn: deps.uploadUrlSeconds,
    signableHeaders: new Set(['content-type']),
  });
  const answer: ApplicationCertificateUpload = {
    applicationId,
    url,
    headers: { 'Content-Type': contentType },
  };
  return jsonResult(200, answer);
}

/** The "Confirm my email" email of an application. */
async function confirmMail(hauler: Hauler, deps: HaulerApplyDeps): Promise<Mail> {
  const link = await haulerLinkUrl(
    deps,
    hauler,
    { role: 'applicant', action: 'confirm' },
    deps.now(),
  );
  return {
    key: CONFIRM_MAIL,
    to: hauler.email,
    configurationSet: deps.haulerConfigurationSet,
    message: confirmEmail(hauler, link),
  };
}

/**
 * `reserve`: count it against the address's allowance here (a new application already has).
 * `stored`: the email as the application's write stored it (decision 059).
 */
async function sendConfirmLink(
  hauler: Hauler,
  deps: HaulerApplyDeps,
  reserve: boolean,
  stored?: Mail,
): Promise<JsonResult> {
  const ledger = await haulerLedger(deps.table, hauler.haulerId);
  const status = ledger.status(CONFIRM_MAIL);
  if (status === 'sent' || status === 'sending') return jsonResult(200, APPLIED);
  if (reserve && (await reserveHaulerEmail(deps.table, hauler.email, deps.now())) === 'limit') {
    return tooMany(HAULER_API_MESSAGES.tooManyEmails);
  }
  const result = await createMailer(deps, 'hauler-apply').deliver(
    ledger,
    stored ?? (await confirmMail(hauler, deps)),
  );
  if (result === 'failed') {
    return jsonResult(502, apiError('email_failed', LOOP_MESSAGES.emailRetry));
  }
  return jsonResult(200, APPLIED);
}

/** A new application: its certificate, the address's allowance, the day's cap, then the item. */
async function storeApplication(
  application: HaulerApplicationRequest,
  deps: HaulerApplyDeps,
): Promise<JsonResult> {
  const now = deps.now();
  const check = await checkCertificate(
    deps,
    application.applicationId,
    application.insuranceCertificate,
  );
  if (!check.ok) return fieldError(400, 'insuranceCertificate', check.message);
  // The address first, so that one flooded address cannot use up the day's applications.
  if ((await reserveHaulerEmail(deps.table, application.email, now)) === 'limit') {
    return tooMany(HAULER_API_MESSAGES.tooManyEmails);
  }
  const day = await countDailyConfirmation(
    deps.table,
    now,
    deps.applicationDailyCap,
    HAULER_APPLICATIONS_COUNTER,
  );
  if (day.outcome === 'daily-cap') return tooMany(HAULER_API_MESSAGES.tooManyApplications);
  const kept = await keepCertificate(deps, check.checked, 'certificate', now);
  if (!kept.ok) return fieldError(400, 'insuranceCertificate', kept.message);
  const hauler: Hauler = { ...newHauler(application, now), certificate: kept.document };
  // Rendered before the write and stored with it: a call dying after it loses no email.
  const mail = await confirmMail(hauler, deps);
  const items =
    deps.outbox === undefined
      ? []
      : owedItems({ kind: 'hauler', id: hauler.haulerId }, [mail], deps.now());
  const stored = await createHauler(deps.table, hauler, items);
  // A concurrent duplicate that stored first also sends; the ledger lets only one through.
  if (stored.outcome === 'exists') return sendConfirmLink(stored.hauler, deps, false);
  return sendConfirmLink(stored.hauler, deps, false, markKept([mail], items)[0]);
}

export async function apply(
  body: Record<string, unknown>,
  deps: HaulerApplyDeps,
): Promise<JsonResult> {
  // A bot gets a believable success; nothing is stored or sent.
  if (isHoneypotFilled(body)) return jsonResult(200, APPLIED);
  const parsed = haulerApplicationRequestSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues);
  const application = parsed.data;
  // Before anything is read under the id: only an id minted here names an application, so none
  // is ever named after a request or another hauler (decision 044).
  if (!(await isMintedApplication(deps.table, application.applicationId, deps.now()))) {
    return unknownApplication();
  }
  if ((await findServedZip(application.baseZipCode)) === undefined) {
    return fieldError(400, 'baseZipCode', HAULER_MESSAGES.baseZipCodeUnknown);
  }
  // The same application again (a double click, "Try again" after a failed email).
  const existing = await getHauler(deps.table, application.applicationId);
  if (existing !== undefined) {
    if (existing.status !== 'applied') return jsonResult(200, APPLIED);
    return sendConfirmLink(existing, deps, true);
  }
  return storeApplication(application, deps);
}

/** Operations' notice of an application waiting for review. */
async function operationsMail(hauler: Hauler, deps: HaulerApplyDeps): Promise<Mail> {
  const link = await haulerLinkUrl(
    deps,
    hauler,
    { role: 'operations', action: 'review' },
    deps.now(),
  );
  return {
    key: OPERATIONS_MAIL,
    to: deps.operationsAddress,
    replyTo: hauler.email,
    configurationSet: deps.operationsConfigurationSet,
    message: operationsReviewEmail(hauler, link),
  };
}

/**
 * Operations hear of an application once, whatever the number of presses or retries. `stored`:
 * the notice as the confirmation's write stored it (decision 059).
 */
async function notifyOperations(
  hauler: Hauler,
  deps: HaulerApplyDeps,
  stored?: Mail,
): Promise<MailResult> {
  const ledger = await haulerLedger(deps.table, hauler.haulerId);
  return createMailer(deps, 'hauler-apply').deliver(
    ledger,
    stored ?? (await operationsMail(hauler, deps)),
  );
}

export async function confirm(
  body: Record<string, unknown>,
  deps: HaulerApplyDeps,
): Promise<JsonResult> {
  const auth = await authoriseLink(body, deps, { applicant: ['confirm'] });
  if (!auth.ok) return refusedLinkResult(auth);
  const parsed = tokenOnlyRequestSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues);
  // The notice is owed by the confirmation that leaves the application waiting for review.
  const owed = owedWithHaulerChange(deps, async (next) =>
    next.status === 'pending-review' ? [await operationsMail(next, deps)] : [],
  );
  const result = await confirmHaulerEmail(deps.table, auth.hauler.haulerId, {
    now: deps.now(),
    beside: owed.beside,
  });
  if (!result.ok) {
    if (result.reason === 'not-found') return invalidLinkResult();
    // Rejected or removed meanwhile, or a lost race: say where the application stands.
    if (result.hauler.status === 'removed') return invalidLinkResult();
    return jsonResult(200, { status: result.hauler.status });
  }
  const { hauler } = result;
  // Only an application waiting for review is news to operations.
  if (hauler.status === 'pending-review') {
    const sent = await notifyOperations(hauler, deps, owed.written(result)[0]);
    if (sent === 'failed') {
      return jsonResult(502, {
        ...apiError('email_failed', LOOP_MESSAGES.emailRetry),
        status: hauler.status,
      });
    }
  }
  return jsonResult(200, { status: hauler.status });
}
