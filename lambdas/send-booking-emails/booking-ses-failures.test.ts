import { describe, expect, it, vi } from 'vitest';
import { sendBookingEmails } from './send-booking-emails';
import {
  ID,
  NOW,
  OPS,
  booking,
  deps,
  installSesFailingFor,
  installSesRejecting,
  installWorkingSes,
  leads,
  log,
  storedLead,
  uploaded,
  useBookingWorld,
} from '../../test/support/testing-booking';
import { MESSAGES } from '#contract/core/messages';
import { dynamoOutbox } from '../shared/mail/outbox';
import { leadLedger, leadRef } from '../shared/mail/mailer';
import { drainOutbox } from '../shared/mail/outbox-sender';

useBookingWorld();

describe('sendBookingEmails, when SES fails', () => {
  it('keeps the lead, marks both emails failed and answers 502 with a clear message', async () => {
    installSesFailingFor('jane@example.com', OPS);
    const outcome = await sendBookingEmails(booking(), deps());
    expect(outcome).toEqual({
      statusCode: 502,
      body: { error: { code: 'email_failed', message: MESSAGES.emailFailed } },
    });
    expect(await storedLead()).toMatchObject({
      emails: { confirmation: 'failed', operations: 'failed' },
      emailErrors: {
        confirmation: 'TooManyRequestsException',
        operations: 'TooManyRequestsException',
      },
      request: { email: 'jane@example.com' },
    });
  });

  it('answers 200 when SES throttles but the outbox keeps both emails, and the sender sends them once', async () => {
    installSesFailingFor('jane@example.com', OPS);
    const outbox = dynamoOutbox(leads);
    const outcome = await sendBookingEmails(booking(), deps({ outbox }));
    expect(outcome).toEqual({ statusCode: 200, body: expect.objectContaining({ ok: true }) });
    const kept = await outbox.owedBy(leadRef(ID));
    expect(kept.map((item) => item.key).sort()).toEqual(['confirmation', 'operations']);

    installWorkingSes();
    log.length = 0;
    const later = new Date(NOW.getTime() + 60 * 60_000);
    const run = await drainOutbox(
      {
        ...deps(),
        outbox,
        now: () => later,
        openLedger: async () => leadLedger(leads, await storedLead()),
      },
      { ratePerSecond: 14, budgetMs: 60_000 },
    );
    expect(run).toMatchObject({ sent: 2 });
    expect(log.filter((entry) => entry.startsWith('email')).sort()).toEqual(
      [`email ${OPS}`, 'email jane@example.com'].sort(),
    );
    expect(await outbox.owedBy(leadRef(ID))).toEqual([]);
  });

  it('logs the submission id and the error name, never the address or the body', async () => {
    installSesFailingFor('jane@example.com');
    await sendBookingEmails(booking(), deps());
    expect(console.error).toHaveBeenCalledWith(expect.any(String), {
      submissionId: ID,
      email: 'confirmation',
      error: 'TooManyRequestsException',
    });
    expect(JSON.stringify(vi.mocked(console.error).mock.calls)).not.toContain('jane@example.com');
  });

  it('on retry with the same submission id, sends only the email that failed', async () => {
    installSesFailingFor(OPS);
    const first = await sendBookingEmails(booking(), deps());
    expect(first).toEqual({
      statusCode: 502,
      body: { error: { code: 'email_failed', message: MESSAGES.notifyFailed } },
    });
    expect((await storedLead()).emails).toEqual({ confirmation: 'sent', operations: 'failed' });

    installWorkingSes();
    log.length = 0;
    const retry = await sendBookingEmails(booking(), deps());
    expect(retry).toEqual({ statusCode: 200, body: { ok: true, reference: '3F2A9C1B' } });
    expect(log.filter((entry) => entry.startsWith('email'))).toEqual([`email ${OPS}`]);
    const lead = await storedLead();
    expect(lead.emails).toEqual({ confirmation: 'sent', operations: 'sent' });
    expect(lead.emailErrors).toEqual({});
  });

  it('does not count a retried confirmation against the address twice', async () => {
    installSesFailingFor('jane@example.com');
    await sendBookingEmails(booking(), deps());
    installWorkingSes();
    await sendBookingEmails(booking(), deps());
    await sendBookingEmails(booking(), deps());
    // Two more leads to the same address still get their confirmations: 3 in 24 h in all.
    for (const id of [
      '11111111-1111-4111-8111-111111111111',
      '22222222-2222-4222-8222-222222222222',
    ]) {
      const urls = [
        uploaded('1_1.jpg', 'image/jpeg', undefined, id),
        uploaded('1_2.jpg', 'image/jpeg', undefined, id),
      ];
      await sendBookingEmails(
        booking({ submissionId: id, photoUrls: urls, photoCount: 2 }),
        deps(),
      );
    }
    expect(log.filter((entry) => entry === 'email jane@example.com')).toHaveLength(3);
  });

  it('gives up an email SES rejects for good: a retry of the booking does not send it again', async () => {
    installSesRejecting(OPS);
    await sendBookingEmails(booking(), deps());
    expect((await storedLead()).emails).toEqual({ confirmation: 'sent', operations: 'given-up' });
    installWorkingSes();
    log.length = 0;
    await sendBookingEmails(booking(), deps());
    expect(log.filter((entry) => entry.startsWith('email'))).toEqual([]);
  });
});
