// The one way an email leaves: kept, claimed, sent, recorded (decisions 028 and 054).
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { Attachment, SESv2Client } from '@aws-sdk/client-sesv2';
import { describeError } from '../runtime/aws';
import { emfValue, writeMetricLine } from '../runtime/metrics';
import { OUTBOX_GRACE_MS, retryDelayMs } from './outbox';
import type { LedgerRef, OutboxStore } from './outbox';
import { sesErrorFacts, sesVerdict } from './ses-errors';
import { withFooter } from './email-kit';
import type { EmailMessage } from './email-kit';
import { claimEmail, recordEmailOutcome } from '../leads/lead-claims';
import type { EmailStatus, Lead } from '../models/lead-model';
import type { LeadTable } from '../runtime/table-handle';
import { EMAILS_GIVEN_UP } from '#contract/core/metrics';
import { SITE_NAME } from '#contract/core/site-name';

export interface Mail {
  key: string;
  to: string;
  replyTo?: string;
  configurationSet?: string;
  message: EmailMessage;
  /** Already in the outbox, written with its transition (decision 059): `deliver` keeps no copy. */
  kept?: boolean;
}

/** 'failed': worth another try (the retry marker); 'given-up': SES will refuse it again. */
export type MailOutcome =
  | { status: 'sent' }
  | { status: 'failed'; error: string }
  | { status: 'given-up'; error: string }
  | { status: 'withheld'; reason: string };

export interface MailLedger {
  /** What the logs may say about the record: an id, never an address. */
  logFields: Readonly<Record<string, string>>;
  /** Where the outbox finds the ledger again; without it the email is not kept (decision 054). */
  ref?: LedgerRef;
  status(key: string): EmailStatus | undefined;
  claim(key: string, now: Date): Promise<boolean>;
  record(key: string, outcome: MailOutcome, now: Date): Promise<void>;
}

/**
 * 'elsewhere': a concurrent call holds the claim; neither a send nor a failure.
 * 'queued': SES said "not now" (a throttle, a transient error) and the email is in the outbox,
 * whose sender delivers it within minutes: nothing is lost, so the caller answers as if sent
 * (issue 42: no 5xx for an email that is kept). 'failed': neither sent nor kept, or given up.
 */
export type MailResult = 'sent' | 'failed' | 'queued' | 'withheld' | 'elsewhere';

export interface MailerDeps {
  ses: SESv2Client;
  /** A verified SES identity, 'quotes@example.com' (sent as 'Bulk Trash Pickup <…>') or with a name. */
  sender: string;
  now: () => Date;
  /** Keeps every email until it is sent or given up; without it, one attempt as before 054. */
  outbox?: OutboxStore;
  emitMetric?: (line: string) => void;
  random?: () => number;
}

export function isSettled(status: EmailStatus | undefined): status is 'sent' | 'withheld' {
  return status === 'sent' || status === 'withheld';
}

function attachments(message: EmailMessage): { Attachments?: Attachment[] } {
  if (message.attachments === undefined || message.attachments.length === 0) return {};
  return {
    Attachments: message.attachments.map((file) => ({
      FileName: file.fileName,
      ContentType: file.contentType,
      ContentDisposition: 'ATTACHMENT',
      // SES's default, 7-bit, cannot carry UTF-8 (a "·" in a summary, a name with an accent).
      ContentTransferEncoding: 'BASE64',
      RawContent: Buffer.from(file.content, 'utf8'),
    })),
  };
}

/** The From: header: the sender with the product's name, unless the setting names one itself. */
export function fromHeader(sender: string): string {
  return sender.includes('<') ? sender : `${SITE_NAME} <${sender.trim()}>`;
}

/** The support contact in every footer: the sender's own mailbox (decision 051). */
export function supportAddress(sender: string): string {
  return (/<([^<>]+)>/.exec(sender)?.[1] ?? sender).trim();
}

function sendEmailCommand(sender: string, mail: Mail): SendEmailCommand {
  const utf8 = (data: string) => ({ Data: data, Charset: 'UTF-8' });
  const message = withFooter(mail.message, supportAddress(sender));
  return new SendEmailCommand({
    FromEmailAddress: fromHeader(sender),
    Destination: { ToAddresses: [mail.to] },
    ...(mail.replyTo === undefined ? {} : { ReplyToAddresses: [mail.replyTo] }),
    ...(mail.configurationSet === undefined ? {} : { ConfigurationSetName: mail.configurationSet }),
    Content: {
      Simple: {
        Subject: utf8(message.subject),
        Body: { Html: utf8(message.html), Text: utf8(message.text) },
        ...attachments(message),
      },
    },
  });
}

export interface Mailer {
  deliver(ledger: MailLedger, mail: Mail): Promise<MailResult>;
  withhold(ledger: MailLedger, key: string, reason: string): Promise<void>;
}

/** What one attempt did, for the outbox's sender. */
export type AttemptResult = 'sent' | 'retrying' | 'given-up' | 'elsewhere' | 'settled';

/**
 * One attempt at an email the outbox keeps: claim, send, record, then settle the outbox item
 * (removed once sent or given up, rescheduled with backoff when SES said "not now").
 * `attempts`: the tries before this one.
 */
