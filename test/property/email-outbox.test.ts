/**
 * The outbox under random failures (decision 054): throttles, transient and permanent SES errors,
 * requests lost before SES, outbox writes lost, calls that die between keeping, claiming and
 * sending, transitions that write their emails with themselves (decision 059) and calls that die
 * right after such a write, and senders run twice at once. Afterwards every email was sent exactly once or is
 * given up on its ledger, none twice, none silently dropped, and the outbox is empty.
 * The ledger and outbox here are in memory with the stored items' rules (a claim only while
 * pending, failed or stale); the real ones are checked against dynalite in outbox.test.ts.
 */
import type { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createMailer } from '../../lambdas/shared/mail/mailer';
import type { Mail, MailLedger, MailerDeps } from '../../lambdas/shared/mail/mailer';
import {
  OUTBOX_BACKOFF_CAP_MS,
  OUTBOX_GRACE_MS,
  OUTBOX_MAX_AGE_MS,
} from '../../lambdas/shared/mail/outbox';
import type { LedgerRef, OutboxStore } from '../../lambdas/shared/mail/outbox';
import { drainOutbox } from '../../lambdas/shared/mail/outbox-sender';
import type { EmailStatus } from '../../lambdas/shared/models/lead-model';
import type { OutboxItem } from '../../lambdas/shared/models/outbox-model';

const STALE_MS = 60_000;
const SES_ANSWERS = ['ok', 'throttle', 'transient', 'permanent', 'unreached'] as const;
type SesAnswer = (typeof SES_ANSWERS)[number];
const FAULTS = [
  'none',
  'keep-lost',
  'die-before-claim',
  'die-after-claim',
  'table-down',
  'settle-lost',
] as const;
type Fault = (typeof FAULTS)[number];

class Died extends Error {}
const sesError = (name: string, status?: number) =>
  Object.assign(new Error(name), {
    name,
    $metadata: status === undefined ? {} : { httpStatusCode: status },
  });

function world(sesAnswers: SesAnswer[]) {
  let now = Date.parse('2026-11-27T12:00:00Z');
  const delivered = new Map<string, number>();
  const ledger = new Map<string, { status: EmailStatus; claimedAt?: number; note?: string }>();
  const items = new Map<string, OutboxItem>();
  let fault: Fault = 'none';
  let answers = [...sesAnswers];

  const ses = {
    send: async (command: SendEmailCommand) => {
      await Promise.resolve();
      const answer = answers.shift() ?? 'ok';
      if (answer === 'throttle') throw sesError('TooManyRequestsException', 429);
      if (answer === 'transient') throw sesError('InternalServiceErrorException', 500);
      if (answer === 'permanent') throw sesError('MessageRejected', 400);
      if (answer === 'unreached') throw Object.assign(new Error('reset'), { code: 'ECONNRESET' });
      const key = command.input.Content!.Simple!.Subject!.Data!;
      delivered.set(key, (delivered.get(key) ?? 0) + 1);
      return {};
    },
  } as unknown as SESv2Client;

  const openLedger = async (): Promise<MailLedger> => {
    await Promise.resolve();
    return {
      logFields: { submissionId: 'lead' },
      ref: { kind: 'lead', id: 'lead' },
      status: (key) => ledger.get(key)?.status,
      async claim(key, at) {
        await Promise.resolve();
        if (fault === 'die-before-claim') throw new Died();
        // The table is down: the caller hears the error (answered 5xx) and owes nothing yet.
        if (fault === 'table-down') throw new Error('table unavailable');
        const entry = ledger.get(key);
        const free =
          entry === undefined ||
          entry.status === 'pending' ||
          entry.status === 'failed' ||
          (entry.status === 'sending' && entry.claimedAt! < at.getTime() - STALE_MS);
        if (!free) return false;
        ledger.set(key, { status: 'sending', claimedAt: at.getTime() });
        if (fault === 'die-after-claim') throw new Died();
        return true;
      },
      async record(key, outcome) {
        await Promise.resolve();
        ledger.set(key, {
          status: outcome.status,
          ...('error' in outcome ? { note: outcome.error } : {}),
        });
      },
    };
  };

  const down = () => {
    if (fault === 'table-down') throw new Error('table unavailable');
  };
  // The outbox's update after the ledger's record is lost: the item stays behind.
  const settleLost = () => {
    if (fault === 'settle-lost') throw new Error('answer lost');
  };
  const sk = (ref: LedgerRef, key: string) => `${ref.id}#${key}`;
  const outbox: OutboxStore = {
    async keep(ref, mail, at, firstTryAt) {
      await Promise.resolve();
      down();
      if (!items.has(sk(ref, mail.key))) {
        items.set(sk(ref, mail.key), {
          ledgerKind: ref.kind,
          ledgerId: ref.id,
          key: mail.key,
          to: mail.to,
          subject: mail.message.subject,
          html: mail.message.html,
          text: mail.message.text,
          attempts: 0,
          nextAttemptAt: firstTryAt.getTime(),
          owedAt: at.toISOString(),
        });
      }
      // Applied, and the answer lost: the caller hears an error.
      if (fault === 'keep-lost') throw new Error('answer lost');
    },
    async due(at, limit) {
      await Promise.resolve();
      down();
      return [...items.values()]
        .filter((item) => item.nextAttemptAt <= at.getTime())
        .sort((a, b) => a.nextAttemptAt - b.nextAttemptAt)
        .slice(0, limit)
        .map((item) => ({ ...item }));
    },
    async reschedule(ref, key, next) {
      await Promise.resolve();
      settleLost();
      const item = items.get(sk(ref, key));
      if (item === undefined) return;
      items.set(sk(ref, key), {
        ...item,
        nextAttemptAt: next.nextAttemptAt,
        ...(next.attempts === undefined ? {} : { attempts: next.attempts }),
      });
    },
    async remove(ref, key) {
      await Promise.resolve();
      settleLost();
      items.delete(sk(ref, key));
    },
    owedBy: async () => [...items.values()],
  };

  // Keys whose transition was written: a repeat of it writes nothing (the version condition).
  const transitioned = new Set<string>();
  /** The transition and its owed email in one write (decision 059): both or neither. */
  const writeTransition = async (key: string) => {
    await Promise.resolve();
    down();
    if (transitioned.has(key)) return;
    transitioned.add(key);
    items.set(sk({ kind: 'lead', id: 'lead' }, key), {
      ledgerKind: 'lead',
      ledgerId: 'lead',
      key,
      to: 'a@example.com',
      subject: key,
      html: '',
      text: '',
      attempts: 0,
      nextAttemptAt: now + OUTBOX_GRACE_MS,
      owedAt: new Date(now).toISOString(),
    });
  };

  const deps: MailerDeps & { outbox: OutboxStore } = {
    ses,
    sender: 'q@example.com',
    now: () => new Date(now),
    outbox,
    emitMetric: () => undefined,
  };
  const drain = () =>
    drainOutbox(
      { ...deps, openLedger, sleep: async () => undefined },
      { ratePerSecond: 1000, budgetMs: 60_000 },
    ).catch((error: unknown) => {
      if (fault !== 'table-down' && fault !== 'settle-lost') throw error;
    });
  return {
    delivered,
    ledger,
    items,
    setFault: (next: Fault) => {
      fault = next;
    },
    calm: () => {
      fault = 'none';
      answers = [];
    },
    advance: (ms: number) => {
      now += ms;
    },
    /**
     * A transition that owes `key`: written with its email, then the immediate try, unless the
     * call dies right after the write. False when the write itself failed (nothing owed).
     */
    transition: async (key: string, dies: boolean): Promise<boolean> => {
      try {
        await writeTransition(key);
      } catch {
        return false;
      }
      if (dies) return true;
      await deliverNow(key);
      return true;
    },
    /** False when the call failed before it owed anything (its caller would be answered 5xx). */
    deliver: (key: string) => deliverNow(key),
    drain,
  };
  /** False when the call failed before it owed anything (its caller would be answered 5xx). */
  async function deliverNow(key: string): Promise<boolean> {
    const mail: Mail = {
      key,
      to: 'a@example.com',
      message: { subject: key, html: '', text: '' },
    };
    return createMailer(deps, 'property')
      .deliver(await openLedger(), mail)
      .then(
        () => true,
        (error: unknown) => {
          if (error instanceof Died) return fault !== 'die-before-claim';
          if (fault === 'table-down') return false;
          throw error;
        },
      );
  }
}

