/**
 * The world of the hauler endpoints' tests: a real lead table (dynalite), an in-memory S3 and SES
 * behind aws-sdk-client-mock, the deps of both functions, a real certificate of each type, and
 * the emails sent with the tokens in their links. Not imported by production code.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { VALID_HAULER_APPLICATION } from '../fixtures/hauler';
import { blankPdf } from '../fixtures/pdf';
import { mintApplicationId } from '../../lambdas/shared/runtime/abuse-counters';
import type { HaulerDecisionDeps } from '../../lambdas/shared/haulers/hauler-decisions';
import { linkClaims, signLink } from '../../lambdas/shared/links/signed-links';
import type { LinkClaims } from '../../lambdas/shared/links/signed-links';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import { MEDIA_SAMPLES, installFakeS3 } from './testing';
import type { StoredObject } from './testing';
import { startTestLeadTable } from './testing-leads';
import type { TestLeadTable } from './testing-leads';
import { TOKEN_FRAGMENT_PARAM } from '#contract/core/pages';
import type { LinkAction, LinkRole } from '#contract/loop/quote-loop';

export const NOW = new Date('2026-03-02T15:00:00.000Z');
export const BASE = 'https://www.example.com';
export const OPS = 'ops@example.com';
export const BUCKET = 'quote-photos-bucket';
export const SECRET = Buffer.from('unit-test-link-secret-0123456789abcdef');

/** A real one-page PDF, made by pdf-lib: the certificate check reads it whole. */
export const PDF = await blankPdf();

export const CERTIFICATES = {
  'application/pdf': PDF,
  'image/jpeg': MEDIA_SAMPLES['image/jpeg'],
  'image/png': MEDIA_SAMPLES['image/png'],
} as const;

export const s3Mock = mockClient(S3Client);
export const sesMock = mockClient(SESv2Client);
export const objects = new Map<string, StoredObject>();
export const table = {} as LeadTable;
let dynamo: TestLeadTable;

// Presigning signs locally with these; nothing reaches AWS.
const s3 = new S3Client({
  region: 'us-east-1',
  credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
  requestChecksumCalculation: 'WHEN_REQUIRED',
});
const ses = new SESv2Client({ region: 'us-east-1' });
const secrets = () => Promise.resolve({ current: SECRET, accepted: [SECRET] });

/** What both hauler functions take (each reads its own part). */
export interface HaulerWorldDeps extends HaulerDecisionDeps {
  s3: S3Client;
  bucket: string;
  operationsAddress: string;
  applicationDailyCap: number;
  uploadUrlSeconds: number;
}

export const deps = (overrides: Partial<HaulerWorldDeps> = {}): HaulerWorldDeps => ({
  table,
  s3,
  ses,
  bucket: BUCKET,
  secrets,
  publicBaseUrl: BASE,
  sender: 'Bulk Trash Pickup <quotes@example.com>',
  operationsAddress: OPS,
  applicationDailyCap: 100,
  uploadUrlSeconds: 300,
  retentionDays: 730,
  now: () => NOW,
  ...overrides,
});

/** The certificate the browser PUT into quarantine for this application. */
export function uploadCertificate(
  applicationId: string,
  contentType: keyof typeof CERTIFICATES = 'application/pdf',
  bytes: Buffer = CERTIFICATES[contentType],
): { contentType: string; size: number } {
  const extension = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' }[
    contentType
  ];
  objects.set(`incoming/haulers/${applicationId}/certificate.${extension}`, {
    body: bytes,
    contentType,
  });
  return { contentType, size: bytes.length };
}

/** An application id as the certificate URL mints it (decision 044), as of NOW. */
export const mintedId = (): Promise<string> => mintApplicationId(table, NOW);

/**
 * A valid application body whose certificate is uploaded; a freshly minted id and an address of
 * its own each time, unless `overrides` name them.
 */
export async function application(
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const applicationId = (overrides.applicationId as string | undefined) ?? (await mintedId());
  return {
    ...VALID_HAULER_APPLICATION,
    applicationId,
    email: `hauler.${applicationId.slice(0, 8)}@example.com`,
    ...overrides,
    insuranceCertificate: overrides.insuranceCertificate ?? uploadCertificate(applicationId),
  };
}

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export const sentMails = (): SentMail[] =>
  sesMock.commandCalls(SendEmailCommand).map(({ args: [{ input }] }) => ({
    to: input.Destination?.ToAddresses?.join(',') ?? '',
    subject: input.Content?.Simple?.Subject?.Data ?? '',
    text: input.Content?.Simple?.Body?.Text?.Data ?? '',
    html: input.Content?.Simple?.Body?.Html?.Data ?? '',
  }));

/** The token of the button `label` in an email's text part ("Label: https://…#t=TOKEN"). */
export function tokenIn(mail: SentMail, label: string): string {
  const line = mail.text.split('\n').find((l) => l.startsWith(`${label}: `));
  const token = line?.split(`#${TOKEN_FRAGMENT_PARAM}=`)[1];
  if (token === undefined) throw new Error(`No "${label}" link in ${mail.subject}`);
  return token;
}

export function sign(
  haulerId: string,
  role: LinkRole,
  action: LinkAction,
  options: { now?: Date; number?: number; secret?: Buffer } = {},
): string {
  const claims: LinkClaims = linkClaims(
    haulerId,
    role,
    action,
    options.now ?? NOW,
    options.number ?? 0,
  );
  return signLink(claims, options.secret ?? SECRET);
}

export function installWorkingSes(): void {
  sesMock.on(SendEmailCommand).callsFake((_input: SendEmailCommandInput) => ({ MessageId: 'm' }));
}

/** Before each test of the calling file: an empty S3, a working SES and a fresh table. */
export function useHaulerWorld(): void {
  beforeAll(async () => {
    dynamo = await startTestLeadTable();
  });
  beforeEach(async () => {
    s3Mock.reset();
    sesMock.reset();
    objects.clear();
    Object.assign(table, await dynamo.freshTable());
    installFakeS3(s3Mock, objects);
    installWorkingSes();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
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
