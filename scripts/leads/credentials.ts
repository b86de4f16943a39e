/**
 * Which credentials the operators' command lines act with against a deployed stack: the
 * stack's operations role, assumed through STS, so nobody needs admin credentials for them.
 */
import { AssumeRoleCommand, type STSClient } from '@aws-sdk/client-sts';

/** Names the role when --role does not: an ARN, or `none` for one's own credentials. */
export const ROLE_ENV = 'OPERATIONS_ROLE_ARN';
/** The stack output `--stack` finds the role in. */
export const ROLE_OUTPUT = 'LeadsOperationsRoleArn';

const ROLE_ARN = /^arn:aws[a-z-]*:iam::\d{12}:role\/[\w+=,.@/-]+$/;

export type CredentialChoice =
  { kind: 'own'; why: string } | { kind: 'role'; roleArn: string; why: string };

/** --role, else OPERATIONS_ROLE_ARN, else the stack's operations role, else one's own. */
export function chooseCredentials(
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  stackRoleArn: string | undefined,
): CredentialChoice {
  const named = (value: string, why: string): CredentialChoice => {
    if (value === 'none') return { kind: 'own', why: `${why} none` };
    if (!ROLE_ARN.test(value)) {
      throw new Error(`${why} must be a role ARN (arn:aws:iam::123456789012:role/…) or none.`);
    }
    return { kind: 'role', roleArn: value, why };
  };
  if (flag !== undefined) return named(flag, '--role');
  const fromEnv = env[ROLE_ENV];
  if (fromEnv !== undefined && fromEnv !== '') return named(fromEnv, ROLE_ENV);
  if (stackRoleArn !== undefined) {
    return { kind: 'role', roleArn: stackRoleArn, why: `the stack's ${ROLE_OUTPUT}` };
  }
  return { kind: 'own', why: `no --role, ${ROLE_ENV} or --stack` };
}

/** CloudTrail shows who acted: `operator-{user}`, in the characters STS allows. */
export function sessionName(user: string): string {
  return `operator-${user.replace(/[^\w+=,.@-]/g, '-')}`.slice(0, 64);
}

export interface TemporaryCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  expiration: Date;
}

/** Assumed once, and again five minutes before the session ends (a long `forget`). */
export function assumedRoleCredentials(
  sts: STSClient,
  roleArn: string,
  session: string,
  now: () => number = Date.now,
): () => Promise<TemporaryCredentials> {
  let current: TemporaryCredentials | undefined;
  return async () => {
    if (current !== undefined && current.expiration.getTime() - now() > 5 * 60_000) return current;
    const { Credentials } = await sts.send(
      new AssumeRoleCommand({ RoleArn: roleArn, RoleSessionName: session, DurationSeconds: 3600 }),
    );
    if (
      Credentials?.AccessKeyId === undefined ||
      Credentials.SecretAccessKey === undefined ||
      Credentials.SessionToken === undefined ||
      Credentials.Expiration === undefined
    ) {
      throw new Error(`STS AssumeRole of ${roleArn} answered without credentials.`);
    }
    current = {
      accessKeyId: Credentials.AccessKeyId,
      secretAccessKey: Credentials.SecretAccessKey,
      sessionToken: Credentials.SessionToken,
      expiration: Credentials.Expiration,
    };
    return current;
  };
}
