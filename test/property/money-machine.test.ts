/**
 * Property tests: a job's money (lambdas/shared/payments/money-machine.ts) driven by random
 * sequences of our steps, answers lost and Stripe's webhooks delivered late, twice or thrice,
 * against a fake Stripe that keeps the truth: what was authorized, captured and refunded.
 *
 * Never captured without a receipt (the late-cancellation fee aside), never above the locked price
 * plus approved changes, never twice; a job that reaches an end ends charged, released or
 * refunded, and what the state says matches what the fake Stripe did; a webhook applied again or
 * out of order changes nothing more; every write carries its key, one key one write. A dispute
 * holds the hauler's payout (decision 061): never more reversed than is still transferred, and a
 * won dispute pays the hauler back exactly once, a lost one never.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYMENT_TERMS } from '../../lambdas/contract/money/payments';
import type { StoredPayment } from '../../lambdas/shared/models/payment-model';
import { capturedHold, refundedCents } from '../../lambdas/shared/payments/money-holds';
import {
  type MoneyEvent,
  type PaymentCommand,
  moneyEnded,
  moneyState,
  pendingCommands,
  startMoney,
  step,
} from '../../lambdas/shared/payments/money-machine';
import type { PaymentWebhook } from '../../lambdas/shared/payments/money-webhooks';

const RUNS = 1_000;
const T0 = Date.parse('2026-12-01T12:00:00Z');
const at = (hours: number) => new Date(T0 + hours * 3_600_000).toISOString();
const WINDOW = 100;
const DONE = WINDOW + 1;

interface Intent {
  id: string;
  key: string;
  amount: number;
  status: 'requires_capture' | 'failed' | 'succeeded' | 'canceled';
  received: number;
  refunded: number;
  disputed: 'no' | 'open' | 'closed';
  /** The hauler's transfer at capture (received less the fee), and what came off it or back. */
  transferred: number;
  reversedByRefunds: number;
  held: number;
  repaid: number;
  reversals: number;
  releases: number;
  won?: boolean;
}

const shareOf = (whole: number, part: number, of: number) =>
  of === 0 ? 0 : Math.round((whole * part) / of);

/** Stripe as far as the money goes: one answer per key, replayed, and a queue of webhooks. */
class FakeStripe {
  intents: Intent[] = [];
  queue: PaymentWebhook[] = [];
  delivered: PaymentWebhook[] = [];
  cardBad = false;
  loseNext = false;
  private answers = new Map<string, { sent: string; answer: MoneyEvent }>();
  private seq = 0;

  private emit(type: string, object: Record<string, unknown>) {
    this.queue.push({ id: `evt_${++this.seq}`, type, data: { object } });
  }
  private intentObject(intent: Intent) {
    return {
      id: intent.id,
      metadata: { key: intent.key },
      amount_capturable: intent.status === 'requires_capture' ? intent.amount : 0,
      amount_received: intent.received,
      latest_charge: `ch_${intent.id}`,
    };
  }

  run(command: PaymentCommand): MoneyEvent {
    const sent = JSON.stringify(command);
    const earlier = this.answers.get(command.key);
    if (earlier !== undefined) {
      // Stripe refuses a key reused with other parameters (idempotency_error).
      expect(sent).toBe(earlier.sent);
      return earlier.answer;
    }
    const answer = this.perform(command);
    this.answers.set(command.key, { sent, answer });
    return answer;
  }

