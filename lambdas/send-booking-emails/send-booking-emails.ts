/**
 * POST /api/send-booking-emails: validate a quote request, keep it, and send its two emails.
 *
 * Order matters: the lead is stored before any email, so a failing mail service never loses a
 * lead; the record then says which emails went out, so a retry with the same submission id sends
 * only the missing ones and a double click never stores or sends twice.
 */
import { randomUUID } from 'node:crypto';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
// zod/mini, like the contract: one small zod in the bundle instead of two.
import * as z from 'zod/mini';
import {
  HONEYPOT_FIELD,
  MESSAGES,
  bookingRequestSchema,
  isHoneypotFilled,
} from '../shared/quote-contract';
import type { ApiErrorBody, BookingRequest, BookingResponse } from '../shared/quote-contract';
import { describeError, isConditionalWriteConflict, isNotFound } from '../shared/aws';
import { apiError, invalidRequest, submissionIdForLog } from '../shared/http';
import { LEADS_PREFIX, keyFromPublicUrl } from '../shared/media-keys';
import { confirmationEmail, operationsEmail } from './emails';
import type { EmailMessage, LeadForEmail } from './emails';

export interface SendBookingEmailsDeps {
  s3: S3Client;
  ses: SESv2Client;
  bucket: string;
  publicBaseUrl: string;
  /** A verified SES identity, e.g. 'Bulk Trash Pickup <quotes@example.com>'. */
  sender: string;
  operationsAddress: string;
  now: () => Date;
}

export type SendBookingEmailsOutcome =
  { statusCode: 200; body: BookingResponse } | { statusCode: 400 | 500 | 502; body: ApiErrorBody };

// ---------------------------------------------------------------------------------------------
// The lead record
// ---------------------------------------------------------------------------------------------

const EMAIL_KINDS = ['confirmation', 'operations'] as const;
type EmailKind = (typeof EMAIL_KINDS)[number];

/** 'failed' is the retry marker: the next call with this submission id sends that email again. */
const emailStatusSchema = z.enum(['pending', 'sent', 'failed']);
type EmailStatus = z.output<typeof emailStatusSchema>;

const leadRecordSchema = z.object({
  version: z.literal(1),
  submissionId: z.string(),
  reference: z.string(),
  receivedAt: z.string(),
  updatedAt: z.string(),
  request: bookingRequestSchema,
  emails: z.object({ confirmation: emailStatusSchema, operations: emailStatusSchema }),
  /** The SES error name of each email's last failed attempt, for whoever follows up. */
  emailErrors: z.optional(z.partialRecord(z.enum(EMAIL_KINDS), z.string())),
});

export type LeadRecord = z.output<typeof leadRecordSchema>;

/** A short code the homeowner can quote: the submission id's first 8 hex digits, upper-cased. */
export function referenceFor(submissionId: string): string {
  return submissionId.replace(/-/g, '').slice(0, 8).toUpperCase();
}

const twoDigits = (n: number): string => String(n).padStart(2, '0');

/** `leads/{yyyy}/{mm}/{submissionId}.json`, in UTC. */
export function leadRecordKey(submissionId: string, at: Date): string {
  return `${LEADS_PREFIX}/${at.getUTCFullYear()}/${twoDigits(at.getUTCMonth() + 1)}/${submissionId}.json`;
}

/** This month's key and last month's: a retry may cross a month boundary. */
export function candidateRecordKeys(submissionId: string, now: Date): [string, string] {
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return [leadRecordKey(submissionId, now), leadRecordKey(submissionId, lastMonth)];
}

function newLeadRecord(request: BookingRequest, now: Date): LeadRecord {
  const at = now.toISOString();
  return {
    version: 1,
    submissionId: request.submissionId,
    reference: referenceFor(request.submissionId),
    receivedAt: at,
    updatedAt: at,
    request,
    emails: { confirmation: 'pending', operations: 'pending' },
  };
}

