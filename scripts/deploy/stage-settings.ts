/**
 * Each stage's settings, committed as deploy/{stage}.json and validated here, so a deploy without
 * flags deploys what the last one did (decision 047). Flags (`-c key=value`) override one deploy.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT, STAGE_PATTERN } from '../../infra/config';
import { PAYMENT_SETTINGS } from '#contract/money/payments';

export const SETTINGS_DIR = path.join(REPO_ROOT, 'deploy');

const required = (what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `required: ${what}` : undefined;
const address = (what: string) => z.email({ error: required(what) });
const count = z.number().int().nonnegative().optional();
const amount = z.number().nonnegative().optional();
const text = z.string().trim().min(1).optional();

/** The keys are the CDK context keys of infra/config.ts, which checks each value again. */
export const stageSettingsSchema = z.strictObject({
  region: z
    .string({ error: required('the AWS region to deploy to, e.g. "us-east-1"') })
    .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'an AWS region like us-east-1'),
  senderAddress: address('the From: address of every email'),
  operationsAddress: address('where new requests and hauler applications are sent'),
  alarmEmail: address('who the alarms email (the subscription must be confirmed once)'),
  payments: z.enum(PAYMENT_SETTINGS, {
    error: (issue) =>
      issue.input === undefined
        ? 'required: "on" (pay on proof through Stripe, docs/deploy.md#stripe) or "off" (the homeowner pays the hauler directly)'
        : 'must be "on" or "off"',
  }),
  emailDomain: text,
  sesSandboxRecipients: z.array(z.email()).optional(),
  domainName: text,
  hostedZoneId: text,
  hostedZoneName: text,
  certificateArn: text,
  siteUrl: z
    .string()
    .regex(/^https:\/\/[a-z0-9.-]+\/?$/i, 'an origin like https://d111111abcdef8.cloudfront.net')
    .optional(),
  enableWaf: z.boolean().optional(),
  apiRateLimit: count,
  bookingRateLimit: count,
  haulerRateLimit: count,
  anonymousRateLimit: count,
  confirmationDailyCap: count,
  haulerApplicationDailyCap: count,
  leadRetentionDays: count,
  photoRetentionDays: count,
  photoBucketName: text,
  reservedConcurrency: count,
  offerBatchSize: count,
  offerRoundMinutes: amount,
  offerHours: amount,
  offerEscalationMinutes: amount,
  haulerDailyOffers: count,
  offerEscalationAlarmShare: amount,
});

export type StageSettings = z.infer<typeof stageSettingsSchema>;

export function stagesIn(dir = SETTINGS_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

/** Throws a sentence per problem, naming the file and the key. */
export function readStageSettings(stage: string, dir = SETTINGS_DIR): StageSettings {
  const file = path.join(path.relative(REPO_ROOT, dir), `${stage}.json`);
  if (!STAGE_PATTERN.test(stage)) {
    throw new Error(
      `'${stage}' is not a stage name: lower-case letters, digits and hyphens, like dev or prod.`,
    );
  }
  const full = path.join(dir, `${stage}.json`);
  if (!existsSync(full)) {
    const known = stagesIn(dir);
    throw new Error(
      `There is no ${file}: the stages are ${known.length > 0 ? known.join(', ') : 'none yet'} (copy one to add a stage).`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(full, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = stageSettingsSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const where = issue.path.map(String).join('.');
      return where === '' ? issue.message : `${where}: ${issue.message}`;
    });
    throw new Error(`${file} is not valid:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

/** RFC 2606 names and the like: SES can never verify them, so a deploy with one is a mistake. */
const RESERVED_DOMAIN = /(^|\.)(example(\.(com|net|org))?|test|invalid|localhost)$/i;

/** The address settings still at a reserved domain (the committed files start that way). */
export function placeholderAddresses(settings: StageSettings): string[] {
  const addresses: [string, string][] = [
    ['senderAddress', settings.senderAddress],
    ['operationsAddress', settings.operationsAddress],
    ['alarmEmail', settings.alarmEmail],
    ...(settings.sesSandboxRecipients ?? []).map((value, index): [string, string] => [
      `sesSandboxRecipients.${index}`,
      value,
    ]),
  ];
  return addresses
    .filter(([, value]) => RESERVED_DOMAIN.test(value.slice(value.lastIndexOf('@') + 1)))
    .map(([key]) => key);
}

/** The settings as CDK context values (`-c key=value`); the region is not context. */
export function settingsContext(settings: StageSettings): Record<string, string> {
  const context: Record<string, string> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (key === 'region' || value === undefined) continue;
    context[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return context;
}

export interface DeployArgs {
  stage: string;
  /** `-c key=value` from the command line, the last of each key. */
  flags: Record<string, string>;
  /** Everything else, for cdk deploy as given. */
  cdkArgs: string[];
}

/** `[stage, ...cdk deploy options]`: the stage comes first, then anything cdk deploy takes. */
export function parseDeployArgs(args: readonly string[]): DeployArgs {
  const [stage, ...rest] = args;
  if (stage === undefined || stage.startsWith('-')) {
    throw new Error(
      'Name the stage first: npm run deploy -- dev [cdk deploy options] (its settings are deploy/dev.json).',
    );
  }
  const flags: Record<string, string> = {};
  const cdkArgs: string[] = [];
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i]!;
    let pair: string | undefined;
    if (arg === '-c' || arg === '--context') {
      pair = rest[i + 1];
      i += 1;
    } else if (/^(-c|--context)=/.test(arg)) {
      pair = arg.slice(arg.indexOf('=') + 1);
    } else {
      cdkArgs.push(arg);
      continue;
    }
    const split = pair?.indexOf('=') ?? -1;
    if (pair === undefined || split <= 0) throw new Error(`${arg} needs key=value.`);
    flags[pair.slice(0, split)] = pair.slice(split + 1);
  }
  if (flags.stage !== undefined && flags.stage !== stage) {
    throw new Error(`-c stage=${flags.stage} contradicts the stage ${stage}: name the stage once.`);
  }
  return { stage, flags, cdkArgs };
}

/** Each key the deploy passes, its value and where it came from: what the deploy prints. */
export function describeContext(
  fileContext: Readonly<Record<string, string>>,
  flags: Readonly<Record<string, string>>,
  file: string,
): string[] {
  const keys = [...new Set([...Object.keys(fileContext), ...Object.keys(flags)])].sort();
  return keys.map((key) => {
    const fromFlag = flags[key];
    if (fromFlag === undefined) return `  ${key} = ${fileContext[key]}  (${file})`;
    const shadowed = fileContext[key];
    return `  ${key} = ${fromFlag}  (flag${shadowed === undefined ? '' : `; ${file} says ${shadowed}`})`;
  });
}
