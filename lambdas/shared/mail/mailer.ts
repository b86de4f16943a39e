// The one way an email leaves: claimed, sent, recorded (docs/decisions/028-one-mailer.md).
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { Attachment, SESv2Client } from '@aws-sdk/client-sesv2';
import { describeError, errorName } from '../runtime/aws';
import { withFooter } from './email-kit';
import type { EmailMessage } from './email-kit';
import { claimEmail, recordEmailOutcome } from '../leads/lead-claims';
import type { EmailStatus, Lead } from '../models/lead-model';
import type { LeadTable } from '../runtime/table-handle';
import { SITE_NAME } from '#contract/core/site-name';

export interface Mail {
  key: string;
  to: string;
  replyTo?: string;
  configurationSet?: string;
  message: EmailMessage;
}

export type MailOutcome =
  { status: 'sent' } | { status: 'failed'; error: string } | { status: 'withheld'; reason: string };

export interface MailLedger {
  /** What the logs may say about the record: an id, never an address. */
  logFields: Readonly<Record<string, string>>;
  status(key: string): EmailStatus | undefined;
  claim(key: string, now: Date): Promise<boolean>;
  record(key: string, outcome: MailOutcome, now: Date): Promise<void>;
}

/** 'elsewhere': a concurrent call holds the claim; neither a send nor a failure. */
export type MailResult = 'sent' | 'failed' | 'withheld' | 'elsewhere';

export interface MailerDeps {
  ses: SESv2Client;
  /** A verified SES identity, 'quotes@example.com' (sent as 'Bulk Trash Pickup <…>') or with a name. */
  sender: string;
  now: () => Date;
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

export function createMailer(deps: MailerDeps, logPrefix: string): Mailer {
  return {
    async deliver(ledger, mail) {
      const status = ledger.status(mail.key);
      if (isSettled(status)) return status;
      if (!(await ledger.claim(mail.key, deps.now()))) return 'elsewhere';
      const context = { ...ledger.logFields, email: mail.key };
      let outcome: MailOutcome;
      try {
        await deps.ses.send(sendEmailCommand(deps.sender, mail));
        outcome = { status: 'sent' };
      } catch (error) {
        // The name only: SES messages can quote the recipient's address.
        outcome = { status: 'failed', error: errorName(error) };
        console.error(`${logPrefix}: email failed`, { ...context, error: outcome.error });
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
      return outcome.status;
    },
    withhold: (ledger, key, reason) =>
      ledger.record(key, { status: 'withheld', reason }, deps.now()),
  };
}

export function leadLedger(table: LeadTable, lead: Lead): MailLedger {
  const statuses: Record<string, EmailStatus | undefined> = { ...lead.emails };
  const id = lead.submissionId;
  return {
    logFields: { submissionId: id },
    status: (key) => statuses[key],
    claim: (key, now) => claimEmail(table, id, key, now),
    async record(key, outcome, now) {
      await recordEmailOutcome(table, id, key, outcome, now);
      statuses[key] = outcome.status;
    },
  };
}
