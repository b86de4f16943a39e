/**
 * The CDK app's settings, read from CDK context (`cdk.json` or `-c key=value`) with their defaults.
 * `readConfig` is the only place that reads context; `BulkTrashConfig` documents every key.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Node } from 'constructs';
import { DEFAULT_CONFIRMATION_DAILY_CAP } from '#contract/env';
import { DEFAULT_LEAD_RETENTION_DAYS } from '#contract/table-keys';

/** The repository root (this file lives in `<root>/infra/`). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const PLACEHOLDER_SENDER = 'quotes@example.com';
export const PLACEHOLDER_OPERATIONS = 'operations@example.com';
/** Reserved concurrency of each API function unless context says otherwise. */
export const DEFAULT_RESERVED_CONCURRENCY = 5;
/** How many functions reserve `reservedConcurrency` each (the four API functions). */
export const RESERVING_FUNCTION_COUNT = 4;

export interface BulkTrashConfig {
  /** Pre-rendered site, absolute. Context `siteDir`, default `build/client` (relative to the repo root). */
  siteDir: string;
  /**
   * Deploy even when `siteDir` does not exist, with no site files (else the synth fails).
   * Context `allowEmptySite`, default false.
   */
  allowEmptySite: boolean;
  /** From address of both emails. Context `senderAddress`. */
  senderAddress: string;
  /** Receives the operations notification. Context `operationsAddress`. */
  operationsAddress: string;
  /** Names of the settings that fell back to a placeholder (the synth fails unless allowed). */
  placeholders: string[];
  /**
   * Synthesize with the example.com placeholders on purpose (a warning instead of an error).
   * Context `allowExampleAddresses`, default false.
   */
  allowExampleAddresses: boolean;
  /** SES domain identity (Easy DKIM) instead of an address identity. Context `emailDomain`. */
  emailDomain?: string;
  /**
   * Verified recipient addresses the send function may mail while the SES account is in the
   * sandbox (SES then authorises ses:SendEmail against the recipient identities too).
   * Context `sesSandboxRecipients`, comma-separated.
   */
  sesSandboxRecipients: string[];
  /** Quote-photos bucket name. Context `photoBucketName`, default `quote-photos-{account}-{region}`. */
  photoBucketName?: string;
  /** Days uploaded photos and videos are kept. Context `photoRetentionDays`, default 180. */
  photoRetentionDays: number;
  /** Custom domain of the site, e.g. `www.example.com`. Context `domainName`. */
  domainName?: string;
  /** Route 53 public hosted zone for DNS validation, alias records and DKIM. Context `hostedZoneId`. */
  hostedZoneId?: string;
  /** Its name. Context `hostedZoneName`, default: `domainName`. */
  hostedZoneName?: string;
  /** An existing ACM certificate in us-east-1 for `domainName`. Context `certificateArn`. */
  certificateArn?: string;
  /**
   * The site's public URL when it is known before deploy (e.g. `https://d111.cloudfront.net` from
   * the first deploy's output). Context `siteUrl`, default: `https://{domainName}`, else the
   * distribution's own domain, wired into the functions after the distribution exists.
   */
  siteUrl?: string;
  /**
   * Attach the WAFv2 web ACL (stack must be in us-east-1). Context `enableWaf`, default true:
   * opt out with `-c enableWaf=false` (e.g. to deploy outside us-east-1).
   */
  enableWaf: boolean;
  /** Requests per IP per 5 minutes to /api/* before the WAF blocks. Context `apiRateLimit`, default 100. */
  apiRateLimit: number;
  /**
   * Requests per IP per 5 minutes to POST /api/send-booking-emails before the WAF blocks.
   * Context `bookingRateLimit`, default 10 (WAF's smallest rate limit).
   */
  bookingRateLimit: number;
  /** Days a lead is kept (DynamoDB TTL and the S3 archive's expiry). Context `leadRetentionDays`, default 730. */
  leadRetentionDays: number;
  /** Homeowner confirmations sent per UTC day at most. Context `confirmationDailyCap`, default 500. */
  confirmationDailyCap: number;
  /**
   * Reserved concurrency of every API function; 0 reserves none (the functions then share the
   * account's unreserved pool). Context `reservedConcurrency`, default 5; `npm run deploy` passes
   * what the account's concurrency limit allows (scripts/deploy/).
   */
  reservedConcurrency: number;
  /** Subscribed to the alarm topic when given. Context `alarmEmail`. */
  alarmEmail?: string;
}

function stringValue(node: Node, key: string): string | undefined {
  const raw: unknown = node.tryGetContext(key);
  if (raw === undefined || raw === null) return undefined;
  const value = String(raw).trim();
  return value === '' ? undefined : value;
}

function booleanValue(node: Node, key: string, fallback: boolean): boolean {
  const value = stringValue(node, key);
  if (value === undefined) return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new Error(`Context ${key} must be true or false, got '${value}'.`);
}

function integerValue(node: Node, key: string, fallback: number, min: number, max: number): number {
  const value = stringValue(node, key);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new Error(`Context ${key} must be an integer from ${min} to ${max}, got '${value}'.`);
  }
  return parsed;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