  private perform(command: PaymentCommand): MoneyEvent {
    const intent = this.intents.find(
      (each) => 'intentId' in command && each.id === command.intentId,
    );
    switch (command.kind) {
      case 'place-hold': {
        const made: Intent = {
          id: `pi_${this.intents.length + 1}`,
          key: command.key,
          amount: command.amountCents,
          status: this.cardBad ? 'failed' : 'requires_capture',
          received: 0,
          refunded: 0,
          disputed: 'no',
          transferred: 0,
          reversedByRefunds: 0,
          held: 0,
          repaid: 0,
          reversals: 0,
          releases: 0,
        };
        this.intents.push(made);
        if (this.cardBad) {
          const error = { code: 'card_declined', decline_code: 'generic_decline' };
          this.emit('payment_intent.payment_failed', {
            ...this.intentObject(made),
            last_payment_error: error,
          });
          return {
            type: 'hold-failed',
            key: command.key,
            at: at(0),
            intentId: made.id,
            code: 'card_declined',
          };
        }
        this.emit('payment_intent.amount_capturable_updated', this.intentObject(made));
        return {
          type: 'hold-placed',
          key: command.key,
          intentId: made.id,
          chargeId: `ch_${made.id}`,
        };
      }
      case 'capture':
        if (intent?.status !== 'requires_capture' || command.amountCents > intent.amount) {
          return { type: 'capture-failed', key: command.key };
        }
        intent.status = 'succeeded';
        intent.received = command.amountCents;
        intent.transferred = command.amountCents - command.feeCents;
        this.emit('charge.captured', {
          payment_intent: intent.id,
          amount_captured: intent.received,
        });
        this.emit('payment_intent.succeeded', this.intentObject(intent));
        return { type: 'captured', key: command.key, amountCents: command.amountCents };
      case 'release':
        if (intent?.status === 'requires_capture') {
          intent.status = 'canceled';
          this.emit('payment_intent.canceled', this.intentObject(intent));
        }
        expect(intent?.status).toBe('canceled');
        return { type: 'released', key: command.key };
      case 'refund':
        expect(intent?.status).toBe('succeeded');
        expect(command.amountCents).toBeLessThanOrEqual(intent!.received - intent!.refunded);
        intent!.refunded += command.amountCents;
        // Stripe reverses the refund's share of the transfer, never more than is left of it.
        intent!.reversedByRefunds = Math.min(
          shareOf(intent!.transferred, intent!.refunded, intent!.received),
          intent!.transferred - intent!.held,
        );
        this.emit('charge.refunded', {
          payment_intent: intent!.id,
          amount_refunded: intent!.refunded,
        });
        return {
          type: 'refunded',
          key: command.key,
          refundId: `re_${this.seq}`,
          amountCents: command.amountCents,
        };
      case 'hold-payout': {
        const charged = this.intents.find((each) => `ch_${each.id}` === command.chargeId)!;
        expect(charged.disputed).not.toBe('no');
        const left = charged.transferred - charged.reversedByRefunds - charged.held;
        // Never more reversed than is still transferred.
        expect(command.amountCents).toBeGreaterThan(0);
        expect(command.amountCents).toBeLessThanOrEqual(left);
        charged.held += command.amountCents;
        charged.reversals += 1;
        return { type: 'payout-held', key: command.key, reversalId: `trr_${++this.seq}` };
      }
      case 'release-payout': {
        const charged = this.intents.find((each) => `ch_${each.id}` === command.chargeId)!;
        expect(charged.won).toBe(true);
        expect(command.amountCents).toBe(charged.held);
        charged.repaid += command.amountCents;
        charged.releases += 1;
        return { type: 'payout-released', key: command.key, transferId: `tr_${++this.seq}` };
      }
    }
  }

  lapse() {
    const held = this.intents.find((intent) => intent.status === 'requires_capture');
    if (held === undefined) return;
    held.status = 'canceled';
    this.emit('charge.expired', { payment_intent: held.id });
    this.emit('payment_intent.canceled', this.intentObject(held));
  }

  dispute(closing: boolean, won = false) {
    const state = closing ? 'open' : 'no';
    const charged = this.intents.find(
      (intent) => intent.status === 'succeeded' && intent.disputed === state,
    );
    if (charged === undefined || (!closing && charged.refunded >= charged.received)) return;
    charged.disputed = closing ? 'closed' : 'open';
    if (closing) charged.won = won;
    this.emit(closing ? 'charge.dispute.closed' : 'charge.dispute.created', {
      id: `dp_${charged.id}`,
      payment_intent: charged.id,
      amount: charged.received - charged.refunded,
      status: closing ? (won ? 'won' : 'lost') : 'needs_response',
    });
  }
}

type Action =
  | { type: 'event'; event: MoneyEvent }
  | { type: 'card'; bad: boolean }
  | { type: 'lose-next' | 'lapse' | 'dispute' }
  | { type: 'deliver'; index: number; copies: number }
  | { type: 'redeliver'; index: number };

