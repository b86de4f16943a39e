import { describe, expect, it } from 'vitest';
import { sendBookingEmails } from './send-booking-emails';
import {
  OPS,
  booking,
  deps,
  emailInputs,
  metrics,
  storedLead,
  uploaded,
  useBookingWorld,
} from '../../test/support/testing-booking';

useBookingWorld();

describe('sendBookingEmails, abuse limits', () => {
  const flood = async (count: number, address: (i: number) => string, extra = {}) => {
    const outcomes = [];
    for (let i = 0; i < count; i += 1) {
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      const urls = [
        uploaded('1_1.jpg', 'image/jpeg', undefined, id),
        uploaded('1_2.jpg', 'image/jpeg', undefined, id),
      ];
      outcomes.push(
        await sendBookingEmails(
          booking({ submissionId: id, email: address(i), photoUrls: urls, photoCount: 2 }),
          deps(extra),
        ),
      );
    }
    return outcomes;
  };

  it('sends at most 3 confirmations to one address, however it is spelled; stores and notifies every request', async () => {
    const spellings = [
      'victim@example.com',
      'Victim@Example.com',
      ' victim+1@example.com',
      'victim+2@EXAMPLE.com',
    ];
    const outcomes = await flood(6, (i) => spellings[i % spellings.length] ?? '');
    expect(outcomes.every((o) => o.statusCode === 200)).toBe(true);
    const to = emailInputs().map((input) => input.Destination?.ToAddresses?.[0] ?? '');
    expect(to.filter((address) => address !== OPS)).toHaveLength(3);
    expect(to.filter((address) => address === OPS)).toHaveLength(6);

    const subjects = emailInputs()
      .filter((input) => input.Destination?.ToAddresses?.[0] === OPS)
      .map((input) => input.Content?.Simple?.Subject?.Data ?? '');
    expect(subjects.filter((s) => s.startsWith('[confirmation withheld: limit] '))).toHaveLength(3);

    const withheld = await storedLead('00000000-0000-4000-8000-000000000005');
    expect(withheld).toMatchObject({
      confirmationAllowance: 'limit',
      emails: { confirmation: 'withheld', operations: 'sent' },
      emailErrors: { confirmation: 'limit' },
    });
    expect(metrics.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual(
      Array.from({ length: 3 }, () =>
        expect.objectContaining({ Reason: 'limit', ConfirmationsWithheld: 1 }),
      ),
    );
  });

  it('counts the spellings Gmail delivers to one inbox as one address: 3 confirmations of 6', async () => {
    const spellings = [
      'a.b@gmail.com',
      'ab@gmail.com',
      'A.B+x@googlemail.com',
      'a.b+y@GMAIL.COM',
      'ab@googlemail.com',
      '  A.b@Gmail.com',
    ];
    const outcomes = await flood(6, (i) => spellings[i] ?? '');
    expect(outcomes.every((o) => o.statusCode === 200)).toBe(true);
    const to = emailInputs().map((input) => input.Destination?.ToAddresses?.[0] ?? '');
    expect(to.filter((address) => address !== OPS)).toHaveLength(3);
    expect(to.filter((address) => address === OPS)).toHaveLength(6);
  });

  it('keeps dots significant outside Gmail: a.b@ and ab@ at another provider are two inboxes', async () => {
    const spellings = ['a.b@outlook.com', 'ab@outlook.com'];
    await flood(6, (i) => spellings[i % 2] ?? '');
    const to = emailInputs().map((input) => input.Destination?.ToAddresses?.[0] ?? '');
    expect(to.filter((address) => address !== OPS)).toHaveLength(6);
  });

  it('stops confirmations at the daily cap, says so to operations, and emits the alarm metric', async () => {
    const outcomes = await flood(3, (i) => `person${i}@example.com`, { dailyConfirmationCap: 2 });
    expect(outcomes.every((o) => o.statusCode === 200)).toBe(true);
    const to = emailInputs().map((input) => input.Destination?.ToAddresses?.[0]);
    expect(to.filter((address) => address !== OPS)).toEqual([
      'person0@example.com',
      'person1@example.com',
    ]);
    const lastNotification = emailInputs().at(-1);
    expect(lastNotification?.Content?.Simple?.Body?.Text?.Data).toContain(
      'confirmation withheld: daily cap',
    );
    expect(metrics).toHaveLength(1);
    expect(JSON.parse(metrics[0] ?? '{}')).toMatchObject({
      _aws: { CloudWatchMetrics: [{ Namespace: 'BulkTrashPickup', Dimensions: [['Reason']] }] },
      Reason: 'daily-cap',
      ConfirmationsWithheld: 1,
    });
  });
});