function emailValue(node: Node, key: string): string | undefined {
  const value = stringValue(node, key);
  if (value !== undefined && !EMAIL.test(value)) {
    throw new Error(`Context ${key} must be an email address, got '${value}'.`);
  }
  return value;
}

function domainValue(node: Node, key: string): string | undefined {
  const value = stringValue(node, key)?.toLowerCase().replace(/\.$/, '');
  if (value !== undefined && !DOMAIN.test(value)) {
    throw new Error(`Context ${key} must be a domain name like example.com, got '${value}'.`);
  }
  return value;
}

export function readConfig(node: Node): BulkTrashConfig {
  if (node.tryGetContext('domain') !== undefined) {
    throw new Error(
      "Context 'domain' is ambiguous: use 'emailDomain' for the SES sending domain and 'domainName' for the site's custom domain.",
    );
  }
  const placeholders: string[] = [];
  const senderAddress =
    emailValue(node, 'senderAddress') ?? (placeholders.push('senderAddress'), PLACEHOLDER_SENDER);
  const operationsAddress =
    emailValue(node, 'operationsAddress') ??
    (placeholders.push('operationsAddress'), PLACEHOLDER_OPERATIONS);

  const emailDomain = domainValue(node, 'emailDomain');
  if (emailDomain !== undefined && !senderAddress.toLowerCase().endsWith(`@${emailDomain}`)) {
    throw new Error(
      `senderAddress ${senderAddress} must be an address at emailDomain ${emailDomain}.`,
    );
  }

  const sesSandboxRecipients = (stringValue(node, 'sesSandboxRecipients') ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter((address) => address !== '');
  for (const address of sesSandboxRecipients) {
    if (!EMAIL.test(address))
      throw new Error(`sesSandboxRecipients: '${address}' is not an email address.`);
  }

  const photoBucketName = stringValue(node, 'photoBucketName');
  if (
    photoBucketName !== undefined &&
    !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(photoBucketName)
  ) {
    throw new Error(`Context photoBucketName '${photoBucketName}' is not a valid S3 bucket name.`);
  }

  const domainName = domainValue(node, 'domainName');
  const hostedZoneId = stringValue(node, 'hostedZoneId');
  const hostedZoneName =
    domainValue(node, 'hostedZoneName') ?? (hostedZoneId !== undefined ? domainName : undefined);
  const certificateArn = stringValue(node, 'certificateArn');
  if (domainName !== undefined && hostedZoneId === undefined && certificateArn === undefined) {
    throw new Error(
      'Context domainName needs either hostedZoneId (to create and DNS-validate a certificate) or certificateArn (an existing us-east-1 certificate).',
    );
  }
  if (hostedZoneId !== undefined && hostedZoneName === undefined) {
    throw new Error('Context hostedZoneId needs hostedZoneName (or domainName).');
  }
  if (
    certificateArn !== undefined &&
    !/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn)
  ) {
    throw new Error(
      'Context certificateArn must be an ACM certificate ARN in us-east-1 (CloudFront only uses those).',
    );
  }

  const siteUrl = stringValue(node, 'siteUrl')?.replace(/\/+$/, '');
  if (siteUrl !== undefined && !/^https:\/\/[a-z0-9.-]+$/i.test(siteUrl)) {
    throw new Error(
      `Context siteUrl must be an origin like https://d111111abcdef8.cloudfront.net, got '${siteUrl}'.`,
    );
  }

  const siteDir = path.resolve(REPO_ROOT, stringValue(node, 'siteDir') ?? 'build/client');

  return {
    siteDir,
    allowEmptySite: booleanValue(node, 'allowEmptySite', false),
    senderAddress,
    operationsAddress,
    placeholders,
    allowExampleAddresses: booleanValue(node, 'allowExampleAddresses', false),
    emailDomain,
    sesSandboxRecipients,
    photoBucketName,
    photoRetentionDays: integerValue(node, 'photoRetentionDays', 180, 1, 3650),
    domainName,
    hostedZoneId,
    hostedZoneName,
    certificateArn,
    siteUrl,
    enableWaf: booleanValue(node, 'enableWaf', true),
    apiRateLimit: integerValue(node, 'apiRateLimit', 100, 10, 2_000_000_000),
    bookingRateLimit: integerValue(node, 'bookingRateLimit', 10, 10, 2_000_000_000),
    leadRetentionDays: integerValue(
      node,
      'leadRetentionDays',
      DEFAULT_LEAD_RETENTION_DAYS,
      1,
      36_500,
    ),
    confirmationDailyCap: integerValue(
      node,
      'confirmationDailyCap',
      DEFAULT_CONFIRMATION_DAILY_CAP,
      1,
      1_000_000,
    ),
    reservedConcurrency: integerValue(
      node,
      'reservedConcurrency',
      DEFAULT_RESERVED_CONCURRENCY,
      0,
      1000,
    ),
    alarmEmail: emailValue(node, 'alarmEmail'),
  };
}
