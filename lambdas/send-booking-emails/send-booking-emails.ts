/**
 * POST /api/send-booking-emails: validate a quote request, keep it, and send its two emails.
 *
 * Order matters: the media are checked (read-only), then the lead is stored in DynamoDB before
 * anything else can fail, so a failing mail service never loses a lead. The lead then says which
 * emails went out, so a retry with the same submission id sends only the missing ones, whatever
 * the month, and a double click never stores or sends twice (a conditional put, then a
 * conditional claim per email).
 *
 * Abuse limits (ARCHITECTURE.md): at most 3 confirmations per address in any 24 hours and a
 * site-wide daily cap. A request past either is still stored and still reaches operations, marked
 * "confirmation withheld", and the browser sees the usual success.
 */
import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { describeError } from '../shared/aws';
import type { EmailMessage } from '../shared/email-kit';
import { apiError, invalidRequest, submissionIdForLog } from '../shared/http';
import {
  claimEmail,
  countDailyConfirmation,
  createLead,
  newLead,
  recordConfirmationAllowance,
  recordEmailOutcome,
  referenceFor,
  reserveConfirmation,
} from '../shared/lead-store';
import type { ConfirmationAllowance, Lead, LeadTable } from '../shared/lead-store';
import { emfCount } from '../shared/metrics';
import { confirmationEmail, operationsEmail } from './emails';
import type { LeadForEmail } from './emails';
import { checkMedia, releaseMedia } from './media-check';
import type { LinkSecretLoader } from '../shared/link-secret';
import { linkClaims, linkUrl, signLink } from '../shared/signed-links';
import type { ApiErrorBody } from '#contract/api';
import { HONEYPOT_FIELD, bookingRequestSchema, isHoneypotFilled } from '#contract/booking';
import type { BookingRequest, BookingResponse } from '#contract/booking';
import { serverPickupDateError } from '#contract/job-choices';
import { leadArchiveKey } from '#contract/media-keys';
import { MESSAGES } from '#contract/messages';
import { CONFIRMATIONS_WITHHELD } from '#contract/metrics';
import { LOOP_PAGE_PATHS } from '#contract/pages';

export interface SendBookingEmailsDeps {
  s3: S3Client;
  ses: SESv2Client;
  leads: LeadTable;
  bucket: string;
  publicBaseUrl: string;
  /** A verified SES identity, e.g. 'Bulk Trash Pickup <quotes@example.com>'. */
  sender: string;
  operationsAddress: string;
  now: () => Date;
  /** Days a lead is kept (DynamoDB TTL); the `leadRetentionDays` context value. */
  retentionDays: number;
  /** Homeowner confirmations the whole site sends per UTC day at most. */
  dailyConfirmationCap: number;
  /**
   * SES configuration sets: the homeowner's confirmations and the operations notifications go
   * through separate ones, so a throttled or paused confirmation flow never blocks operations.
   */
  configurationSets?: { confirmation?: string; operations?: string };
  /** KMS key for the S3 lead archive (SSE-KMS); unset locally. */
  archiveKmsKeyId?: string;
  /** Where metric lines go: stdout in Lambda (EMF), a spy in tests. */
  emitMetric?: (line: string) => void;
  /** The quote loop's link secret: adds "View your request" and "Send a quote" to the emails. */
  linkSecrets?: LinkSecretLoader;
}

export type SendBookingEmailsOutcome =
  { statusCode: 200; body: BookingResponse } | { statusCode: 400 | 500 | 502; body: ApiErrorBody };

const EMAIL_KINDS = ['confirmation', 'operations'] as const;
type EmailKind = (typeof EMAIL_KINDS)[number];

// ---------------------------------------------------------------------------------------------
// Emails
// ---------------------------------------------------------------------------------------------

function sendEmailCommand(
  message: EmailMessage,
  from: string,
  to: string,
  replyTo: string | undefined,
  configurationSet: string | undefined,
): SendEmailCommand {
  const utf8 = (data: string) => ({ Data: data, Charset: 'UTF-8' });
  return new SendEmailCommand({
    FromEmailAddress: from,
    Destination: { ToAddresses: [to] },
    ...(replyTo === undefined ? {} : { ReplyToAddresses: [replyTo] }),
    ...(configurationSet === undefined ? {} : { ConfigurationSetName: configurationSet }),
    Content: {
      Simple: {
        Subject: utf8(message.subject),
        Body: { Html: utf8(message.html), Text: utf8(message.text) },
      },
    },
  });
}

