import { describe, expect, it } from 'vitest';
import {
  decideReservedConcurrency,
  explicitReservedConcurrency,
  profileArgument,
} from './reserved-concurrency';

const stack = { functions: 4, perFunction: 5 };

describe('decideReservedConcurrency', () => {
  it.each([
    // limit, unreserved, reserved by this stack → per function
    ['a new account (limit 10)', 10, 10, 0, 0],
    ['an account just under the 120 four reservations of 5 need', 119, 119, 0, 0],
    ['an account at exactly 120 (100 left unreserved)', 120, 120, 0, 5],
    ['an established account (limit 1,000)', 1000, 1000, 0, 5],
    ['a redeploy at exactly 120, the stack already holding its 20', 120, 100, 20, 5],
    ['a redeploy on a new account that reserved nothing before', 10, 10, 0, 0],
    ['an account whose other functions reserve 890 of 1,000', 1000, 110, 0, 0],
    ['an account whose other functions reserve 880 of 1,000', 1000, 120, 0, 5],
    ['a redeploy after other functions took most of the pool', 1000, 95, 20, 0],
  ])(
    '%s: limit %i, unreserved %i, held by the stack %i → %i each',
    (_, limit, unreserved, held, expected) => {
      const decision = decideReservedConcurrency(
        { region: 'us-east-1', limit, unreserved, reservedByStack: held },
        stack,
      );
      expect(decision.perFunction).toBe(expected);
    },
  );

  it('says in one sentence that nothing is reserved, why, and what limit would allow it', () => {
    const { sentence } = decideReservedConcurrency(
      { region: 'us-east-1', limit: 10, unreserved: 10, reservedByStack: 0 },
      stack,
    );
    expect(sentence).toBe(
      "Reserving no concurrency for the 4 API functions: the account's Lambda concurrency limit in us-east-1 is 10, and reserving 5 for each needs a limit of at least 120 because Lambda keeps 100 unreserved, so they share the account's pool instead (ask for a higher quota and deploy again to reserve).",
    );
  });

  it('counts the reservations of functions that run one at a time in the limit it needs', () => {
    const withJob = { ...stack, fixed: 1 };
    const account = (limit: number) => ({
      region: 'us-east-1',
      limit,
      unreserved: limit,
      reservedByStack: 0,
    });
    expect(decideReservedConcurrency(account(120), withJob).perFunction).toBe(0);
    expect(decideReservedConcurrency(account(120), withJob).sentence).toContain(
      'needs a limit of at least 121',
    );
    expect(decideReservedConcurrency(account(121), withJob).perFunction).toBe(5);
  });

  it('counts what other functions hold in the limit it would need', () => {
    const { sentence } = decideReservedConcurrency(
      { region: 'us-east-1', limit: 1000, unreserved: 110, reservedByStack: 0 },
      stack,
    );
    expect(sentence).toContain('is 1000 (890 reserved by other functions)');
    expect(sentence).toContain('needs a limit of at least 1010');
  });

  it('says what is reserved, what other functions hold and what stays unreserved', () => {
    const { sentence } = decideReservedConcurrency(
      { region: 'eu-west-1', limit: 1000, unreserved: 970, reservedByStack: 20 },
      stack,
    );
    expect(sentence).toBe(
      "Reserving 5 concurrent executions for each of the 4 API functions: the account's Lambda concurrency limit in eu-west-1 is 1000 (10 reserved by other functions), which leaves 970 unreserved (Lambda keeps at least 100).",
    );
    expect(sentence.split('. ')).toHaveLength(1);
  });
});

describe('explicitReservedConcurrency', () => {
  it.each([
    [['-c', 'reservedConcurrency=0'], '0'],
    [['--context', 'reservedConcurrency=20'], '20'],
    [['-c=reservedConcurrency=3'], '3'],
    [['--context=reservedConcurrency=7'], '7'],
    [
      [
        '-c',
        'senderAddress=a@b.example',
        '-c',
        'reservedConcurrency=2',
        '--require-approval',
        'never',
      ],
      '2',
    ],
    [['-c', 'reservedConcurrency=2', '-c', 'reservedConcurrency=9'], '9'],
  ])('reads %j from the command line as %s', (args, expected) => {
    expect(explicitReservedConcurrency(args, {})).toBe(expected);
  });

  it('prefers the command line to cdk.json, and reads cdk.json when the command line is silent', () => {
    expect(
      explicitReservedConcurrency(['-c', 'reservedConcurrency=1'], { reservedConcurrency: 20 }),
    ).toBe('1');
    expect(explicitReservedConcurrency([], { reservedConcurrency: 20 })).toBe('20');
  });

  it('is undefined when nobody chose, whatever other context is given', () => {
    expect(
      explicitReservedConcurrency(
        ['-c', 'reservedConcurrencyX=1', '-c', 'siteDir=reservedConcurrency=1'],
        {
          enableWaf: true,
        },
      ),
    ).toBeUndefined();
  });
});

describe('profileArgument', () => {
  it('reads --profile in both spellings', () => {
    expect(profileArgument(['--profile', 'prod', '-c', 'a=b'])).toBe('prod');
    expect(profileArgument(['--profile=staging'])).toBe('staging');
    expect(profileArgument(['-c', 'a=b'])).toBeUndefined();
  });
});
