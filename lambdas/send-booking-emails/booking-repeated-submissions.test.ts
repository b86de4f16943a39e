import { CopyObjectCommand } from '@aws-sdk/client-s3';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { describe, expect, it } from 'vitest';
import { sendBookingEmails } from './send-booking-emails';
import {
  OPS,
  booking,
  deps,
  emailInputs,
  installSesFailingFor,
  installWorkingSes,
  objects,
  s3Mock,
  sesMock,
  storedLead,
  useBookingWorld,
} from '../../test/support/testing-booking';

useBookingWorld();

describe('sendBookingEmails, repeated submissions', () => {
  it('stores once and sends once when the same submission id arrives twice', async () => {
    const first = await sendBookingEmails(booking(), deps());
    const second = await sendBookingEmails(booking(), deps());
    expect(second).toEqual(first);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(2);
  });

  it('sends each email once when two identical requests race', async () => {
    const outcomes = await Promise.all([
      sendBookingEmails(booking(), deps()),
      sendBookingEmails(booking(), deps()),
    ]);
    expect(outcomes.map((o) => o.statusCode)).toEqual([200, 200]);
    expect(
      emailInputs()
        .map((input) => input.Destination?.ToAddresses?.[0])
        .sort(),
    ).toEqual(['jane@example.com', OPS]);
  });

  it('answers 20 identical requests sent at once with 200, copying each file once and sending each email once', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => sendBookingEmails(booking(), deps())),
    );
    expect(outcomes.map((o) => o.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(s3Mock.commandCalls(CopyObjectCommand)).toHaveLength(3);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(2);
    // A later duplicate finds the media released and copies nothing.
    await sendBookingEmails(booking(), deps());
    expect(s3Mock.commandCalls(CopyObjectCommand)).toHaveLength(3);
  });

  it('never stores or sends again for a replay months later, with another body', async () => {
    await sendBookingEmails(booking(), deps());
    sesMock.resetHistory();
    const later = new Date('2026-06-01T00:00:00Z');
    const replay = await sendBookingEmails(
      booking({ name: 'Mallory' }),
      deps({ now: () => later }),
    );
    expect(replay).toEqual({ statusCode: 200, body: { ok: true, reference: '3F2A9C1B' } });
    expect(sesMock.calls()).toHaveLength(0);
    expect((await storedLead()).request.name).toBe('Jane Doe');
  });

  it('still answers a retry after the quarantine copy expired, from the released files', async () => {
    installSesFailingFor(OPS);
    await sendBookingEmails(booking(), deps());
    for (const key of [...objects.keys()]) if (key.startsWith('incoming/')) objects.delete(key);
    installWorkingSes();
    expect((await sendBookingEmails(booking(), deps())).statusCode).toBe(200);
  });
});