function withheldReason(lead: Lead): 'limit' | 'daily-cap' | undefined {
  const allowance = lead.confirmationAllowance;
  return allowance === 'limit' || allowance === 'daily-cap' ? allowance : undefined;
}

/**
 * The quote loop's signed links for this lead's two emails (docs/decisions/021-quote-loop.md).
 * Best effort: without the secret the emails still go out, without the buttons (an operator can
 * make a fresh link with `npm run leads -- show REF`).
 */
async function loopLinks(lead: Lead, deps: SendBookingEmailsDeps): Promise<LeadForEmail['links']> {
  if (deps.linkSecrets === undefined) return undefined;
  try {
    const { current } = await deps.linkSecrets();
    const now = deps.now();
    const id = lead.submissionId;
    const base = deps.publicBaseUrl;
    return {
      viewRequest: linkUrl(
        base,
        LOOP_PAGE_PATHS.request,
        signLink(linkClaims(id, 'homeowner', 'view', now), current),
      ),
      sendQuote: linkUrl(
        base,
        LOOP_PAGE_PATHS.operationsQuote,
        signLink(linkClaims(id, 'operations', 'quote', now), current),
      ),
    };
  } catch (error) {
    console.error('send-booking-emails: no link secret, emails go without links', {
      submissionId: lead.submissionId,
      error: describeError(error),
    });
    return undefined;
  }
}

function commandFor(
  kind: EmailKind,
  lead: Lead,
  deps: SendBookingEmailsDeps,
  links?: LeadForEmail['links'],
): SendEmailCommand {
  const reason = withheldReason(lead);
  const forEmail: LeadForEmail = {
    reference: lead.reference,
    submissionId: lead.submissionId,
    receivedAt: lead.receivedAt,
    request: lead.request,
    ...(reason === undefined ? {} : { confirmationWithheld: reason }),
    ...(links === undefined ? {} : { links }),
  };
  return kind === 'confirmation'
    ? sendEmailCommand(
        confirmationEmail(forEmail),
        deps.sender,
        lead.request.email,
        undefined,
        deps.configurationSets?.confirmation,
      )
    : // Reply-To the homeowner, so operations can answer the lead straight from the notification.
      sendEmailCommand(
        operationsEmail(forEmail),
        deps.sender,
        deps.operationsAddress,
        lead.request.email,
        deps.configurationSets?.operations,
      );
}

/** Error names only: SES messages can quote the recipient's address, which does not belong in logs. */
function errorName(error: unknown): string {
  return error instanceof Error ? error.name : 'UnknownError';
}

/**
 * Whether this lead's confirmation may go out: decided once per lead, on its first delivery.
 * The address's rolling window first (so a flood at one address cannot use up the site's cap),
 * then the site's daily cap. A limit reached is logged as a metric the alarms watch.
 */
async function confirmationAllowance(
  lead: Lead,
  deps: SendBookingEmailsDeps,
): Promise<ConfirmationAllowance> {
  if (lead.confirmationAllowance !== undefined) return lead.confirmationAllowance;
  const now = deps.now();
  let allowance: ConfirmationAllowance = 'granted';
  if ((await reserveConfirmation(deps.leads, lead.request.email, now)) === 'limit') {
    allowance = 'limit';
  } else {
    const day = await countDailyConfirmation(deps.leads, now, deps.dailyConfirmationCap);
    if (day.outcome === 'daily-cap') allowance = 'daily-cap';
  }
  const decided = await recordConfirmationAllowance(deps.leads, lead.submissionId, allowance);
  if (decided !== 'granted') {
    console.warn('send-booking-emails: confirmation withheld', {
      submissionId: lead.submissionId,
      reason: decided,
    });
    (deps.emitMetric ?? (() => undefined))(
      emfCount(CONFIRMATIONS_WITHHELD, { Reason: decided }, now),
    );
  }
  return decided;
}

type EmailResult = 'sent' | 'failed' | 'withheld' | 'elsewhere';

/**
 * Sends one email unless it is done or another Lambda holds it, and records the outcome. If only
 * the record fails, the email did go out: the answer says so (a 500 would invite a retry that
 * sends it twice).
 */