export async function attemptMail(
  deps: MailerDeps,
  logPrefix: string,
  ledger: MailLedger,
  mail: Mail,
  attempts: number,
  giveUpAs?: string,
): Promise<AttemptResult> {
  const status = ledger.status(mail.key);
  const { outbox, ref } = { outbox: deps.outbox, ref: ledger.ref };
  const settle = async (action: () => Promise<void>) => {
    if (outbox === undefined || ref === undefined) return;
    try {
      await action();
    } catch (error) {
      // The item stays: a later run sends it or finds the ledger settled.
      console.error(`${logPrefix}: could not update the outbox`, {
        ...ledger.logFields,
        email: mail.key,
        error: describeError(error),
      });
    }
  };
  if (isSettled(status) || status === 'given-up') {
    await settle(() => outbox!.remove(ref!, mail.key));
    return 'settled';
  }
  if (!(await ledger.claim(mail.key, deps.now()))) return 'elsewhere';
  const context = { ...ledger.logFields, email: mail.key };
  let outcome: MailOutcome;
  if (giveUpAs !== undefined) {
    outcome = { status: 'given-up', error: giveUpAs };
  } else {
    try {
      await deps.ses.send(sendEmailCommand(deps.sender, mail));
      outcome = { status: 'sent' };
    } catch (error) {
      // The name only: SES messages can quote the recipient's address.
      const facts = sesErrorFacts(error);
      outcome =
        sesVerdict(facts.name, facts.httpStatus) === 'retry'
          ? { status: 'failed', error: facts.name }
          : { status: 'given-up', error: facts.name };
      console.error(`${logPrefix}: email failed`, {
        ...context,
        error: facts.name,
        ...(outcome.status === 'given-up' ? { givenUp: true } : {}),
      });
    }
  }
  try {
    await ledger.record(mail.key, outcome, deps.now());
  } catch (error) {
    // Answering 'failed' after a send would invite a retry that sends twice.
    console.error(`${logPrefix}: could not record email status`, {
      ...context,
      status: outcome.status,
      error: describeError(error),
    });
  }
  if (outcome.status === 'given-up') {
    // No dimension: the alarm watches the one sum; the log line above names the error.
    (deps.emitMetric ?? writeMetricLine)(emfValue(EMAILS_GIVEN_UP, 1, 'Count', {}, deps.now()));
  }
  if (outcome.status === 'failed') {
    const tries = attempts + 1;
    await settle(() =>
      outbox!.reschedule(ref!, mail.key, {
        attempts: tries,
        nextAttemptAt: deps.now().getTime() + retryDelayMs(tries, deps.random),
        lastError: outcome.error,
      }),
    );
    return 'retrying';
  }
  await settle(() => outbox!.remove(ref!, mail.key));
  return outcome.status === 'sent' ? 'sent' : 'given-up';
}

export function createMailer(deps: MailerDeps, logPrefix: string): Mailer {
  return {
    async deliver(ledger, mail) {
      const status = ledger.status(mail.key);
      if (isSettled(status)) return status;
      if (status === 'given-up') return 'failed';
      let kept = mail.kept === true && deps.outbox !== undefined && ledger.ref !== undefined;
      if (deps.outbox !== undefined && ledger.ref !== undefined && mail.kept !== true) {
        const now = deps.now();
        try {
          // Kept before the claim: from here on a crash or a throttle loses nothing.
          await deps.outbox.keep(ledger.ref, mail, now, new Date(now.getTime() + OUTBOX_GRACE_MS));
          kept = true;
        } catch (error) {
          // Not kept: still one attempt, as before the outbox.
          console.error(`${logPrefix}: could not keep the email in the outbox`, {
            ...ledger.logFields,
            email: mail.key,
            error: describeError(error),
          });
        }
      }
      const result = await attemptMail(deps, logPrefix, ledger, mail, 0);
      if (result === 'sent' || result === 'elsewhere') return result;
      if (result === 'settled') return isSettled(ledger.status(mail.key)) ? 'sent' : 'failed';
      return result === 'retrying' && kept ? 'queued' : 'failed';
    },
    withhold: async (ledger, key, reason) => {
      await ledger.record(key, { status: 'withheld', reason }, deps.now());
      if (deps.outbox !== undefined && ledger.ref !== undefined) {
        await deps.outbox.remove(ledger.ref, key);
      }
    },
  };
}

/** Where the outbox finds a lead's emails again. */
export const leadRef = (submissionId: string): LedgerRef => ({ kind: 'lead', id: submissionId });

export function leadLedger(table: LeadTable, lead: Lead): MailLedger {
  const statuses: Record<string, EmailStatus | undefined> = { ...lead.emails };
  const id = lead.submissionId;
  return {
    logFields: { submissionId: id },
    ref: leadRef(id),
    status: (key) => statuses[key],
    claim: (key, now) => claimEmail(table, id, key, now),
    async record(key, outcome, now) {
      await recordEmailOutcome(table, id, key, outcome, now);
      statuses[key] = outcome.status;
    },
  };
}
