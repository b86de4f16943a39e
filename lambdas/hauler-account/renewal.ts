/**
 * A new insurance certificate from the hauler's page: a presigned PUT into quarantine (counted per
 * hauler per day), then, once uploaded, its bytes checked and a copy kept under the private
 * documents prefix, recorded on the hauler for operations, who are emailed a review link.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { checkCertificate, keepCertificate } from '../shared/media/certificate-check';
import { haulerLinkUrl } from '../shared/links/hauler-links';
import { haulerLedger } from '../shared/haulers/hauler-mail';
import { getHauler } from '../shared/haulers/hauler-store';
import { recordRenewal } from '../shared/haulers/hauler-certificates';
import type { Hauler } from '../shared/models/hauler-model';
import { apiError, invalidRequest, jsonResult } from '../shared/runtime/http';
import type { JsonResult } from '../shared/runtime/http';
import { createMailer } from '../shared/mail/mailer';
import type { Mail } from '../shared/mail/mailer';
import { owedWithHaulerChange } from '../shared/mail/owed-with-change';
import { epochSeconds, unlessConditionFailed, DAY_MS } from '../shared/runtime/table-handle';
import type { LeadTable } from '../shared/runtime/table-handle';
import { authoriseLink } from '../shared/auth/link-auth';
import { refusedLinkResult } from '../shared/auth/link-results';
import { accountResult, accountView, refusedResult } from './account';
import type { HaulerAccountDeps } from './account';
import { renewalOperationsEmail } from './emails';
import { utcToday } from '#contract/core/calendar-date';
import { HAULER_API_MESSAGES, HAULER_COUNTED_LIMITS } from '#contract/haulers/hauler-api';
import {
  renewalUrlRequestSchema,
  tokenOnlyRequestSchema,
} from '#contract/haulers/hauler-api-schemas';
import type { CertificateUpload } from '#contract/haulers/hauler-api';
import { HAULER_STATUS_MESSAGES, decideHaulerChange } from '#contract/haulers/hauler-status';
import { CERTIFICATE_CONTENT_TYPES } from '#contract/haulers/haulers';
import { certificateFileSchema } from '#contract/haulers/hauler-schemas';
import type { CertificateFile } from '#contract/haulers/hauler-schemas';
import { haulerDocumentKey, incomingCertificateKey } from '#contract/booking/media-keys';
import { LOOP_MESSAGES } from '#contract/loop/quote-loop';
import { KEY_PREFIXES } from '#contract/core/table-keys';

const partition = (haulerId: string) => `${KEY_PREFIXES.hauler}${haulerId}`;

/** The file the hauler declared for the URL: what `renewal` checks the upload against. */
const uploadKey = (haulerId: string) => ({ pk: partition(haulerId), sk: 'RENEWAL_UPLOAD' });

interface DeclaredUpload extends CertificateFile {
  /** Epoch ms: names the kept copy, so a retry of the same upload keeps one copy. */
  issuedAt: number;
}

/** One more upload URL today, or false once the day's are used. */
async function countRenewalUrl(table: LeadTable, haulerId: string, now: Date): Promise<boolean> {
  const day = utcToday(now);
  const counted = await unlessConditionFailed(
    table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: { pk: partition(haulerId), sk: `RENEWAL_URLS#${day}` },
        UpdateExpression: 'ADD #count :one SET expiresAt = :expires',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :cap',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':cap': HAULER_COUNTED_LIMITS.renewalUrlsPerHaulerPerDay,
          ':expires': epochSeconds(Date.parse(`${day}T00:00:00Z`) + 2 * DAY_MS),
        },
      }),
    ),
  );
  return counted !== undefined;
}

/** Refused unless the hauler may renew now (active or paused). */
async function renewRefusal(
  hauler: Hauler,
  deps: HaulerAccountDeps,
): Promise<JsonResult | undefined> {
  const decision = decideHaulerChange(hauler.status, 'renew-certificate', {
    pausedForInsurance: hauler.pausedForInsurance === true,
  });
  return decision.kind === 'refuse' ? refusedResult(decision.message, hauler, deps) : undefined;
}

const badRequest = (issues: Parameters<typeof invalidRequest>[0]) => {
  const { statusCode, body } = invalidRequest(issues);
  return jsonResult(statusCode, body);
};

