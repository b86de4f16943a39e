import * as z from 'zod/mini';
import type { FunctionName } from './api';
import { HAULER_COUNTED_LIMITS } from '../haulers/hauler-api';
import { OFFER_DEFAULTS } from '../loop/offers';
import { DEFAULT_LEAD_RETENTION_DAYS } from './table-keys';
import { PAYMENT_SETTINGS } from '../money/payments';

/** Every environment variable a function reads, by the name the stack and the local server set. */
export const ENV = {
  bucketName: 'BUCKET_NAME',
  leadsTable: 'LEADS_TABLE',
  publicBaseUrl: 'PUBLIC_BASE_URL',
  senderAddress: 'SENDER_ADDRESS',
  operationsAddress: 'OPERATIONS_ADDRESS',
  leadRetentionDays: 'LEAD_RETENTION_DAYS',
  confirmationDailyCap: 'CONFIRMATION_DAILY_CAP',
  haulerApplicationDailyCap: 'HAULER_APPLICATION_DAILY_CAP',
  confirmationConfigurationSet: 'SES_CONFIGURATION_SET',
  operationsConfigurationSet: 'SES_OPERATIONS_CONFIGURATION_SET',
  archiveKmsKeyId: 'LEADS_ARCHIVE_KMS_KEY_ID',
  linkSecretArn: 'LINK_SECRET_ARN',
  // The local stack and tests give the secret itself instead of an ARN.
  linkSecret: 'LINK_SECRET',
  linkSecretPrevious: 'LINK_SECRET_PREVIOUS',
  // The offer rounds' settings (OFFER_DEFAULTS when unset); the minutes and hours take decimals so
  // tests and the local stack can shorten them.
  offerBatchSize: 'OFFER_BATCH_SIZE',
  offerRoundMinutes: 'OFFER_ROUND_MINUTES',
  offerHours: 'OFFER_HOURS',
  offerEscalationMinutes: 'OFFER_ESCALATION_MINUTES',
  haulerDailyOffers: 'HAULER_DAILY_OFFERS',
  // Stripe (decision 053): Secrets Manager ARNs in AWS; the values themselves locally and in tests.
  stripeSecretKeyArn: 'STRIPE_SECRET_KEY_ARN',
  stripeWebhookSecretArn: 'STRIPE_WEBHOOK_SECRET_ARN',
  stripeSecretKey: 'STRIPE_SECRET_KEY',
  stripeWebhookSecret: 'STRIPE_WEBHOOK_SECRET',
  // Local stand-ins only; unset in AWS.
  stripeApiOrigin: 'STRIPE_API_ORIGIN',
  // Pay on proof (issue 39): `on` or `off`, no default (decision 048).
  payments: 'PAYMENTS',
  s3Endpoint: 'S3_ENDPOINT',
  s3ForcePathStyle: 'S3_FORCE_PATH_STYLE',
  sesEndpoint: 'SES_ENDPOINT',
  dynamodbEndpoint: 'DYNAMODB_ENDPOINT',
  secretsManagerEndpoint: 'SECRETS_MANAGER_ENDPOINT',
} as const;

export type EnvKey = keyof typeof ENV;

/** Homeowner confirmations per UTC day unless the stack's `confirmationDailyCap` says otherwise. */
export const DEFAULT_CONFIRMATION_DAILY_CAP = 500;

const missingOr = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is missing' : message),
});

/** Set and not blank, trimmed. */
function text(rule?: { pattern: RegExp; message: string }) {
  return z
    .string(missingOr('must be text'))
    .check(
      z.trim(),
      z.minLength(1, { error: 'is missing', abort: true }),
      ...(rule === undefined ? [] : [z.regex(rule.pattern, rule.message)]),
    );
}

/** Unset or blank reads as undefined. */
const optionalText = z.pipe(
  z.optional(z.string()),
  z.transform((value) => value?.trim() || undefined),
);

