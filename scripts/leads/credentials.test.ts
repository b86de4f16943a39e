import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { parseHaulerArgs } from '../haulers/options';
import { assumedRoleCredentials, chooseCredentials, sessionName } from './credentials';
import { parseArgs } from './options';

const ROLE = 'arn:aws:iam::123456789012:role/BulkTrashPickup-prod-LeadsOperationsRole1A2B';
const OTHER = 'arn:aws:iam::123456789012:role/ops-readonly';

describe('chooseCredentials', () => {
  it('assumes --role first, then OPERATIONS_ROLE_ARN, then the role the stack names', () => {
    const env = { OPERATIONS_ROLE_ARN: OTHER };
    expect(chooseCredentials(ROLE, env, undefined)).toEqual({
      kind: 'role',
      roleArn: ROLE,
      why: '--role',
    });
    expect(chooseCredentials(undefined, env, ROLE)).toMatchObject({
      kind: 'role',
      roleArn: OTHER,
    });
    expect(chooseCredentials(undefined, {}, ROLE)).toEqual({
      kind: 'role',
      roleArn: ROLE,
      why: "the stack's LeadsOperationsRoleArn",
    });
  });

  it('uses your own credentials when told none, or when nothing names a role', () => {
    expect(chooseCredentials('none', { OPERATIONS_ROLE_ARN: OTHER }, ROLE).kind).toBe('own');
    expect(chooseCredentials(undefined, { OPERATIONS_ROLE_ARN: 'none' }, ROLE).kind).toBe('own');
    expect(chooseCredentials(undefined, {}, undefined).kind).toBe('own');
  });

  it('refuses a role that is not a role ARN, naming where it came from', () => {
    expect(() => chooseCredentials('LeadsOperationsRole', {}, undefined)).toThrow(
      '--role must be a role ARN',
    );
    expect(() => chooseCredentials(undefined, { OPERATIONS_ROLE_ARN: 'admin' }, ROLE)).toThrow(
      'OPERATIONS_ROLE_ARN must be a role ARN',
    );
  });
});

describe('--role', () => {
  it('is read by both command lines, for the target to choose with', () => {
    expect(parseArgs(['list', '--stack', 'BulkTrashPickup-prod', '--role', ROLE]).role).toBe(ROLE);
    expect(parseHaulerArgs(['list', '--role', 'none']).role).toBe('none');
  });
});

describe('assumedRoleCredentials', () => {
  const sts = mockClient(STSClient);
  afterEach(() => sts.reset());
  afterAll(() => sts.restore());
  const answer = (key: string, expiration: Date) => ({
    Credentials: {
      AccessKeyId: key,
      SecretAccessKey: 'secret',
      SessionToken: 'token',
      Expiration: expiration,
    },
  });

  it('assumes the role once as operator-{user}, and again only near the end of the session', async () => {
    let now = Date.parse('2026-11-23T12:00:00Z');
    sts
      .on(AssumeRoleCommand)
      .resolvesOnce(answer('FIRST', new Date(now + 3600_000)))
      .resolvesOnce(answer('SECOND', new Date(now + 7200_000)));
    const credentials = assumedRoleCredentials(
      new STSClient({ region: 'us-east-1' }),
      ROLE,
      sessionName('ana maria'),
      () => now,
    );
    expect((await credentials()).accessKeyId).toBe('FIRST');
    now += 50 * 60_000;
    expect((await credentials()).accessKeyId).toBe('FIRST');
    now += 6 * 60_000;
    expect((await credentials()).accessKeyId).toBe('SECOND');
    expect(sts.commandCalls(AssumeRoleCommand).map((call) => call.args[0].input)).toEqual([
      { RoleArn: ROLE, RoleSessionName: 'operator-ana-maria', DurationSeconds: 3600 },
      { RoleArn: ROLE, RoleSessionName: 'operator-ana-maria', DurationSeconds: 3600 },
    ]);
  });

  it('fails with the role named when STS answers without credentials', async () => {
    sts.on(AssumeRoleCommand).resolves({});
    const credentials = assumedRoleCredentials(new STSClient({ region: 'us-east-1' }), ROLE, 'x');
    await expect(credentials()).rejects.toThrow(`STS AssumeRole of ${ROLE}`);
  });
});