export async function renewalUrl(
  body: Record<string, unknown>,
  deps: HaulerAccountDeps,
): Promise<JsonResult> {
  const auth = await authoriseLink(body, deps, { hauler: ['manage'] });
  if (!auth.ok) return refusedLinkResult(auth);
  const parsed = renewalUrlRequestSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues);
  const { hauler } = auth;
  const refusal = await renewRefusal(hauler, deps);
  if (refusal !== undefined) return refusal;
  const now = deps.now();
  if (!(await countRenewalUrl(deps.table, hauler.haulerId, now))) {
    return jsonResult(429, apiError('upload_limit', HAULER_API_MESSAGES.tooManyRenewalUploads));
  }
  const { contentType, size } = parsed.data.insuranceCertificate;
  const declared: DeclaredUpload = { contentType, size, issuedAt: now.getTime() };
  await deps.table.client.send(
    new PutCommand({
      TableName: deps.table.tableName,
      Item: {
        ...uploadKey(hauler.haulerId),
        ...declared,
        expiresAt: epochSeconds(now.getTime() + 2 * DAY_MS),
      },
    }),
  );
  const key = incomingCertificateKey(hauler.haulerId, CERTIFICATE_CONTENT_TYPES[contentType]);
  // Type and length signed; no If-None-Match: a second upload today replaces the first, and the
  // check copies only the bytes it read (by ETag).
  const url = await getSignedUrl(
    deps.s3,
    new PutObjectCommand({
      Bucket: deps.bucket,
      Key: key,
      ContentType: contentType,
      ContentLength: size,
    }),
    { expiresIn: deps.uploadUrlSeconds, signableHeaders: new Set(['content-type']) },
  );
  const answer: CertificateUpload = { url, headers: { 'Content-Type': contentType } };
  return jsonResult(200, answer);
}

async function declaredUpload(
  table: LeadTable,
  haulerId: string,
): Promise<DeclaredUpload | undefined> {
  const read = await table.client.send(
    new GetCommand({ TableName: table.tableName, Key: uploadKey(haulerId), ConsistentRead: true }),
  );
  const file = certificateFileSchema.safeParse({
    contentType: read.Item?.contentType,
    size: read.Item?.size,
  });
  const issuedAt = Number(read.Item?.issuedAt);
  return file.success && Number.isSafeInteger(issuedAt) ? { ...file.data, issuedAt } : undefined;
}

const notUploaded = () =>
  badRequest([
    {
      code: 'custom',
      path: ['insuranceCertificate'],
      message: HAULER_API_MESSAGES.certificateNotUploaded,
    },
  ]);

/** Operations' review request for the hauler's recorded renewal. */
async function renewalMail(
  hauler: Hauler,
  declared: DeclaredUpload,
  deps: HaulerAccountDeps,
): Promise<Mail> {
  const stored = hauler.renewal;
  if (stored === undefined) throw new Error('A recorded renewal is missing');
  const reviewLink = await haulerLinkUrl(
    deps,
    hauler,
    { role: 'operations', action: 'review' },
    deps.now(),
  );
  return {
    key: `renewal-${declared.issuedAt}`,
    to: deps.operationsAddress,
    ...(deps.operationsConfigurationSet === undefined
      ? {}
      : { configurationSet: deps.operationsConfigurationSet }),
    message: renewalOperationsEmail(hauler, stored, reviewLink),
  };
}

export async function renewal(
  body: Record<string, unknown>,
  deps: HaulerAccountDeps,
): Promise<JsonResult> {
  const auth = await authoriseLink(body, deps, { hauler: ['manage'] });
  if (!auth.ok) return refusedLinkResult(auth);
  const parsed = tokenOnlyRequestSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues);
  let { hauler } = auth;
  const refusal = await renewRefusal(hauler, deps);
  if (refusal !== undefined) return refusal;
  const declared = await declaredUpload(deps.table, hauler.haulerId);
  if (declared === undefined) return notUploaded();
  const name = `certificate-${declared.issuedAt}`;
  const extension = CERTIFICATE_CONTENT_TYPES[declared.contentType];
  const now = deps.now();

  let written: Mail | undefined;
  // The same upload again (a double press, a retry after a failed email): kept once.
  if (hauler.renewal?.key !== haulerDocumentKey(hauler.haulerId, name, extension)) {
    const checked = await checkCertificate(deps, hauler.haulerId, declared);
    const kept = checked.ok ? await keepCertificate(deps, checked.checked, name, now) : checked;
    if (!kept.ok) {
      return badRequest([
        { code: 'custom', path: ['insuranceCertificate'], message: kept.message },
      ]);
    }
    // Operations' email is stored with the renewal (decision 059).
    const owed = owedWithHaulerChange(deps, async (next) => [
      await renewalMail(next, declared, deps),
    ]);
    const recorded = await recordRenewal(deps.table, hauler.haulerId, {
      now,
      renewal: kept.document,
      beside: owed.beside,
    });
    if (!recorded.ok) {
      if (recorded.reason === 'not-found') return notUploaded();
      const message =
        recorded.reason === 'refused' ? recorded.message : HAULER_STATUS_MESSAGES.contended;
      return refusedResult(message, recorded.hauler, deps);
    }
    hauler = recorded.hauler;
    written = owed.written(recorded)[0];
  }
  const mailer = createMailer(deps, 'hauler account');
  const ledger = await haulerLedger(deps.table, hauler.haulerId);
  const sent = await mailer.deliver(ledger, written ?? (await renewalMail(hauler, declared, deps)));
  console.info('hauler account: renewal', { haulerId: hauler.haulerId, sent });
  const latest = (await getHauler(deps.table, hauler.haulerId)) ?? hauler;
  if (sent === 'failed') {
    return jsonResult(502, {
      ...apiError('email_failed', LOOP_MESSAGES.emailRetry),
      account: await accountView(latest, deps),
    });
  }
  return accountResult(200, latest, deps);
}