function wholeNumber(min: number, fallback: number) {
  return z.pipe(
    z.optional(z.string()),
    z.transform((value, ctx) => {
      const digits = value?.trim() ?? '';
      if (digits === '') return fallback;
      if (/^\d+$/.test(digits) && Number(digits) >= min) return Number(digits);
      ctx.issues.push({ code: 'custom', message: `must be a whole number ≥ ${min}`, input: value });
      return z.NEVER;
    }),
  );
}

function positiveNumber(fallback: number) {
  return z.pipe(
    z.optional(z.string()),
    z.transform((value, ctx) => {
      const text = value?.trim() ?? '';
      if (text === '') return fallback;
      if (/^\d+(\.\d+)?$/.test(text) && Number(text) > 0) return Number(text);
      ctx.issues.push({
        code: 'custom',
        message: 'must be a number > 0, e.g. 15 or 0.05',
        input: value,
      });
      return z.NEVER;
    }),
  );
}

// SES also takes a display name: `Bulk Trash Pickup <quotes@example.com>`.
const ADDRESS = z.regexes.email.source.replace(/^\^|\$$/g, '');
const email = () =>
  text({
    pattern: new RegExp(`^(?:${ADDRESS}|[^<>]*<${ADDRESS}>)$`),
    message: 'must be an email address',
  });

// An origin: the functions append paths to it.
const origin = () =>
  text({ pattern: /^https?:\/\/[^\s/]+$/, message: 'must be an origin like https://example.com' });

/** Each variable's rule, once; a function's schema picks the ones it reads. */
const ALL_ENV = z.object({
  bucketName: text(),
  leadsTable: text(),
  publicBaseUrl: origin(),
  senderAddress: email(),
  operationsAddress: email(),
  leadRetentionDays: wholeNumber(1, DEFAULT_LEAD_RETENTION_DAYS),
  confirmationDailyCap: wholeNumber(1, DEFAULT_CONFIRMATION_DAILY_CAP),
  haulerApplicationDailyCap: wholeNumber(1, HAULER_COUNTED_LIMITS.applicationDailyCap),
  confirmationConfigurationSet: optionalText,
  operationsConfigurationSet: optionalText,
  archiveKmsKeyId: optionalText,
  linkSecretArn: optionalText,
  linkSecret: optionalText,
  linkSecretPrevious: optionalText,
  offerBatchSize: wholeNumber(1, OFFER_DEFAULTS.batchSize),
  offerRoundMinutes: positiveNumber(OFFER_DEFAULTS.roundMinutes),
  offerHours: positiveNumber(OFFER_DEFAULTS.offerHours),
  offerEscalationMinutes: positiveNumber(OFFER_DEFAULTS.escalationMinutes),
  haulerDailyOffers: wholeNumber(1, OFFER_DEFAULTS.haulerDailyOffers),
  stripeSecretKeyArn: optionalText,
  stripeWebhookSecretArn: optionalText,
  stripeSecretKey: optionalText,
  stripeWebhookSecret: optionalText,
  stripeApiOrigin: z.pipe(
    optionalText,
    z.transform((value, ctx) => {
      if (value === undefined || /^https?:\/\/[^\s/]+$/.test(value)) return value;
      ctx.issues.push({
        code: 'custom',
        message: 'must be an origin like http://127.0.0.1:4568',
        input: value,
      });
      return z.NEVER;
    }),
  ),
  // No default: payments off is a stage's stated choice, never the accident of a missing value.
  payments: z.enum(PAYMENT_SETTINGS, missingOr('must be on or off')),
  s3Endpoint: optionalText,
  s3ForcePathStyle: z.pipe(
    z.optional(z.string()),
    z.transform((value) => value?.trim() === 'true'),
  ),
  sesEndpoint: optionalText,
  dynamodbEndpoint: optionalText,
  secretsManagerEndpoint: optionalText,
} satisfies Record<EnvKey, z.ZodMiniType>);

/** Parsed values by key; a shared helper takes the few it needs. */
export type EnvValues = z.output<typeof ALL_ENV>;

