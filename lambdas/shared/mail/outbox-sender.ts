// The outbox's sender (decision 054): run after the offer job every minute, it sends the emails
// whose next attempt is due, at most at the account's sending rate, each at most once (the
// ledger's claim), and gives up on one still refused as "not now" after OUTBOX_MAX_AGE_MS.
import { GetAccountCommand } from '@aws-sdk/client-sesv2';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { describeError } from '../runtime/aws';
import { attemptMail } from './mailer';
import type { MailLedger, MailerDeps } from './mailer';
import { OUTBOX_GRACE_MS, OUTBOX_MAX_AGE_MS, owedMail } from './outbox';
import type { LedgerRef, OutboxStore } from './outbox';

/** Used when SES cannot say its rate: a new account's sandbox rate. */
export const FALLBACK_SEND_RATE = 1;

/**
 * The share of SES's rate the sender paces at. SES counts a second at its own end, where network
 * jitter brings two sends spaced exactly 1/rate apart closer than that: measured against the
 * stand-in at 1 a second, pacing at the full rate had 3 sends in 10 throttled (0.7 emails a second
 * delivered); 90% keeps a margin of 100 ms a send at that rate.
 */
export const OUTBOX_RATE_SHARE = 0.9;

export interface OutboxSenderDeps extends MailerDeps {
  outbox: OutboxStore;
  /** The record's ledger, read afresh; undefined when the record is gone. */
  openLedger(ref: LedgerRef): Promise<MailLedger | undefined>;
  sleep?: (ms: number) => Promise<void>;
  /** The wall clock for the run's time budget (the `now` of a test may stand still). */
  clock?: () => number;
}

export interface OutboxRun {
  due: number;
  sent: number;
  retrying: number;
  givenUp: number;
  elsewhere: number;
  settled: number;
}

/** SES's `SendQuota.MaxSendRate` (emails per second); the stand-in answers its own setting. */
export async function accountSendRate(ses: SESv2Client): Promise<number> {
  try {
    const account = await ses.send(new GetAccountCommand({}));
    const rate = account.SendQuota?.MaxSendRate;
    return typeof rate === 'number' && rate > 0 ? rate : FALLBACK_SEND_RATE;
  } catch (error) {
    console.error('outbox: could not read the sending rate', { error: describeError(error) });
    return FALLBACK_SEND_RATE;
  }
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends what is due, one at a time, `1000 / ratePerSecond` ms apart, for at most `budgetMs`;
 * what is left waits for the next run.
 */
export async function drainOutbox(
  deps: OutboxSenderDeps,
  options: { ratePerSecond: number; budgetMs: number },
): Promise<OutboxRun> {
  const clock = deps.clock ?? Date.now;
  const sleep = deps.sleep ?? realSleep;
  const started = clock();
  const spacingMs = 1000 / Math.max(options.ratePerSecond * OUTBOX_RATE_SHARE, 0.01);
  const limit = Math.max(1, Math.floor(options.budgetMs / spacingMs));
  const items = await deps.outbox.due(deps.now(), limit);
  const run: OutboxRun = {
    due: items.length,
    sent: 0,
    retrying: 0,
    givenUp: 0,
    elsewhere: 0,
    settled: 0,
  };
  let lastSendAt: number | undefined;
  for (const item of items) {
    if (clock() - started >= options.budgetMs) break;
    const ref: LedgerRef = { kind: item.ledgerKind, id: item.ledgerId };
    try {
      const ledger = await deps.openLedger(ref);
      if (ledger === undefined) {
        // The record is gone (erased): nobody is owed the email any more.
        await deps.outbox.remove(ref, item.key);
        run.settled += 1;
        continue;
      }
      const now = deps.now();
      const tooOld = now.getTime() - Date.parse(item.owedAt) > OUTBOX_MAX_AGE_MS;
      if (lastSendAt !== undefined) {
        const wait = lastSendAt + spacingMs - clock();
        if (wait > 0) await sleep(wait);
      }
      lastSendAt = clock();
      const result = await attemptMail(
        deps,
        'outbox',
        ledger,
        owedMail(item),
        item.attempts,
        tooOld ? 'RetriesExhausted' : undefined,
      );
      if (result === 'sent') run.sent += 1;
      else if (result === 'retrying') run.retrying += 1;
      else if (result === 'given-up') run.givenUp += 1;
      else if (result === 'settled') run.settled += 1;
      else {
        // Another call holds a fresh claim: look again once it would be stale.
        run.elsewhere += 1;
        await deps.outbox.reschedule(ref, item.key, {
          nextAttemptAt: deps.now().getTime() + OUTBOX_GRACE_MS,
        });
      }
    } catch (error) {
      // One item's trouble (a throttled read) must not stop the rest; it stays due.
      console.error('outbox: item failed', {
        [`${ref.kind}Id`]: ref.id,
        email: item.key,
        error: describeError(error),
      });
      run.retrying += 1;
    }
  }
  return run;
}