const step = fc.oneof(
  fc.record({
    kind: fc.constant('deliver' as const),
    email: fc.nat(5),
    fault: fc.constantFrom(...FAULTS),
  }),
  fc.record({
    kind: fc.constant('drain' as const),
    twice: fc.boolean(),
    fault: fc.constantFrom(...FAULTS),
  }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 20 * 60_000 }) }),
  fc.record({
    kind: fc.constant('transition' as const),
    email: fc.nat(3),
    dies: fc.boolean(),
    fault: fc.constantFrom(...FAULTS),
  }),
);

describe('the email outbox under random failures', () => {
  it('sends every email once or reports it given up, never twice, never silently dropped', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...SES_ANSWERS), { maxLength: 30 }),
        fc.array(step, { minLength: 1, maxLength: 25 }),
        async (sesAnswers, steps) => {
          const w = world(sesAnswers);
          const asked = new Set<string>();
          for (const s of steps) {
            if (s.kind === 'wait') {
              w.advance(s.ms);
              continue;
            }
            w.setFault(s.fault);
            if (s.kind === 'deliver') {
              const key = `e${s.email}`;
              // A call that failed before it kept the email was answered an error: the email is
              // owed once a call kept it or claimed it.
              if (await w.deliver(key)) asked.add(key);
              if (w.ledger.has(key) || w.items.has(`lead#${key}`)) asked.add(key);
            } else if (s.kind === 'transition') {
              // Owed from the moment its write landed, whatever happens to the call after it.
              if (await w.transition(`t${s.email}`, s.dies)) asked.add(`t${s.email}`);
            } else {
              await (s.twice ? Promise.all([w.drain(), w.drain()]) : w.drain());
            }
            w.setFault('none');
          }
          // SES calm again: the sender runs every minute-ish until the outbox is empty.
          w.calm();
          for (let run = 0; run < 40 && w.items.size > 0; run += 1) {
            w.advance(OUTBOX_BACKOFF_CAP_MS);
            await w.drain();
          }
          expect(w.items.size).toBe(0);
          for (const key of asked) {
            const sent = w.delivered.get(key) ?? 0;
            const status = w.ledger.get(key)?.status;
            expect(sent).toBeLessThanOrEqual(1);
            if (sent === 1) expect(status).toBe('sent');
            else expect(status).toBe('given-up');
          }
          for (const [key, count] of w.delivered) {
            expect(count, key).toBe(1);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives up an email throttled for longer than the outbox waits', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const w = world(Array.from({ length: 200 }, () => 'throttle' as const));
    await w.deliver('e0');
    for (let run = 0; run < 200 && w.items.size > 0; run += 1) {
      w.advance(OUTBOX_MAX_AGE_MS / 100);
      await w.drain();
    }
    expect(w.items.size).toBe(0);
    expect(w.ledger.get('e0')).toMatchObject({ status: 'given-up', note: 'RetriesExhausted' });
    expect(w.delivered.size).toBe(0);
  });
});