// Variables read together, each named in one group; a function's schema is made of groups.
const FILES = { bucketName: true, s3Endpoint: true, s3ForcePathStyle: true } as const;
const SITE = { publicBaseUrl: true } as const;
const SENDER = { senderAddress: true, sesEndpoint: true } as const;
const MAILS = { ...SITE, ...SENDER, operationsAddress: true } as const;
const HAULER_MAIL_SET = { confirmationConfigurationSet: true } as const;
const MAIL_SETS = { ...HAULER_MAIL_SET, operationsConfigurationSet: true } as const;
const RETENTION = { leadRetentionDays: true } as const;
const OFFER_SETTINGS = {
  offerBatchSize: true,
  offerRoundMinutes: true,
  offerHours: true,
  offerEscalationMinutes: true,
  haulerDailyOffers: true,
} as const;
const LEAD_TABLE = { leadsTable: true, dynamodbEndpoint: true } as const;
const SIGNED_LINKS = {
  linkSecretArn: true,
  linkSecret: true,
  linkSecretPrevious: true,
  secretsManagerEndpoint: true,
  ...LEAD_TABLE,
} as const;

const STRIPE = {
  stripeSecretKeyArn: true,
  stripeWebhookSecretArn: true,
  stripeSecretKey: true,
  stripeWebhookSecret: true,
  stripeApiOrigin: true,
  secretsManagerEndpoint: true,
} as const;

type StripeSecretValues = Pick<
  EnvValues,
  'stripeSecretKeyArn' | 'stripeSecretKey' | 'stripeWebhookSecretArn' | 'stripeWebhookSecret'
>;
type SecretIssues = { addIssue: (issue: z.core.$ZodRawIssue) => void };
type SecretArn = 'stripeSecretKeyArn' | 'stripeWebhookSecretArn';
function requireStripeSecrets(
  env: StripeSecretValues,
  ctx: SecretIssues,
  needed: readonly SecretArn[] = ['stripeSecretKeyArn', 'stripeWebhookSecretArn'],
) {
  if (
    needed.includes('stripeSecretKeyArn') &&
    env.stripeSecretKeyArn === undefined &&
    env.stripeSecretKey === undefined
  ) {
    ctx.addIssue({
      code: 'custom',
      message: `is missing (locally ${ENV.stripeSecretKey})`,
      path: ['stripeSecretKeyArn'],
      input: undefined,
    });
  }
  if (
    needed.includes('stripeWebhookSecretArn') &&
    env.stripeWebhookSecretArn === undefined &&
    env.stripeWebhookSecret === undefined
  ) {
    ctx.addIssue({
      code: 'custom',
      message: `is missing (locally ${ENV.stripeWebhookSecret})`,
      path: ['stripeWebhookSecretArn'],
      input: undefined,
    });
  }
}
const stripeSecrets = z.superRefine<StripeSecretValues>((env, ctx) =>
  requireStripeSecrets(env, ctx),
);

/** The setting and Stripe together: with payments on, the secret key is needed (decision 048). */
const PAYMENTS = { payments: true, ...STRIPE } as const;
const paymentsNeedStripe = z.superRefine<StripeSecretValues & Pick<EnvValues, 'payments'>>(
  (env, ctx) => {
    if (env.payments === 'on') requireStripeSecrets(env, ctx, ['stripeSecretKeyArn']);
  },
);

const aLinkSecret = z.refine<Pick<EnvValues, 'linkSecretArn' | 'linkSecret'>>(
  (env) => env.linkSecretArn !== undefined || env.linkSecret !== undefined,
  { message: `is missing (locally ${ENV.linkSecret})`, path: ['linkSecretArn'] },
);

