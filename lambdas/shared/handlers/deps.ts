// Every handler's deps from its env at cold start: a piece exists when the env reads its variables.
import type { S3Client } from '@aws-sdk/client-s3';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { linkSecretsFromEnv, optionalLinkSecretsFromEnv } from '../links/link-secret';
import type { LinkSecretLoader } from '../links/link-secret';
import type { MailerDeps } from '../mail/mailer';
import { dynamoOutbox } from '../mail/outbox';
import { s3ClientFromEnv, sesClientFromEnv } from '../runtime/aws';
import { writeMetricLine } from '../runtime/metrics';
import { leadTableFromEnv } from '../runtime/table-handle';
import type { LeadTable } from '../runtime/table-handle';
import type { EnvValues } from '#contract/core/env';

/** A function that mails people their signed links; unit tests pass their own. */
export interface LinkMailDeps extends MailerDeps {
  table: LeadTable;
  secrets: LinkSecretLoader;
  publicBaseUrl: string;
  operationsAddress: string;
  /** SES configuration sets: mail to haulers, mail to operations. */
  haulerConfigurationSet?: string;
  operationsConfigurationSet?: string;
  emitMetric?: (line: string) => void;
}

type Env = Partial<EnvValues>;
type Piece<E, K extends string, T> = K extends keyof E ? T : unknown;

/** `optional`: the function works without a link secret (its env schema does not require one). */
export type LinkSecretNeed = 'required' | 'optional';

export type DepsFrom<E, Need extends LinkSecretNeed = 'required'> = {
  now: () => Date;
  emitMetric: (line: string) => void;
} & Piece<E, 'leadsTable', { table: LeadTable }> &
  Piece<E, 'bucketName', { s3: S3Client; bucket: string }> &
  Piece<E, 'senderAddress', { ses: SESv2Client; sender: string }> &
  Piece<E, 'publicBaseUrl', { publicBaseUrl: string }> &
  Piece<E, 'operationsAddress', { operationsAddress: string }> &
  Piece<
    E,
    'linkSecretArn',
    Need extends 'required' ? { secrets: LinkSecretLoader } : { secrets?: LinkSecretLoader }
  > &
  Piece<E, 'confirmationConfigurationSet', { haulerConfigurationSet?: string }> &
  Piece<E, 'operationsConfigurationSet', { operationsConfigurationSet?: string }>;

/** `env`: readEnv's answer for one function, which has checked a required secret is there. */
export function depsFromEnv<E extends Env, Need extends LinkSecretNeed = 'required'>(
  env: E,
  secret: Need = 'required' as Need,
): DepsFrom<E, Need> {
  const { leadsTable, bucketName, senderAddress, publicBaseUrl, operationsAddress } = env;
  const secrets = !('linkSecretArn' in env)
    ? undefined
    : secret === 'required'
      ? linkSecretsFromEnv(env)
      : optionalLinkSecretsFromEnv(env);
  const haulerSet = env.confirmationConfigurationSet;
  const operationsSet = env.operationsConfigurationSet;
  const table = leadsTable === undefined ? undefined : leadTableFromEnv({ ...env, leadsTable });
  const deps = {
    now: () => new Date(),
    emitMetric: writeMetricLine,
    ...(table === undefined ? {} : { table }),
    // Every mailer built from these deps keeps its emails in the outbox (decision 054).
    ...(table === undefined || senderAddress === undefined ? {} : { outbox: dynamoOutbox(table) }),
    ...(bucketName === undefined ? {} : { s3: s3ClientFromEnv(env), bucket: bucketName }),
    ...(senderAddress === undefined ? {} : { ses: sesClientFromEnv(env), sender: senderAddress }),
    ...(publicBaseUrl === undefined ? {} : { publicBaseUrl }),
    ...(operationsAddress === undefined ? {} : { operationsAddress }),
    ...(secrets === undefined ? {} : { secrets }),
    ...(haulerSet === undefined ? {} : { haulerConfigurationSet: haulerSet }),
    ...(operationsSet === undefined ? {} : { operationsConfigurationSet: operationsSet }),
  };
  return deps as DepsFrom<E, Need>;
}
