import {
  MessageRejected,
  SESv2Client,
  SendEmailCommand,
  TooManyRequestsException,
} from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { claimEmail } from '../leads/lead-claims';
import { createLead, getLead, newLead } from '../leads/lead-store';
import type { Lead } from '../models/lead-model';
import { withFooter } from './email-kit';
import { createMailer, fromHeader, leadLedger, supportAddress } from './mailer';
import type { Mail, MailLedger } from './mailer';
import type { LeadTable } from '../runtime/table-handle';
import { startTestLeadTable } from '../../../test/support/testing-leads';
import type { TestLeadTable } from '../../../test/support/testing-leads';
import { VALID_REQUEST_FIELDS } from '../../../test/fixtures/homeowner';

const ID = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';
const NOW = new Date('2026-11-23T18:00:00Z');
const HOMEOWNER = VALID_REQUEST_FIELDS.email;

const sesMock = mockClient(SESv2Client);
let dynamo: TestLeadTable;
let table: LeadTable;

const mailer = () =>
  createMailer(
    { ses: new SESv2Client({ region: 'us-east-1' }), sender: 'q@example.com', now: () => NOW },
    'test',
  );
const mail = (key = 'confirmation', overrides: Partial<Mail> = {}): Mail => ({
  key,
  to: HOMEOWNER,
  message: { subject: 'Subject é', html: '<p>Hi</p>', text: 'Hi\n' },
  ...overrides,
});
const stored = async (): Promise<Lead> => (await getLead(table, ID))!;
const ledger = async () => leadLedger(table, await stored());
const sent = () => sesMock.commandCalls(SendEmailCommand).map((call) => call.args[0].input);

beforeAll(async () => {
  dynamo = await startTestLeadTable();
});
beforeEach(async () => {
  sesMock.reset();
  sesMock.on(SendEmailCommand).resolves({ MessageId: 'm' });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  table = await dynamo.freshTable();
  await createLead(
    table,
    newLead(
      {
        ...VALID_REQUEST_FIELDS,
        photoUrls: [
          'https://x.example/quote-photos/a/1_1.jpg',
          'https://x.example/quote-photos/a/1_2.jpg',
        ],
        photoCount: 2,
        hasVideo: false,
        submissionId: ID,
      },
      NOW,
    ),
  );
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  sesMock.restore();
  await dynamo.close();
});