async function readLeadRecord(
  deps: SendBookingEmailsDeps,
  key: string,
): Promise<LeadRecord | undefined> {
  try {
    const object = await deps.s3.send(new GetObjectCommand({ Bucket: deps.bucket, Key: key }));
    if (object.Body === undefined) throw new Error(`Lead record ${key} has no body`);
    return z.parse(leadRecordSchema, JSON.parse(await object.Body.transformToString('utf-8')));
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

async function findLeadRecord(
  deps: SendBookingEmailsDeps,
  submissionId: string,
  now: Date,
): Promise<{ key: string; record: LeadRecord } | undefined> {
  const keys = candidateRecordKeys(submissionId, now);
  const records = await Promise.all(keys.map((key) => readLeadRecord(deps, key)));
  for (const [i, record] of records.entries()) {
    const key = keys[i];
    if (record !== undefined && key !== undefined) return { key, record };
  }
  return undefined;
}

async function writeLeadRecord(
  deps: SendBookingEmailsDeps,
  key: string,
  record: LeadRecord,
  options: { createOnly: boolean },
): Promise<void> {
  await deps.s3.send(
    new PutObjectCommand({
      Bucket: deps.bucket,
      Key: key,
      Body: JSON.stringify(record, null, 2),
      ContentType: 'application/json; charset=utf-8',
      // Create-only for the first write: S3 itself arbitrates between two concurrent duplicates.
      ...(options.createOnly ? { IfNoneMatch: '*' } : {}),
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Media checks
// ---------------------------------------------------------------------------------------------

interface MediaItem {
  url: string;
  /** How the visitor knows the file: 'Photo 2', 'The video'. */
  label: string;
  field: 'photoUrls' | 'videoUrl';
  /** 'image/' or 'video/': what S3 must report as the object's content type. */
  typePrefix: string;
  notOfType: string;
}

function mediaItems(request: BookingRequest): MediaItem[] {
  const photos = request.photoUrls.map((url, i) => ({
    url,
    label: `Photo ${i + 1}`,
    field: 'photoUrls' as const,
    typePrefix: 'image/',
    notOfType: 'is not an image',
  }));
  const video =
    request.videoUrl === undefined
      ? []
      : [
          {
            url: request.videoUrl,
            label: 'The video',
            field: 'videoUrl' as const,
            typePrefix: 'video/',
            notOfType: 'is not a video file',
          },
        ];
  return [...photos, ...video];
}

function invalidMedia(item: MediaItem, problem: string): SendBookingEmailsOutcome {
  const message = `${item.label} ${problem}.`;
  return {
    statusCode: 400,
    body: apiError('invalid_media', message, { [item.field]: message }),
  };
}

/** The content type S3 holds for the object, or undefined when there is no such object. */
async function storedContentType(
  deps: SendBookingEmailsDeps,
  key: string,
): Promise<{ exists: false } | { exists: true; contentType: string }> {
  try {
    const head = await deps.s3.send(new HeadObjectCommand({ Bucket: deps.bucket, Key: key }));
    return { exists: true, contentType: head.ContentType ?? '' };
  } catch (error) {
    if (isNotFound(error)) return { exists: false };
    throw error;
  }
}

/**
 * Every link must be a file in this submission's own folder (so nobody can make our notification
 * show someone else's photos or another site's), and the file must exist with the right kind of
 * content type. Returns the 400 answer for the first bad link, or undefined when all are good.
 */
async function checkMedia(
  request: BookingRequest,
  deps: SendBookingEmailsDeps,
): Promise<SendBookingEmailsOutcome | undefined> {
  const items = mediaItems(request);
  const keys: string[] = [];
  for (const item of items) {
    const key = keyFromPublicUrl(item.url, deps.publicBaseUrl, request.submissionId);
    if (key === undefined) {
      return invalidMedia(item, 'is not a file uploaded with this request. Please upload it again');
    }
    keys.push(key);
  }
  const stored = await Promise.all(keys.map((key) => storedContentType(deps, key)));
  for (const [i, item] of items.entries()) {
    const object = stored[i];
    if (object === undefined || !object.exists) {
      return invalidMedia(item, 'was not found. Please upload it again');
    }
    if (!object.contentType.toLowerCase().startsWith(item.typePrefix)) {
      return invalidMedia(item, item.notOfType);
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Emails
// ---------------------------------------------------------------------------------------------

function sendEmailCommand(
  message: EmailMessage,
  from: string,
  to: string,
  replyTo: string | undefined,
): SendEmailCommand {
  const utf8 = (data: string) => ({ Data: data, Charset: 'UTF-8' });
  return new SendEmailCommand({
    FromEmailAddress: from,
    Destination: { ToAddresses: [to] },
    ...(replyTo === undefined ? {} : { ReplyToAddresses: [replyTo] }),
    Content: {
      Simple: {
        Subject: utf8(message.subject),
        Body: { Html: utf8(message.html), Text: utf8(message.text) },
      },
    },
  });
}

function commandFor(
  kind: EmailKind,
  record: LeadRecord,
  deps: SendBookingEmailsDeps,
): SendEmailCommand {
  const lead: LeadForEmail = {
    reference: record.reference,
    submissionId: record.submissionId,
    receivedAt: record.receivedAt,
    request: record.request,
  };
  return kind === 'confirmation'
    ? sendEmailCommand(confirmationEmail(lead), deps.sender, record.request.email, undefined)
    : // Reply-To the homeowner, so operations can answer the lead straight from the notification.
      sendEmailCommand(
        operationsEmail(lead),
        deps.sender,
        deps.operationsAddress,
        record.request.email,
      );
}

/** Error names only: SES messages can quote the recipient's address, which does not belong in logs. */
function errorName(error: unknown): string {
  return error instanceof Error ? error.name : 'UnknownError';
}

/** Sends every email the record does not mark as sent; returns the record with the outcomes. */
async function sendUnsentEmails(
  record: LeadRecord,
  deps: SendBookingEmailsDeps,
): Promise<LeadRecord> {
  const unsent = EMAIL_KINDS.filter((kind) => record.emails[kind] !== 'sent');
  const outcomes = await Promise.all(
    unsent.map(async (kind): Promise<[EmailKind, EmailStatus, string | undefined]> => {
      try {
        await deps.ses.send(commandFor(kind, record, deps));
        return [kind, 'sent', undefined];
      } catch (error) {
        const name = errorName(error);
        console.error('send-booking-emails: email failed', {
          submissionId: record.submissionId,
          email: kind,
          error: name,
        });
        return [kind, 'failed', name];
      }
    }),
  );
  const emails = { ...record.emails };
  const emailErrors = { ...record.emailErrors };
  for (const [kind, status, errorName] of outcomes) {
    emails[kind] = status;
    if (errorName === undefined) delete emailErrors[kind];
    else emailErrors[kind] = errorName;
  }
  return {
    ...record,
    updatedAt: deps.now().toISOString(),
    emails,
    ...(Object.keys(emailErrors).length > 0 ? { emailErrors } : { emailErrors: undefined }),
  };
}

function ok(reference: string): SendBookingEmailsOutcome {
  return { statusCode: 200, body: { ok: true, reference } };
}

/** The answer for a record after a send attempt: 200 when both went out, else 502 naming what failed. */
function answerFor(record: LeadRecord): SendBookingEmailsOutcome {
  if (record.emails.confirmation !== 'sent') {
    return { statusCode: 502, body: apiError('email_failed', MESSAGES.emailFailed) };
  }
  if (record.emails.operations !== 'sent') {
    return { statusCode: 502, body: apiError('email_failed', MESSAGES.notifyFailed) };
  }
  return ok(record.reference);
}

/**
 * Sends what is unsent and records it. If only the record update fails, the emails did go out:
 * the visitor still gets the real answer (a 500 would invite a retry that sends them twice).
 */
async function deliver(
  key: string,
  record: LeadRecord,
  deps: SendBookingEmailsDeps,
): Promise<SendBookingEmailsOutcome> {
  if (EMAIL_KINDS.every((kind) => record.emails[kind] === 'sent')) return ok(record.reference);
  const updated = await sendUnsentEmails(record, deps);
  try {
    await writeLeadRecord(deps, key, updated, { createOnly: false });
  } catch (error) {
    console.error('send-booking-emails: could not record email status', {
      submissionId: record.submissionId,
      emails: updated.emails,
      error: describeError(error),
    });
  }
  return answerFor(updated);
}

/** First call: store, then send. Repeat call: send only what the stored record lacks. */
async function storeAndSend(
  request: BookingRequest,
  deps: SendBookingEmailsDeps,
): Promise<SendBookingEmailsOutcome> {
  const now = deps.now();
  const existing = await findLeadRecord(deps, request.submissionId, now);
  if (existing !== undefined) return deliver(existing.key, existing.record, deps);

  const key = leadRecordKey(request.submissionId, now);
  const record = newLeadRecord(request, now);
  try {
    await writeLeadRecord(deps, key, record, { createOnly: true });
  } catch (error) {
    // A concurrent duplicate (double click, network retry) won the race and sends the emails.
    if (isConditionalWriteConflict(error)) return ok(record.reference);
    throw error;
  }
  return deliver(key, record, deps);
}

// ---------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------

function withoutHoneypot(request: BookingRequest): BookingRequest {
  const copy = { ...request };
  delete copy[HONEYPOT_FIELD];
  return copy;
}

export async function sendBookingEmails(
  body: unknown,
  deps: SendBookingEmailsDeps,
): Promise<SendBookingEmailsOutcome> {
  const submissionId = submissionIdForLog(body);
  // See HONEYPOT_FIELD: a bot gets a believable success and nothing is stored or sent.
  if (isHoneypotFilled(body)) {
    console.warn('send-booking-emails: honeypot filled, request dropped', { submissionId });
    return ok(referenceFor(submissionId ?? randomUUID()));
  }

  const parsed = bookingRequestSchema.safeParse(body);
  if (!parsed.success) return invalidRequest(parsed.error.issues);
  const request = withoutHoneypot(parsed.data);

  try {
    const mediaProblem = await checkMedia(request, deps);
    if (mediaProblem !== undefined) return mediaProblem;
    return await storeAndSend(request, deps);
  } catch (error) {
    console.error('send-booking-emails failed', { submissionId, error: describeError(error) });
    return { statusCode: 500, body: apiError('internal', MESSAGES.unexpected) };
  }
}
