import { describe, expect, it } from 'vitest';
import { parseHaulerArgs } from './options';

const ID = '6b1f0a52-93c4-4e0b-8a47-2f7c1d9e5a30';

describe('npm run haulers arguments', () => {
  it('reads list with a status and a ZIP', () => {
    expect(parseHaulerArgs(['list', '--status', 'active', '--zip', '85001'])).toMatchObject({
      command: 'list',
      status: 'active',
      zip: '85001',
    });
  });

  it('reads approve with its expiry and a deployed stack', () => {
    expect(
      parseHaulerArgs([
        'approve',
        ID.toUpperCase(),
        '--insurance-expires',
        '2027-01-31',
        '--stack',
        'S',
      ]),
    ).toMatchObject({
      command: 'approve',
      haulerId: ID,
      insuranceExpires: '2027-01-31',
      stack: 'S',
    });
  });

  it('reads file-work, which names no hauler, against a deployed stack', () => {
    expect(parseHaulerArgs(['file-work', '--stack', 'S'])).toEqual({
      command: 'file-work',
      stack: 'S',
      yes: false,
    });
  });

  it.each([
    [['file-work', ID], `Unexpected argument '${ID}'`],
    [['show'], 'show needs a hauler id'],
    [['show', '../etc'], 'show needs a hauler id'],
    [['approve', ID], 'approve needs --insurance-expires'],
    [['reject', ID], 'reject needs --reason'],
    [['list', '--status', 'asleep'], '--status is one of'],
    [['list', '--zip', '850'], '--zip takes a five-digit ZIP code'],
    [['pause', ID, '--until'], '--until needs a value'],
    [['fly'], "Unknown command 'fly'"],
  ])('refuses %j, saying what is wrong', (argv, message) => {
    expect(() => parseHaulerArgs(argv)).toThrow(message);
  });
});
