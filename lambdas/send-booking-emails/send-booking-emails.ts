// The lead is stored before anything can fail, so a failing mail service never loses one; a retry
// sends only what is missing. Past an abuse limit the confirmation is withheld, silently.
import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { countDailyConfirmation, reserveConfirmation } from '../shared/runtime/abuse-counters';
import { describeError } from '../shared/runtime/aws';
import { apiError, invalidRequest, submissionIdForLog } from '../shared/runtime/http';
import {
  claimMediaRelease,
  recordConfirmationAllowance,
  recordMediaRelease,
} from '../shared/leads/lead-claims';
import { createLead, getLead, newLead, referenceFor } from '../shared/leads/lead-store';
import type { ConfirmationAllowance, Lead } from '../shared/models/lead-model';
import type { LinkSecretLoader } from '../shared/links/link-secret';
import { createMailer, isSettled, leadLedger, leadRef } from '../shared/mail/mailer';
import type { Mail, MailerDeps } from '../shared/mail/mailer';
import { markKept, owedItems } from '../shared/mail/outbox';
import { emfCount } from '../shared/runtime/metrics';
import { linkClaims, linkUrl, signLink } from '../shared/links/signed-links';
import type { LeadTable } from '../shared/runtime/table-handle';
import { confirmationEmail, operationsEmail } from './emails';
import type { LeadForEmail } from './emails';
import { checkMedia, releaseMedia } from './media-check';
import type { ApiErrorBody } from '#contract/core/api';
import { HONEYPOT_FIELD, bookingRequestSchema, isHoneypotFilled } from '#contract/booking/booking';
import type { BookingRequest, BookingResponse } from '#contract/booking/booking';
import { serverPickupDateError } from '#contract/booking/job-choices';
import { leadArchiveKey } from '#contract/booking/media-keys';
import { MESSAGES } from '#contract/core/messages';
import { CONFIRMATIONS_WITHHELD } from '#contract/core/metrics';
import { LOOP_PAGE_PATHS } from '#contract/core/pages';

export interface SendBookingEmailsDeps extends MailerDeps {
  s3: S3Client;
  table: LeadTable;
  bucket: string;
  publicBaseUrl: string;
  operationsAddress: string;
  retentionDays: number;
  dailyConfirmationCap: number;
  /** Separate sets, so a throttled or paused confirmation flow never blocks operations. */
  configurationSets?: { confirmation?: string; operations?: string };
  /** SSE-KMS key of the S3 lead archive; unset locally. */
  archiveKmsKeyId?: string;
  /** Where metric lines go: stdout in Lambda (EMF), a spy in tests. */
  emitMetric?: (line: string) => void;
  /** Adds "View your request" and "Send a quote" to the emails. */
  secrets?: LinkSecretLoader;
}

export type SendBookingEmailsOutcome =
  { statusCode: 200; body: BookingResponse } | { statusCode: 400 | 500 | 502; body: ApiErrorBody };

const EMAIL_KINDS = ['confirmation', 'operations'] as const;