/** One schema per function: what its handler reads at cold start. */
export const FUNCTION_ENV = {
  'create-upload-urls': z.pick(ALL_ENV, { ...FILES, ...SITE, ...LEAD_TABLE }),
  // Its link secret is optional: without one the two emails go out without the loop's links.
  'send-booking-emails': z.pick(ALL_ENV, {
    ...FILES,
    ...MAILS,
    ...RETENTION,
    confirmationDailyCap: true,
    ...MAIL_SETS,
    archiveKmsKeyId: true,
    ...SIGNED_LINKS,
    payments: true,
  }),
  // Reads a job's money from the table, never from Stripe: the setting alone.
  'read-lead': z.pick(ALL_ENV, { ...SIGNED_LINKS, payments: true }).check(aLinkSecret),
  'update-lead': z
    .pick(ALL_ENV, { ...MAILS, ...SIGNED_LINKS, ...PAYMENTS })
    .check(aLinkSecret, paymentsNeedStripe),
  'hauler-apply': z
    .pick(ALL_ENV, {
      ...FILES,
      ...MAILS,
      haulerApplicationDailyCap: true,
      ...MAIL_SETS,
      ...SIGNED_LINKS,
    })
    .check(aLinkSecret),
  'hauler-review': z
    .pick(ALL_ENV, {
      ...FILES,
      ...SITE,
      ...SENDER,
      ...RETENTION,
      ...HAULER_MAIL_SET,
      ...SIGNED_LINKS,
      payments: true,
    })
    .check(aLinkSecret),
  'hauler-account': z
    .pick(ALL_ENV, { ...FILES, ...MAILS, ...MAIL_SETS, ...SIGNED_LINKS, ...PAYMENTS })
    .check(aLinkSecret, paymentsNeedStripe),
  'hauler-documents': z
    .pick(ALL_ENV, { ...MAILS, ...MAIL_SETS, ...SIGNED_LINKS })
    .check(aLinkSecret),
  'job-updates': z
    .pick(ALL_ENV, { ...FILES, ...MAILS, ...MAIL_SETS, ...SIGNED_LINKS, ...PAYMENTS })
    .check(aLinkSecret, paymentsNeedStripe),
  'hauler-offers': z
    .pick(ALL_ENV, { ...MAILS, ...MAIL_SETS, ...OFFER_SETTINGS, ...SIGNED_LINKS, ...PAYMENTS })
    .check(aLinkSecret, paymentsNeedStripe),
  // Stripe's webhooks: the job's money and the hauler's payouts; no links. A dispute's email to
  // operations is kept in the outbox for the minute job to send (decision 058): no SES here.
  'stripe-webhook': z
    .pick(ALL_ENV, { ...STRIPE, ...LEAD_TABLE, operationsAddress: true })
    .check(stripeSecrets),
} satisfies Record<FunctionName, z.ZodMiniObject>;

export type FunctionEnv<N extends FunctionName> = z.output<(typeof FUNCTION_ENV)[N]>;
/** What a function's environment is written as: text per variable, by key. */
export type FunctionEnvInput<N extends FunctionName> = z.input<(typeof FUNCTION_ENV)[N]>;

/**
 * A function's configuration from its environment (`process.env` at cold start). Throws one error
 * naming every variable that is missing or wrong, e.g. "LEADS_TABLE is missing".
 */
export function readEnv<N extends FunctionName>(
  name: N,
  env: Readonly<Record<string, string | undefined>>,
): FunctionEnv<N> {
  const schema = FUNCTION_ENV[name];
  const keys = Object.keys(schema.shape) as EnvKey[];
  const result = z.safeParse(schema, Object.fromEntries(keys.map((key) => [key, env[ENV[key]]])));
  if (result.success) return result.data as FunctionEnv<N>;
  const problems = result.error.issues.map(
    (issue) => `${ENV[issue.path[0] as EnvKey] ?? name} ${issue.message}`,
  );
  throw new Error(`${name}: ${problems.join('; ')}`);
}

/** Values by key → variables by name, leaving out the unset ones. */
export function environmentOf(
  values: Readonly<Partial<Record<EnvKey, string>>>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .filter((entry): entry is [EnvKey, string] => entry[1] !== undefined)
      .map(([key, value]) => [ENV[key], value]),
  );
}
