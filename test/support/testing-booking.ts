/**
 * The world of the sendBookingEmails tests: an in-memory S3 behind aws-sdk-client-mock, SES
 * likewise, and a log of every write and send so tests can assert their order. The lead table is
 * real (dynalite); its writes are logged too. Not imported by production code.
 */
import { S3Client } from '@aws-sdk/client-s3';
import {
  MessageRejected,
  SESv2Client,
  SendEmailCommand,
  TooManyRequestsException,
} from '@aws-sdk/client-sesv2';
import type { SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { getLead } from '../../lambdas/shared/leads/lead-store';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import { MEDIA_SAMPLES, installFakeS3 } from './testing';
import type { StoredObject } from './testing';
import { startTestLeadTable } from './testing-leads';
import type { TestLeadTable } from './testing-leads';
import type { SendBookingEmailsDeps } from '../../lambdas/send-booking-emails/send-booking-emails';

export const ID = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';
export const OTHER_ID = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
export const BASE = 'https://www.example.com';
export const FOLDER = `${BASE}/quote-photos/${ID}`;
export const NOW = new Date('2025-11-21T12:00:00.000Z');
export const ARCHIVE_KEY = `leads/${ID}.json`;
export const OPS = 'ops@example.com';

export const s3Mock = mockClient(S3Client);
export const sesMock = mockClient(SESv2Client);

// Emptied or refilled in place before each test, so every test file shares the same bindings.
export const objects = new Map<string, StoredObject>();
export const log: string[] = [];
export const metrics: string[] = [];
export const photoUrls: string[] = [];
export const leads = {} as LeadTable;
let dynamo: TestLeadTable;

export function installS3(): void {
  installFakeS3(s3Mock, objects, {
    onPut: (input) => log.push(`put ${input.Key ?? ''}`),
    onCopy: (sourceKey, key) => log.push(`copy ${sourceKey} -> ${key}`),
  });
}

export function installWorkingSes(): void {
  sesMock.on(SendEmailCommand).callsFake((input: SendEmailCommandInput) => {
    log.push(`email ${input.Destination?.ToAddresses?.join(',') ?? ''}`);
    return { MessageId: `message-${log.length}` };
  });
}

/** SES that throttles mail to `failing` addresses (an error worth retrying) and delivers the rest. */
export function installSesFailingFor(...failing: string[]): void {
  sesMock.on(SendEmailCommand).callsFake((input: SendEmailCommandInput) => {
    const to = input.Destination?.ToAddresses?.join(',') ?? '';
    if (failing.includes(to)) {
      throw new TooManyRequestsException({
        message: 'Maximum sending rate exceeded.',
        $metadata: {},
      });
    }
    log.push(`email ${to}`);
    return { MessageId: `message-${log.length}` };
  });
}

/** SES that rejects mail to `rejected` addresses for good (no retry sends it) and delivers the rest. */
export function installSesRejecting(...rejected: string[]): void {
  sesMock.on(SendEmailCommand).callsFake((input: SendEmailCommandInput) => {
    const to = input.Destination?.ToAddresses?.join(',') ?? '';
    if (rejected.includes(to)) {
      throw new MessageRejected({ message: `Email address is not verified: ${to}`, $metadata: {} });
    }
    log.push(`email ${to}`);
    return { MessageId: `message-${log.length}` };
  });
}

/** A file the browser PUT into quarantine; answers its public link. */
export function uploaded(
  fileName: string,
  contentType: string,
  bytes: Buffer = MEDIA_SAMPLES[contentType as keyof typeof MEDIA_SAMPLES],
  id = ID,
): string {
  objects.set(`incoming/${id}/${fileName}`, { body: bytes, contentType });
  return `${BASE}/quote-photos/${id}/${fileName}`;
}

export const deps = (overrides: Partial<SendBookingEmailsDeps> = {}): SendBookingEmailsDeps => ({
  s3: new S3Client({ region: 'us-east-1' }),
  ses: new SESv2Client({ region: 'us-east-1' }),
  table: leads,
  bucket: 'quote-photos-bucket',
  publicBaseUrl: BASE,
  sender: 'Bulk Trash Pickup <quotes@example.com>',
  operationsAddress: OPS,
  now: () => NOW,
  retentionDays: 730,
  dailyConfirmationCap: 500,
  emitMetric: (line) => metrics.push(line),
  ...overrides,
});

export function booking(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: '  Jane Doe ',
    phone: '(602) 555-0134',
    email: 'jane@example.com',
    city: 'Phoenix',
    state: 'AZ',
    zipCode: '85001',
    description: 'Old sofa, two mattresses and a fridge.',
    photoUrls,
    photoCount: photoUrls.length,
    hasVideo: false,
    submissionId: ID,
    ...overrides,
  };
}

export const emailInputs = (): SendEmailCommandInput[] =>
  sesMock.commandCalls(SendEmailCommand).map((call) => call.args[0].input);

export const storedLead = async (id = ID) => {
  const lead = await getLead(leads, id);
  if (lead === undefined) throw new Error(`no lead ${id}`);
  return lead;
};

/** Before each test of the calling file: an empty S3, a working SES and a fresh table. */
export function useBookingWorld(): void {
  beforeAll(async () => {
    dynamo = await startTestLeadTable();
    // Every DynamoDB write, in order with the S3 writes and the emails.
    dynamo.table.client.middlewareStack.add(
      (next, context) => async (args) => {
        const name = String(context.commandName ?? '');
        if (/^(Put|Update|Delete|TransactWrite)/.test(name))
          log.push(`dynamo ${name.replace(/Command$/, '')}`);
        return next(args);
      },
      { step: 'initialize', name: 'logWrites' },
    );
  });

  beforeEach(async () => {
    s3Mock.reset();
    sesMock.reset();
    objects.clear();
    log.length = 0;
    metrics.length = 0;
    Object.assign(leads, await dynamo.freshTable());
    installS3();
    installWorkingSes();
    photoUrls.splice(
      0,
      photoUrls.length,
      uploaded('1763726400000_1.jpg', 'image/jpeg'),
      uploaded('1763726400000_2.png', 'image/png'),
      uploaded('1763726400000_3.heic', 'image/heic'),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  afterAll(async () => {
    s3Mock.restore();
    sesMock.restore();
    await dynamo.close();
  });
}