const ourEvent: fc.Arbitrary<MoneyEvent> = fc.oneof(
  fc.constantFrom<MoneyEvent>(
    { type: 'hold-due', captureBy: at(DONE + 30) },
    { type: 'hold-due', captureBy: at(300) },
    { type: 'no-show-confirmed' },
    { type: 'job-done', at: at(DONE), receipt: true },
    { type: 'job-done', at: at(DONE), receipt: false },
    { type: 'problem-reported', at: at(DONE + 2) },
    { type: 'problem-reported', at: at(DONE + 30) },
    { type: 'window-passed', at: at(DONE + 2) },
    { type: 'window-passed', at: at(DONE + 25) },
    { type: 'cancelled', at: at(WINDOW - 48) },
    { type: 'cancelled', at: at(WINDOW - 2) },
    { type: 'cancelled', at: at(WINDOW - 2), by: 'hauler' },
  ),
  fc.boolean().map((charge): MoneyEvent => ({ type: 'problem-resolved', charge })),
  fc
    .integer({ min: 2_000, max: 60_000 })
    .map((priceCents): MoneyEvent => ({ type: 'price-change-approved', priceCents })),
  fc
    .option(fc.integer({ min: 1, max: 40_000 }), { nil: undefined })
    .map((amountCents): MoneyEvent => ({ type: 'refund-requested', amountCents })),
);

const action: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: ourEvent.map((event) => ({ type: 'event' as const, event })), weight: 6 },
  { arbitrary: fc.boolean().map((bad) => ({ type: 'card' as const, bad })), weight: 1 },
  {
    arbitrary: fc
      .constantFrom('lose-next' as const, 'lapse' as const, 'dispute' as const)
      .map((type) => ({ type })),
    weight: 2,
  },
  {
    arbitrary: fc
      .record({ index: fc.nat(), copies: fc.integer({ min: 1, max: 3 }) })
      .map((d) => ({ type: 'deliver' as const, ...d })),
    weight: 4,
  },
  { arbitrary: fc.nat().map((index) => ({ type: 'redeliver' as const, index })), weight: 1 },
);

const KEY =
  /^job_j1:((hold|capture|late-fee|release|refund):[1-9]\d*|dispute:dp_pi_\d+:(hold|release))$/;

/** Plays the actions, then settles: every write answered, every webhook delivered, cards fixed. */
function play(actions: Action[], order: number[], price: number) {
  const fake = new FakeStripe();
  const issued = new Map<string, string>();
  let cards = 0;
  let state = startMoney({
    jobId: 'j1',
    priceCents: price,
    windowStartsAt: at(WINDOW),
    destination: 'acct_1',
    card: { customerId: 'cus_1', paymentMethodId: 'pm_0' },
  });
  let highestPrice = price;
  let receiptUploaded = false;
  let homeownerCancelledLate = false;

  const run = (command: PaymentCommand, by: StoredPayment) => {
    expect(command.key).toMatch(KEY);
    const sent = JSON.stringify(command);
    expect(issued.get(command.key) ?? sent).toBe(sent);
    issued.set(command.key, sent);
    if (command.kind === 'capture') {
      if (command.key.includes(':late-fee:')) {
        expect(by.closing).toBe('late-fee');
        expect(homeownerCancelledLate).toBe(true);
        expect(command.amountCents).toBeLessThanOrEqual(PAYMENT_TERMS.lateCancellationFeeCents);
      } else {
        expect(receiptUploaded).toBe(true);
        expect(command.amountCents).toBeLessThanOrEqual(by.priceCents);
      }
    }
    const lost = fake.loseNext;
    fake.loseNext = false;
    const answer = fake.run(command);
    if (!lost) apply(answer);
  };
  const apply = (event: MoneyEvent) => {
    if (event.type === 'price-change-approved' && moneyState(state) !== 'charged') {
      highestPrice = Math.max(highestPrice, event.priceCents);
    }
    if (event.type === 'job-done' && event.receipt) receiptUploaded = true;
    if (event.type === 'cancelled' && event.by !== 'hauler' && event.at === at(WINDOW - 2)) {
      homeownerCancelledLate = true;
    }
    const out = step(state, event);
    state = out.state;
    for (const command of out.commands) run(command, state);
    const captured = fake.intents.reduce((sum, intent) => sum + intent.received, 0);
    expect(captured).toBeLessThanOrEqual(highestPrice);
    expect(
      fake.intents.filter((intent) => intent.status === 'succeeded').length,
    ).toBeLessThanOrEqual(1);
  };
  const deliver = (webhook: PaymentWebhook, copies = 1) => {
    for (let copy = 0; copy < copies; copy++) apply({ type: 'webhook', event: webhook });
    fake.delivered.push(webhook);
  };

  for (const next of actions) {
    if (next.type === 'event') apply(next.event);
    else if (next.type === 'card') {
      fake.cardBad = next.bad;
      apply({ type: 'card-saved', customerId: 'cus_1', paymentMethodId: `pm_${++cards}` });
    } else if (next.type === 'lose-next') fake.loseNext = true;
    else if (next.type === 'lapse') fake.lapse();
    else if (next.type === 'dispute') fake.dispute(false);
    else if (next.type === 'deliver' && fake.queue.length > 0) {
      deliver(fake.queue.splice(next.index % fake.queue.length, 1)[0]!, next.copies);
    } else if (next.type === 'redeliver' && fake.delivered.length > 0) {
      deliver(fake.delivered[next.index % fake.delivered.length]!);
    }
  }

  fake.cardBad = false;
  fake.loseNext = false;
  for (let round = 0; round < 10; round++) {
    for (const command of pendingCommands(state)) run(command, state);
    // Won or lost by the price's parity: both outcomes in every run of the property.
    fake.dispute(true, (price + round) % 2 === 0);
    while (fake.queue.length > 0) {
      const index = (order[fake.queue.length % order.length] ?? 0) % fake.queue.length;
      deliver(fake.queue.splice(index, 1)[0]!, 1 + (index % 2));
    }
    if (
      moneyState(state) === 'hold-failed' ||
      (state.closing === 'capture' && !moneyEnded(state))
    ) {
      apply({ type: 'card-saved', customerId: 'cus_1', paymentMethodId: `pm_${++cards}` });
      apply({ type: 'hold-due', captureBy: at(DONE + 30) });
    }
  }
  expect(pendingCommands(state)).toEqual([]);
  expect(fake.queue).toEqual([]);
  return { state, fake };
}