describe('the mailer', () => {
  it('sends one UTF-8 HTML and text email from the sender, with its reply-to and configuration set, and records it sent', async () => {
    const result = await mailer().deliver(
      await ledger(),
      mail('operations', {
        to: 'ops@example.com',
        replyTo: HOMEOWNER,
        configurationSet: 'ops-set',
      }),
    );
    expect(result).toBe('sent');
    expect(sent()).toEqual([
      {
        FromEmailAddress: 'Bulk Trash Pickup <q@example.com>',
        Destination: { ToAddresses: ['ops@example.com'] },
        ReplyToAddresses: [HOMEOWNER],
        ConfigurationSetName: 'ops-set',
        Content: {
          Simple: {
            Subject: { Data: 'Subject é', Charset: 'UTF-8' },
            Body: {
              Html: { Data: withFooter(mail().message, 'q@example.com').html, Charset: 'UTF-8' },
              Text: {
                Data: 'Hi\n\n--\nBulk Trash Pickup · Same-day or next-day bulk trash pickup\nQuestions? Write to us at q@example.com.\n',
                Charset: 'UTF-8',
              },
            },
          },
        },
      },
    ]);
    expect((await stored()).emails.operations).toBe('sent');
  });

  it('keeps a sender setting that names itself, and gives its bare address as the support contact', () => {
    expect(fromHeader('Haul Help <help@example.com>')).toBe('Haul Help <help@example.com>');
    expect(fromHeader(' q@example.com ')).toBe('Bulk Trash Pickup <q@example.com>');
    expect(supportAddress('Haul Help <help@example.com>')).toBe('help@example.com');
    expect(supportAddress('q@example.com')).toBe('q@example.com');
  });

  it('carries an email’s attachments to SES as UTF-8 bytes with their name and type', async () => {
    const ics = 'BEGIN:VCALENDAR\r\nSUMMARY:Pickup · é\r\nEND:VCALENDAR\r\n';
    const contentType = 'text/calendar; charset=utf-8; method=PUBLISH';
    const message = {
      ...mail().message,
      attachments: [{ fileName: 'pickup-REF.ics', contentType, content: ics }],
    };
    expect(await mailer().deliver(await ledger(), mail('confirmation', { message }))).toBe('sent');
    const [file, ...others] = sent()[0]!.Content!.Simple!.Attachments!;
    expect(others).toEqual([]);
    expect(file).toMatchObject({
      FileName: 'pickup-REF.ics',
      ContentType: contentType,
      ContentDisposition: 'ATTACHMENT',
      ContentTransferEncoding: 'BASE64',
    });
    expect(Buffer.from(file!.RawContent!).toString('utf8')).toBe(ics);
  });

  it('sends an email once when two calls race for its claim: the other answers elsewhere', async () => {
    const [first, second] = [await ledger(), await ledger()];
    const results = await Promise.all([
      mailer().deliver(first, mail()),
      mailer().deliver(second, mail()),
    ]);
    expect(results.sort()).toEqual(['elsewhere', 'sent']);
    expect(sent()).toHaveLength(1);
  });

  it('leaves an email alone while another call holds a fresh claim on it', async () => {
    expect(await claimEmail(table, ID, 'confirmation', NOW)).toBe(true);
    expect(await mailer().deliver(await ledger(), mail())).toBe('elsewhere');
    expect(sent()).toHaveLength(0);
  });

  it('records a throttled send with the error’s name only, and a retry sends it once', async () => {
    sesMock
      .on(SendEmailCommand)
      .rejectsOnce(
        new TooManyRequestsException({ message: `Slow down: ${HOMEOWNER}`, $metadata: {} }),
      )
      .resolves({ MessageId: 'm' });
    expect(await mailer().deliver(await ledger(), mail())).toBe('failed');
    expect(await stored()).toMatchObject({
      emails: { confirmation: 'failed' },
      emailErrors: { confirmation: 'TooManyRequestsException' },
    });
    expect(console.error).toHaveBeenCalledWith('test: email failed', {
      submissionId: ID,
      email: 'confirmation',
      error: 'TooManyRequestsException',
    });
    expect(JSON.stringify(vi.mocked(console.error).mock.calls)).not.toContain(HOMEOWNER);

    expect(await mailer().deliver(await ledger(), mail())).toBe('sent');
    expect(await mailer().deliver(await ledger(), mail())).toBe('sent');
    expect(sent()).toHaveLength(2);
    expect(await stored()).toMatchObject({ emails: { confirmation: 'sent' }, emailErrors: {} });
  });

  it('gives an email up for good when SES rejects it, counts it, and never sends it again', async () => {
    const metrics: string[] = [];
    sesMock
      .on(SendEmailCommand)
      .rejectsOnce(new MessageRejected({ message: `Suppressed: ${HOMEOWNER}`, $metadata: {} }))
      .resolves({ MessageId: 'm' });
    const giving = createMailer(
      {
        ses: new SESv2Client({ region: 'us-east-1' }),
        sender: 'q@example.com',
        now: () => NOW,
        emitMetric: (line) => metrics.push(line),
      },
      'test',
    );
    expect(await giving.deliver(await ledger(), mail())).toBe('failed');
    expect(await stored()).toMatchObject({
      emails: { confirmation: 'given-up' },
      emailErrors: { confirmation: 'MessageRejected' },
    });
    expect(metrics.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ EmailsGivenUp: 1 }),
    ]);
    expect(metrics.join()).not.toContain(HOMEOWNER);
    expect(await giving.deliver(await ledger(), mail())).toBe('failed');
    expect(await claimEmail(table, ID, 'confirmation', NOW)).toBe(false);
    expect(sent()).toHaveLength(1);
  });

  it('records an email withheld by a limit, with the reason, and never sends it', async () => {
    const withheld = await ledger();
    await mailer().withhold(withheld, 'confirmation', 'daily-cap');
    expect(await mailer().deliver(withheld, mail())).toBe('withheld');
    expect(await mailer().deliver(await ledger(), mail())).toBe('withheld');
    expect(sent()).toHaveLength(0);
    expect(await stored()).toMatchObject({
      emails: { confirmation: 'withheld' },
      emailErrors: { confirmation: 'daily-cap' },
    });
  });

  it('keeps each kind of email of a record apart: one sent does not settle another', async () => {
    await mailer().deliver(await ledger(), mail('quote-1'));
    expect(await mailer().deliver(await ledger(), mail('quote-2'))).toBe('sent');
    expect(await mailer().deliver(await ledger(), mail('quote-1'))).toBe('sent');
    expect(sent()).toHaveLength(2);
    expect((await stored()).emails).toMatchObject({ 'quote-1': 'sent', 'quote-2': 'sent' });
  });

  it('answers sent when the email went out but its record could not be written, and logs it', async () => {
    const broken: MailLedger = {
      logFields: { submissionId: ID },
      status: () => undefined,
      claim: () => Promise.resolve(true),
      record: () => Promise.reject(new Error('ProvisionedThroughputExceededException')),
    };
    expect(await mailer().deliver(broken, mail())).toBe('sent');
    expect(console.error).toHaveBeenCalledWith('test: could not record email status', {
      submissionId: ID,
      email: 'confirmation',
      status: 'sent',
      error: 'Error: ProvisionedThroughputExceededException',
    });
  });
});