/** The quote loop's links, best effort: without the secret the emails go out without buttons. */
async function loopLinks(lead: Lead, deps: SendBookingEmailsDeps): Promise<LeadForEmail['links']> {
  if (deps.secrets === undefined) return undefined;
  try {
    const { current } = await deps.secrets();
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

/** The address's window first, so one flooded address cannot use up the cap. */
async function decideAllowance(
  email: string,
  deps: SendBookingEmailsDeps,
): Promise<ConfirmationAllowance> {
  const now = deps.now();
  if ((await reserveConfirmation(deps.table, email, now)) === 'limit') return 'limit';
  const day = await countDailyConfirmation(deps.table, now, deps.dailyConfirmationCap);
  return day.outcome === 'daily-cap' ? 'daily-cap' : 'granted';
}

function reportWithheld(lead: Lead, decided: ConfirmationAllowance, deps: SendBookingEmailsDeps) {
  if (decided === 'granted') return;
  console.warn('send-booking-emails: confirmation withheld', {
    submissionId: lead.submissionId,
    reason: decided,
  });
  (deps.emitMetric ?? (() => undefined))(
    emfCount(CONFIRMATIONS_WITHHELD, { Reason: decided }, deps.now()),
  );
}

/** Once per lead: a lead stored before its allowance was (an older one) decides it here. */
async function confirmationAllowance(
  lead: Lead,
  deps: SendBookingEmailsDeps,
): Promise<ConfirmationAllowance> {
  if (lead.confirmationAllowance !== undefined) return lead.confirmationAllowance;
  const allowance = await decideAllowance(lead.request.email, deps);
  const decided = await recordConfirmationAllowance(deps.table, lead.submissionId, allowance);
  reportWithheld(lead, decided, deps);
  return decided;
}

/** The two emails a stored request owes, as its lead and allowance say. */
function bookingMails(
  lead: Lead,
  allowance: ConfirmationAllowance | undefined,
  links: LeadForEmail['links'],
  deps: SendBookingEmailsDeps,
): { confirmation: Mail; operations: Mail } {
  const forEmail: LeadForEmail = {
    reference: lead.reference,
    submissionId: lead.submissionId,
    receivedAt: lead.receivedAt,
    request: lead.request,
    ...(allowance === 'limit' || allowance === 'daily-cap'
      ? { confirmationWithheld: allowance }
      : {}),
    ...(links === undefined ? {} : { links }),
  };
  return {
    confirmation: {
      key: 'confirmation',
      to: lead.request.email,
      configurationSet: deps.configurationSets?.confirmation,
      message: confirmationEmail(forEmail),
    },
    operations: {
      key: 'operations',
      to: deps.operationsAddress,
      // Operations answer the lead straight from the notification.
      replyTo: lead.request.email,
      configurationSet: deps.configurationSets?.operations,
      message: operationsEmail(forEmail),
    },
  };
}

/** What the call that stores a request rendered before its write, and stored with it (059). */
interface Rendered {
  mails: { confirmation: Mail; operations: Mail };
  links: LeadForEmail['links'];
}

/**
 * A new request's lead, its allowance decided and its emails rendered before the write, so that
 * the lead and the emails it owes are stored together or not at all (decision 059).
 */
async function renderedLead(
  request: BookingRequest,
  deps: SendBookingEmailsDeps,
): Promise<{ lead: Lead; rendered: Rendered }> {
  const allowance = await decideAllowance(request.email, deps);
  const fresh = newLead(request, deps.now(), deps.retentionDays);
  const lead: Lead =
    allowance === 'granted'
      ? { ...fresh, confirmationAllowance: allowance }
      : {
          ...fresh,
          confirmationAllowance: allowance,
          // Withheld in the same write: nothing is owed to the address.
          emails: { ...fresh.emails, confirmation: 'withheld' },
          emailErrors: { ...fresh.emailErrors, confirmation: allowance },
        };
  const links = await loopLinks(lead, deps);
  return { lead, rendered: { mails: bookingMails(lead, allowance, links, deps), links } };
}

function ok(reference: string, requestLink?: string): SendBookingEmailsOutcome {
  return {
    statusCode: 200,
    body: { ok: true, reference, ...(requestLink === undefined ? {} : { requestLink }) },
  };
}

/**
 * Decides the confirmation, sends what is unsent, answers 200 or a 502 naming what failed.
 * `answerLink`: the call that stored the request also answers the confirmation's "View your
 * request" link, so the form can show it. A repeat never does: the submission id is no secret
 * (it names the request's public photo folder, which every hauler offered the job sees), and the
 * link may accept, give the address and rate. A repeat's sender reads the link in the email.
 */
async function deliver(
  lead: Lead,
  deps: SendBookingEmailsDeps,
  answerLink = false,
  rendered?: Rendered,
): Promise<SendBookingEmailsOutcome> {
  const mailer = createMailer(deps, 'send-booking-emails');
  const ledger = leadLedger(deps.table, lead);
  let allowance = lead.confirmationAllowance;
  if (!isSettled(ledger.status('confirmation'))) {
    allowance = await confirmationAllowance(lead, deps);
    if (allowance !== 'granted') await mailer.withhold(ledger, 'confirmation', allowance);
  }
  const links =
    rendered?.links ??
    (EMAIL_KINDS.every((kind) => isSettled(ledger.status(kind)))
      ? undefined
      : await loopLinks(lead, deps));
  const mails = rendered?.mails ?? bookingMails(lead, allowance, links, deps);
  const [confirmation, operations] = await Promise.all([
    mailer.deliver(ledger, mails.confirmation),
    mailer.deliver(ledger, mails.operations),
  ]);
  if (confirmation === 'failed') {
    return { statusCode: 502, body: apiError('email_failed', MESSAGES.emailFailed) };
  }
  if (operations === 'failed') {
    return { statusCode: 502, body: apiError('email_failed', MESSAGES.notifyFailed) };
  }
  return ok(lead.reference, answerLink ? links?.viewRequest : undefined);
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
  // A repeat of a stored request is neither counted against the limits nor rendered again.
  const earlier = await getLead(deps.table, request.submissionId);
  if (earlier === undefined) {
    const fresh = await renderedLead(request, deps);
    const { confirmation, operations } = fresh.rendered.mails;
    // Without an outbox nobody settles its items: one attempt, as before decision 054.
    const items =
      deps.outbox === undefined
        ? []
        : owedItems(
            leadRef(fresh.lead.submissionId),
            [confirmation, operations].filter((mail) => !isSettled(fresh.lead.emails[mail.key])),
            deps.now(),
          );
    const stored = await createLead(deps.table, fresh.lead, items);
    if (stored.outcome === 'created') {
      const lead = stored.lead;
      reportWithheld(lead, fresh.lead.confirmationAllowance ?? 'granted', deps);
      // The creating call holds the media job from creation.
      await release(lead, checked.media, deps);
      await archiveLead(lead, deps);
      // Stored with the lead: the immediate try keeps no second copy.
      const [keptConfirmation = confirmation, keptOperations = operations] = markKept(
        [confirmation, operations],
        items,
      );
      return deliver(lead, deps, true, {
        links: fresh.rendered.links,
        mails: { confirmation: keptConfirmation, operations: keptOperations },
      });
    }
    return repeated(stored.lead, deps);
  }
  return repeated(earlier, deps);
}

/** A request stored already, by an earlier call or one racing this one. */
async function repeated(
  lead: Lead,
  deps: SendBookingEmailsDeps,
): Promise<SendBookingEmailsOutcome> {
  // A duplicate: the stored request is the one that counts. While another call is copying its
  // media, that call also sends the emails, so this one only answers.
  const job = await claimMediaRelease(deps.table, lead.submissionId, deps.now());
  if (job === 'in-flight') return ok(lead.reference);
  if (job === 'claimed') {
    const again = await checkMedia(lead.request, deps);
    if (again.ok) await release(lead, again.media, deps);
  }
  return deliver(lead, deps);
}

/** Copies the media; a failure gives the job back so that a retry takes it again. */
async function release(
  lead: Lead,
  media: Parameters<typeof releaseMedia>[0],
  deps: SendBookingEmailsDeps,
): Promise<void> {
  const { submissionId } = lead;
  try {
    await releaseMedia(media, deps);
  } catch (error) {
    await recordMediaRelease(deps.table, submissionId, 'failed', deps.now()).catch(() => {});
    throw error;
  }
  // Best effort: unrecorded, the claim goes stale in a minute and a retry copies again, harmlessly.
  await recordMediaRelease(deps.table, submissionId, 'released', deps.now()).catch((error) =>
    console.error('send-booking-emails: could not record the media release', {
      submissionId,
      error: describeError(error),
    }),
  );
}

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
  // A bot gets a believable success; nothing is stored or sent.
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