const event = (event: MoneyEvent): Action => ({ type: 'event', event });
const HOLD = event({ type: 'hold-due', captureBy: at(DONE + 30) });
const DONE_WITH_RECEIPT = event({ type: 'job-done', at: at(DONE), receipt: true });
const WINDOW_PASSED = event({ type: 'window-passed', at: at(DONE + 25) });

/** The ways a job goes, so that most runs reach an end; random actions are woven into them. */
const STORIES: Action[][] = [
  [HOLD, DONE_WITH_RECEIPT, WINDOW_PASSED],
  [HOLD, DONE_WITH_RECEIPT, WINDOW_PASSED, event({ type: 'refund-requested', amountCents: 1_000 })],
  [HOLD, DONE_WITH_RECEIPT, WINDOW_PASSED, event({ type: 'refund-requested' })],
  [HOLD, DONE_WITH_RECEIPT, WINDOW_PASSED, { type: 'dispute' }],
  [HOLD, DONE_WITH_RECEIPT, event({ type: 'problem-reported', at: at(DONE + 2) })],
  [
    HOLD,
    event({ type: 'price-change-approved', priceCents: 45_000 }),
    DONE_WITH_RECEIPT,
    WINDOW_PASSED,
  ],
  [HOLD, event({ type: 'cancelled', at: at(WINDOW - 2) })],
  [HOLD, event({ type: 'cancelled', at: at(WINDOW - 48) })],
  [HOLD, event({ type: 'cancelled', at: at(WINDOW - 2), by: 'hauler' })],
  [HOLD, event({ type: 'no-show-confirmed' })],
];

const runs = fc
  .tuple(
    fc.constantFrom(...STORIES),
    fc.array(action, { maxLength: 30 }),
    fc.array(fc.boolean(), { maxLength: 40 }),
    fc.array(fc.nat(), { minLength: 1, maxLength: 20 }),
    fc.integer({ min: 5_000, max: 50_000 }),
  )
  .map(([story, noise, picks, order, price]): [Action[], number[], number] => {
    const woven: Action[] = [];
    const left = [...story];
    for (const [index, noisy] of noise.entries()) {
      if (picks[index] === true && left.length > 0) woven.push(left.shift()!);
      woven.push(noisy);
    }
    return [[...woven, ...left], order, price];
  });

