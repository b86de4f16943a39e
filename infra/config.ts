// The CDK app's settings from CDK context (`cdk.json` or `-c key=value`): readConfig is the only
// reader. docs/deploy.md's Configuration table gives each key's meaning and default.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Node } from 'constructs';
import { FUNCTION_NAMES } from '#contract/core/api';
import type { FunctionName } from '#contract/core/api';
import { DEFAULT_CONFIRMATION_DAILY_CAP } from '#contract/core/env';
import { HAULER_COUNTED_LIMITS } from '#contract/haulers/hauler-api';
import { OFFER_DEFAULTS } from '#contract/loop/offers';
import type { OfferSettings } from '#contract/loop/offers';
import { DEFAULT_LEAD_RETENTION_DAYS } from '#contract/core/table-keys';
import { PAYMENT_SETTINGS, type PaymentSetting } from '#contract/money/payments';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const PLACEHOLDER_SENDER = 'quotes@example.com';
export const PLACEHOLDER_OPERATIONS = 'operations@example.com';
export const DEFAULT_RESERVED_CONCURRENCY = 5;
/** Run one at a time: each reserves 1 whatever `reservedConcurrency` is (0 still reserves none). */
export const SINGLE_RUN_FUNCTIONS = [
  'hauler-offers',
  'hauler-documents',
] as const satisfies readonly FunctionName[];
/** Every other function reserves `reservedConcurrency`. */
export const RESERVING_FUNCTION_COUNT = FUNCTION_NAMES.length - SINGLE_RUN_FUNCTIONS.length;
/** Escalated / OffersStarted over a UTC day above this share raises the alarm. */
export const DEFAULT_OFFER_ESCALATION_ALARM_SHARE = 0.25;
export const DEFAULT_STAGE = 'dev';
/** Lower case, at most 12 characters: it goes into the quote-photos bucket's global name. */
export const STAGE_PATTERN = /^[a-z](?:[a-z0-9-]{0,10}[a-z0-9])?$/;

/** Each key is the context key of the same name. */
export interface BulkTrashConfig {
  /** In the stack's name and the names the stack chooses (dev, prod). */
  stage: string;
  /** Absolute. */
  siteDir: string;
  allowEmptySite: boolean;
  senderAddress: string;
  operationsAddress: string;
  /** Not a key: the address settings that fell back to a placeholder. */
  placeholders: string[];
  allowExampleAddresses: boolean;
  emailDomain?: string;
  sesSandboxRecipients: string[];
  photoBucketName?: string;
  photoRetentionDays: number;
  domainName?: string;
  hostedZoneId?: string;
  hostedZoneName?: string;
  certificateArn?: string;
  siteUrl?: string;
  enableWaf: boolean;
  apiRateLimit: number;
  bookingRateLimit: number;
  haulerRateLimit: number;
  /** Requests per IP per 5 minutes to /api/* from VPNs, relays and hosting providers. */
  anonymousRateLimit: number;
  leadRetentionDays: number;
  confirmationDailyCap: number;
  haulerApplicationDailyCap: number;
  /** 0 reserves none. */
  reservedConcurrency: number;
  /** The offer rounds: offerBatchSize, offerRoundMinutes, offerHours, offerEscalationMinutes, haulerDailyOffers. */
  offers: OfferSettings;
  offerEscalationAlarmShare: number;
  /** Pay on proof through Stripe, or the homeowner pays the hauler directly: no default. */
  payments: PaymentSetting;
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

/** A number (decimals allowed) from `min` to `max`. */
function numberValue(node: Node, key: string, fallback: number, min: number, max: number): number {
  const value = stringValue(node, key);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || parsed < min || parsed > max) {
    throw new Error(`Context ${key} must be a number from ${min} to ${max}, got '${value}'.`);
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

/** Stated, never assumed: a missing `payments` must not quietly turn money off (decision 048). */
function paymentValue(node: Node): PaymentSetting {
  const value = stringValue(node, 'payments');
  const setting = PAYMENT_SETTINGS.find((each) => each === value);
  if (setting === undefined) {
    throw new Error(
      `Context payments must be on or off${value === undefined ? '' : `, got '${value}'`}: set "payments" in deploy/{stage}.json (docs/deploy.md#stripe).`,
    );
  }
  return setting;
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

  const stage = stringValue(node, 'stage') ?? DEFAULT_STAGE;
  if (!STAGE_PATTERN.test(stage)) {
    throw new Error(
      `Context stage must be lower-case letters, digits and hyphens (at most 12), like dev or prod, got '${stage}'.`,
    );
  }

  return {
    stage,
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
    haulerRateLimit: integerValue(node, 'haulerRateLimit', 10, 10, 2_000_000_000),
    anonymousRateLimit: integerValue(node, 'anonymousRateLimit', 20, 10, 2_000_000_000),
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
    haulerApplicationDailyCap: integerValue(
      node,
      'haulerApplicationDailyCap',
      HAULER_COUNTED_LIMITS.applicationDailyCap,
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
    offers: {
      batchSize: integerValue(node, 'offerBatchSize', OFFER_DEFAULTS.batchSize, 1, 10),
      roundMinutes: numberValue(node, 'offerRoundMinutes', OFFER_DEFAULTS.roundMinutes, 1, 1440),
      offerHours: numberValue(node, 'offerHours', OFFER_DEFAULTS.offerHours, 1, 24 * 14),
      escalationMinutes: numberValue(
        node,
        'offerEscalationMinutes',
        OFFER_DEFAULTS.escalationMinutes,
        1,
        24 * 60,
      ),
      haulerDailyOffers: integerValue(
        node,
        'haulerDailyOffers',
        OFFER_DEFAULTS.haulerDailyOffers,
        1,
        1000,
      ),
    },
    offerEscalationAlarmShare: numberValue(
      node,
      'offerEscalationAlarmShare',
      DEFAULT_OFFER_ESCALATION_ALARM_SHARE,
      0,
      1,
    ),
    payments: paymentValue(node),
    alarmEmail: emailValue(node, 'alarmEmail'),
  };
}

/** The CI stack's settings; undefined without `githubRepository` (then there is no CI stack). */
export interface CiConfig {
  /** `owner/name` on GitHub. */
  repository: string;
  /** Only workflow runs on this branch may deploy. */
  branch: string;
  /** An account has one GitHub OIDC provider: reuse it when another stack made it. */
  oidcProviderArn?: string;
}

export function readCiConfig(node: Node): CiConfig | undefined {
  const repository = stringValue(node, 'githubRepository');
  if (repository === undefined) return undefined;
  if (!/^[\w.-]+\/[\w.-]+$/.test(repository)) {
    throw new Error(`Context githubRepository must be owner/name, got '${repository}'.`);
  }
  const branch = stringValue(node, 'githubBranch') ?? 'main';
  if (!/^[\w./-]+$/.test(branch)) {
    throw new Error(`Context githubBranch must be a branch name, got '${branch}'.`);
  }
  const oidcProviderArn = stringValue(node, 'githubOidcProviderArn');
  if (
    oidcProviderArn !== undefined &&
    !/^arn:aws[a-z-]*:iam::\d{12}:oidc-provider\/token\.actions\.githubusercontent\.com$/.test(
      oidcProviderArn,
    )
  ) {
    throw new Error(
      `Context githubOidcProviderArn must be the ARN of the token.actions.githubusercontent.com provider, got '${oidcProviderArn}'.`,
    );
  }
  return { repository, branch, oidcProviderArn };
}