async function deliverOne(
  kind: EmailKind,
  lead: Lead,
  deps: SendBookingEmailsDeps,
  links?: LeadForEmail['links'],
): Promise<EmailResult> {
  const status = lead.emails[kind];
  if (status === 'sent' || status === 'withheld') return status;
  if (!(await claimEmail(deps.leads, lead.submissionId, kind, deps.now()))) return 'elsewhere';
  let result: 'sent' | 'failed';
  let failure: string | undefined;
  try {
    await deps.ses.send(commandFor(kind, lead, deps, links));
    result = 'sent';
  } catch (error) {
    failure = errorName(error);
    result = 'failed';
    console.error('send-booking-emails: email failed', {
      submissionId: lead.submissionId,
      email: kind,
      error: failure,
    });
  }
  try {
    await recordEmailOutcome(
      deps.leads,
      lead.submissionId,
      kind,
      failure === undefined ? { status: 'sent' } : { status: 'failed', error: failure },
      deps.now(),
    );
  } catch (error) {
    console.error('send-booking-emails: could not record email status', {
      submissionId: lead.submissionId,
      email: kind,
      status: result,
      error: describeError(error),
    });
  }
  return result;
}

function ok(reference: string): SendBookingEmailsOutcome {
  return { statusCode: 200, body: { ok: true, reference } };
}

/** Decides the confirmation, sends what is unsent, answers 200 or a 502 naming what failed. */
async function deliver(lead: Lead, deps: SendBookingEmailsDeps): Promise<SendBookingEmailsOutcome> {
  let current = lead;
  if (current.emails.confirmation !== 'sent' && current.emails.confirmation !== 'withheld') {
    const allowance = await confirmationAllowance(current, deps);
    current = { ...current, confirmationAllowance: allowance };
    if (allowance !== 'granted') {
      current = await recordEmailOutcome(
        deps.leads,
        current.submissionId,
        'confirmation',
        { status: 'withheld', reason: allowance },
        deps.now(),
      );
    }
  }
  const links = EMAIL_KINDS.some(
    (kind) => !['sent', 'withheld'].includes(current.emails[kind] ?? ''),
  )
    ? await loopLinks(current, deps)
    : undefined;
  const [confirmation, operations] = await Promise.all(
    EMAIL_KINDS.map((kind) => deliverOne(kind, current, deps, links)),
  );
  if (confirmation === 'failed') {
    return { statusCode: 502, body: apiError('email_failed', MESSAGES.emailFailed) };
  }
  if (operations === 'failed') {
    return { statusCode: 502, body: apiError('email_failed', MESSAGES.notifyFailed) };
  }
  return ok(current.reference);
}

/** The S3 archive copy of a lead: written after the table, never read to decide anything. */
async function archiveLead(lead: Lead, deps: SendBookingEmailsDeps): Promise<void> {
  try {
    await deps.s3.send(
      new PutObjectCommand({
        Bucket: deps.bucket,
        Key: leadArchiveKey(lead.submissionId),
        Body: JSON.stringify(lead, null, 2),
        ContentType: 'application/json; charset=utf-8',
        ...(deps.archiveKmsKeyId === undefined
          ? {}
          : { ServerSideEncryption: 'aws:kms', SSEKMSKeyId: deps.archiveKmsKeyId }),
      }),
    );
  } catch (error) {
    // The table holds the lead; a missing archive copy loses nothing the business runs on.
    console.error('send-booking-emails: could not archive the lead', {
      submissionId: lead.submissionId,
      error: describeError(error),
    });
  }
}

/** First call: check, store, release the media, archive, send. Repeat call: send what is missing. */
async function storeAndSend(
  request: BookingRequest,
  deps: SendBookingEmailsDeps,
): Promise<SendBookingEmailsOutcome> {
  const checked = await checkMedia(request, deps);
  if (!checked.ok) {
    return {
      statusCode: 400,
      body: apiError('invalid_media', checked.message, { [checked.field]: checked.message }),
    };
  }
  const stored = await createLead(deps.leads, newLead(request, deps.now(), deps.retentionDays));
  const { lead } = stored;
  if (stored.outcome === 'created') {
    await releaseMedia(checked.media, deps);
    await archiveLead(lead, deps);
  } else {
    // A retry: the stored request is the one that counts; its files may not be public yet.
    const again = await checkMedia(lead.request, deps);
    if (again.ok) await releaseMedia(again.media, deps);
  }
  return deliver(lead, deps);
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
  // The schema checks the date's form; only here is "now" known, for its range.
  const pickupDateProblem =
    request.pickupDate === undefined
      ? undefined
      : serverPickupDateError(request.pickupDate, deps.now());
  if (pickupDateProblem !== undefined) {
    return {
      statusCode: 400,
      body: apiError('invalid_request', pickupDateProblem, { pickupDate: pickupDateProblem }),
    };
  }

  try {
    return await storeAndSend(request, deps);
  } catch (error) {
    console.error('send-booking-emails failed', { submissionId, error: describeError(error) });
    return { statusCode: 500, body: apiError('internal', MESSAGES.unexpected) };
  }
}