describe('a job’s money under random steps, lost answers and webhook chaos', () => {
  it('never captures without a receipt or above the price, and never twice, whatever the order', () => {
    fc.assert(
      fc.property(runs, ([actions, order, price]) => void play(actions, order, price)),
      {
        numRuns: RUNS,
      },
    );
  });

  it('ends charged, released or refunded once the job ends, as the fake Stripe has it', () => {
    fc.assert(
      fc.property(runs, ([actions, order, price]) => {
        const { state, fake } = play(actions, order, price);
        if (state.closing !== undefined)
          expect(['charged', 'released', 'refunded']).toContain(moneyState(state));
        const received = fake.intents.reduce((sum, intent) => sum + intent.received, 0);
        expect(capturedHold(state)?.capturedCents ?? 0).toBe(received);
        expect(refundedCents(state)).toBe(
          fake.intents.reduce((sum, intent) => sum + intent.refunded, 0),
        );
        if (moneyState(state) === 'released') {
          expect(fake.intents.filter((intent) => intent.status === 'requires_capture')).toEqual([]);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('applies a webhook delivered three times, or out of order, with the effect of one delivery', () => {
    fc.assert(
      fc.property(
        runs,
        fc.array(fc.integer({ min: 1, max: 3 })),
        ([actions, order, price], copies) => {
          const { fake } = play(actions, order, price);
          const start = startMoney({
            jobId: 'j1',
            priceCents: price,
            windowStartsAt: at(WINDOW),
            destination: 'acct_1',
            card: { customerId: 'cus_1', paymentMethodId: 'pm_0' },
          });
          const holds = fake.intents.map((intent, index) => ({
            number: index + 1,
            key: intent.key,
            amountCents: intent.amount,
            feeCents: 0,
            status: 'requested' as const,
            card: start.card,
            // As our own answers (or the first payment_intent event) name it.
            intentId: intent.id,
          }));
          const from: StoredPayment = { ...start, holds };
          const once = [...new Map(fake.delivered.map((w) => [w.id, w])).values()];
          const thrice = once.flatMap((w, i) =>
            Array<PaymentWebhook>(copies[i % Math.max(copies.length, 1)] ?? 1).fill(w),
          );
          const feed = (webhooks: PaymentWebhook[]) => {
            const asked: string[] = [];
            const state = webhooks.reduce((before, event) => {
              const out = step(before, { type: 'webhook', event });
              asked.push(...out.commands.map((command) => command.key));
              return out.state;
            }, from);
            return { state, asked };
          };
          const single = feed(once);
          // Each delivered up to three times, then all again: exactly the effect of one delivery.
          const repeated = feed([...thrice, ...once]);
          expect(repeated).toEqual(single);
          // In reverse, the same facts; a release Stripe already did is not asked for, so the asks differ.
          const reversed = feed([...once].reverse());
          const facts = (state: StoredPayment) => ({
            ...state,
            holds: state.holds.map(({ releaseKey: _asked, ...hold }) => hold),
            // A dispute known closed before it is known open never held the payout at all.
            dispute:
              state.dispute === undefined
                ? undefined
                : { id: state.dispute.id, status: state.dispute.status },
            seenEvents: [...state.seenEvents].sort(),
          });
          expect(facts(reversed.state)).toEqual(facts(single.state));
          expect(moneyState(reversed.state)).toBe(moneyState(single.state));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('holds a disputed payout at most once and within what was transferred, and pays a won one back once', () => {
    fc.assert(
      fc.property(runs, ([actions, order, price]) => {
        const { state, fake } = play([...actions, { type: 'dispute' }], order, price);
        for (const intent of fake.intents) {
          expect(intent.reversedByRefunds + intent.held).toBeLessThanOrEqual(intent.transferred);
          expect(intent.reversals).toBeLessThanOrEqual(1);
          expect(intent.releases).toBeLessThanOrEqual(1);
          if (intent.won === true) expect(intent.repaid).toBe(intent.held);
          else expect(intent.repaid).toBe(0);
        }
        const dispute = state.dispute;
        const charged = fake.intents.find((intent) => intent.disputed !== 'no');
        if (dispute?.payoutHold?.status === 'succeeded') {
          expect(charged?.held).toBe(dispute.payoutHold.amountCents);
        }
        if (charged !== undefined && charged.won === false) {
          expect(moneyState(state)).toBe('refunded');
        }
      }),
      { numRuns: RUNS },
    );
  });
});
