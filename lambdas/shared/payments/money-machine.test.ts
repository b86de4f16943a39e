import { describe, expect, it } from 'vitest';
import { startedMoney, stepped as run, webhook } from '../../../test/support/testing-money-machine';
import { PAYMENT_TERMS } from '#contract/money/payments';
import { moneyState, holdFailureOverdue, pendingCommands } from './money-machine';
import { HANDLED_WEBHOOKS } from './money-webhooks';
import { applyAccountUpdate } from './payout-account';

const WINDOW = '2026-12-10T16:00:00.000Z';
const start = () => startedMoney(32_500, WINDOW);

/** A job whose hold the first event asked for: `job_j1:hold:1`, not yet answered. */
const asked = () => run(start(), { type: 'hold-due', captureBy: '2026-12-12T00:00:00.000Z' }).state;
const held = () =>
  run(asked(), { type: 'hold-placed', key: 'job_j1:hold:1', intentId: 'pi_1', chargeId: 'ch_1' })
    .state;
const DONE = '2026-12-10T18:00:00.000Z';
const captured = () =>
  run(
    held(),
    { type: 'job-done', at: DONE, receipt: true },
    { type: 'window-passed', at: '2026-12-11T18:00:00.000Z' },
    { type: 'captured', key: 'job_j1:capture:1', amountCents: 32_500 },
  ).state;

describe('a job’s money step by step', () => {
  it('asks for a hold of the locked price with the fee, keyed by the job, the step and its number', () => {
    const { commands } = run(start(), { type: 'hold-due', captureBy: '2026-12-12T00:00:00.000Z' });
    expect(commands).toEqual([
      {
        kind: 'place-hold',
        key: 'job_j1:hold:1',
        jobId: 'j1',
        customerId: 'cus_1',
        paymentMethodId: 'pm_1',
        destination: 'acct_1',
        amountCents: 32_500,
        feeCents: 4_875,
      },
    ]);
    expect(
      run(asked(), { type: 'hold-due', captureBy: '2026-12-12T00:00:00.000Z' }).commands,
    ).toEqual([]);
    expect(pendingCommands(asked()).map((c) => c.key)).toEqual(['job_j1:hold:1']);
  });

  it('captures only after the receipt and the objection window, at the price with the fee', () => {
    const done = run(
      held(),
      { type: 'job-done', at: DONE, receipt: false },
      { type: 'window-passed', at: '2026-12-12T00:00:00.000Z' },
    );
    expect(done.commands).toEqual([]);
    const early = run(
      held(),
      { type: 'job-done', at: DONE, receipt: true },
      { type: 'window-passed', at: '2026-12-11T17:59:00.000Z' },
    );
    expect(early.commands).toEqual([]);
    expect(moneyState(early.state)).toBe('objection-window');
    const due = run(early.state, { type: 'window-passed', at: '2026-12-11T18:00:00.000Z' });
    expect(due.commands).toEqual([
      {
        kind: 'capture',
        key: 'job_j1:capture:1',
        intentId: 'pi_1',
        amountCents: 32_500,
        feeCents: 4_875,
      },
    ]);
    expect(moneyState(captured())).toBe('charged');
  });

  it('holds the charge for operations when a problem is reported within the window', () => {
    const { state, commands } = run(
      held(),
      { type: 'job-done', at: DONE, receipt: true },
      { type: 'problem-reported', at: '2026-12-11T10:00:00.000Z' },
      { type: 'window-passed', at: '2026-12-12T00:00:00.000Z' },
    );
    expect(commands).toEqual([]);
    expect(moneyState(state)).toBe('problem-reported');
    expect(run(state, { type: 'problem-resolved', charge: false }).commands).toEqual([
      { kind: 'release', key: 'job_j1:release:1', intentId: 'pi_1' },
    ]);
  });

  it('moves the hold when a higher price is approved, releasing the old one once the new one holds', () => {
    const raised = run(held(), { type: 'price-change-approved', priceCents: 40_000 });
    expect(raised.commands).toMatchObject([
      { kind: 'place-hold', key: 'job_j1:hold:2', amountCents: 40_000, feeCents: 6_000 },
    ]);
    const moved = run(raised.state, {
      type: 'hold-placed',
      key: 'job_j1:hold:2',
      intentId: 'pi_2',
    });
    expect(moved.commands).toEqual([
      { kind: 'release', key: 'job_j1:release:1', intentId: 'pi_1' },
    ]);
    expect(run(held(), { type: 'price-change-approved', priceCents: 30_000 }).commands).toEqual([]);
  });

  it('releases on an early cancellation or a no-show and takes the late fee, all the hauler’s, on a late one', () => {
    expect(run(held(), { type: 'cancelled', at: '2026-12-09T15:59:00.000Z' }).commands).toEqual([
      { kind: 'release', key: 'job_j1:release:1', intentId: 'pi_1' },
    ]);
    expect(run(held(), { type: 'no-show-confirmed' }).commands).toEqual([
      { kind: 'release', key: 'job_j1:release:1', intentId: 'pi_1' },
    ]);
    expect(run(held(), { type: 'cancelled', at: '2026-12-09T16:00:00.000Z' }).commands).toEqual([
      {
        kind: 'capture',
        key: 'job_j1:late-fee:1',
        intentId: 'pi_1',
        amountCents: PAYMENT_TERMS.lateCancellationFeeCents,
        feeCents: 0,
      },
    ]);
  });

  it('releases on a late cancellation by the hauler: the homeowner pays no fee for it', () => {
    expect(
      run(held(), { type: 'cancelled', at: '2026-12-09T16:00:00.000Z', by: 'hauler' }).commands,
    ).toEqual([{ kind: 'release', key: 'job_j1:release:1', intentId: 'pi_1' }]);
  });

  it('refunds at most what is left, each refund its own key', () => {
    const part = run(
      captured(),
      { type: 'refund-requested', amountCents: 30_000 },
      { type: 'refund-requested' },
      { type: 'refund-requested' },
    );
    expect(part.commands).toEqual([
      { kind: 'refund', key: 'job_j1:refund:1', intentId: 'pi_1', amountCents: 30_000 },
      { kind: 'refund', key: 'job_j1:refund:2', intentId: 'pi_1', amountCents: 2_500 },
    ]);
  });

  it('tells operations of a failed hold 12 hours after it failed', () => {
    const failed = run(asked(), {
      type: 'hold-failed',
      key: 'job_j1:hold:1',
      at: '2026-12-08T00:00:00.000Z',
      code: 'card_declined',
    }).state;
    expect(moneyState(failed)).toBe('hold-failed');
    expect(holdFailureOverdue(failed, '2026-12-08T11:59:00.000Z')).toBe(false);
    expect(holdFailureOverdue(failed, '2026-12-08T12:00:00.000Z')).toBe(true);
  });
});

describe('each webhook type', () => {
  const intent = (extra: Record<string, unknown> = {}) => ({
    id: 'pi_1',
    metadata: { key: 'job_j1:hold:1' },
    ...extra,
  });

  it('payment_intent.amount_capturable_updated authorizes the hold named by its metadata key', () => {
    const { state, commands } = run(
      asked(),
      webhook(
        'payment_intent.amount_capturable_updated',
        intent({ amount_capturable: 32_500, latest_charge: 'ch_1' }),
      ),
    );
    expect(state.holds[0]).toMatchObject({
      status: 'authorized',
      intentId: 'pi_1',
      chargeId: 'ch_1',
    });
    expect(commands).toEqual([]);
    expect(moneyState(state)).toBe('held');
  });

  it('payment_intent.payment_failed fails the hold with the decline', () => {
    const error = { code: 'card_declined', decline_code: 'insufficient_funds' };
    const { state } = run(
      asked(),
      webhook('payment_intent.payment_failed', intent({ last_payment_error: error })),
    );
    expect(state.holds[0]).toMatchObject({
      status: 'failed',
      failure: { code: 'card_declined', declineCode: 'insufficient_funds' },
    });
  });

  it('payment_intent.succeeded records the capture, and a later authorization cannot undo it', () => {
    const { state } = run(
      held(),
      webhook('payment_intent.succeeded', intent({ amount_received: 32_500 })),
      webhook('payment_intent.amount_capturable_updated', intent({ amount_capturable: 32_500 })),
    );
    expect(state.holds[0]).toMatchObject({ status: 'captured', capturedCents: 32_500 });
  });

  it('charge.captured records the capture by its PaymentIntent', () => {
    const { state } = run(
      held(),
      webhook('charge.captured', { id: 'ch_1', payment_intent: 'pi_1', amount_captured: 30_000 }),
    );
    expect(state.holds[0]).toMatchObject({ status: 'captured', capturedCents: 30_000 });
  });

  it('payment_intent.canceled releases the hold', () => {
    const { state } = run(
      held(),
      webhook('payment_intent.canceled', intent({ cancellation_reason: 'automatic' })),
    );
    expect(state.holds[0]?.status).toBe('released');
    expect(moneyState(state)).toBe('card-saved');
  });

  it('charge.expired releases a lapsed hold, and a job due for capture asks for a new one', () => {
    const due = run(
      held(),
      { type: 'job-done', at: DONE, receipt: true },
      { type: 'capture-failed', key: 'job_j1:capture:1' },
    ).state;
    const { state, commands } = run(
      due,
      { type: 'window-passed', at: '2026-12-11T18:00:00.000Z' },
      webhook('charge.expired', { id: 'ch_1', payment_intent: 'pi_1' }),
    );
    expect(state.holds[0]?.status).toBe('released');
    expect(commands.map((c) => c.key)).toEqual(['job_j1:capture:1', 'job_j1:hold:2']);
  });

  it('charge.refunded takes Stripe’s total, however often or late it comes', () => {
    const refunded = (total: number) =>
      webhook('charge.refunded', { id: 'ch_1', payment_intent: 'pi_1', amount_refunded: total });
    const later = refunded(32_500);
    const { state } = run(captured(), refunded(10_000), later, later, refunded(5_000));
    expect(state.refundedCents).toBe(32_500);
    expect(moneyState(state)).toBe('refunded');
  });

  it('charge.dispute.created opens a dispute that stops refunds and holds the payout', () => {
    const { state } = run(
      captured(),
      webhook('charge.dispute.created', {
        id: 'dp_1',
        charge: 'ch_1',
        amount: 32_500,
        status: 'needs_response',
      }),
      { type: 'refund-requested' },
    );
    expect(state.dispute).toMatchObject({ id: 'dp_1', status: 'open', amountCents: 32_500 });
    expect(state.refunds).toEqual([]);
    expect(pendingCommands(state).map((command) => command.kind)).toEqual(['hold-payout']);
    expect(moneyState(state)).toBe('disputed');
  });

  it('charge.dispute.closed closes it, even delivered before the opening', () => {
    const closed = webhook('charge.dispute.closed', {
      id: 'dp_1',
      payment_intent: 'pi_1',
      amount: 32_500,
      status: 'lost',
    });
    const opened = webhook('charge.dispute.created', {
      id: 'dp_1',
      payment_intent: 'pi_1',
      amount: 32_500,
      status: 'needs_response',
    });
    const { state } = run(captured(), closed, opened);
    expect(state.dispute?.status).toBe('lost');
    expect(moneyState(state)).toBe('refunded');
  });

  it('names every type it handles here', () => {
    expect(HANDLED_WEBHOOKS).toHaveLength(9);
  });

  it('leaves an event about another job’s PaymentIntent unapplied and unseen', () => {
    const { state } = run(
      held(),
      webhook('payment_intent.canceled', { id: 'pi_other', metadata: {} }),
    );
    expect(state).toEqual(held());
  });

  it('account.updated gives the hauler’s payout state, a late older event changing nothing', () => {
    const account = (extra: Record<string, unknown>) => ({
      id: 'acct_1',
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      ...extra,
    });
    const enabled = applyAccountUpdate(undefined, {
      type: 'account.updated',
      created: 20,
      data: {
        object: account({ details_submitted: true, charges_enabled: true, payouts_enabled: true }),
      },
    });
    expect(enabled).toEqual({ accountId: 'acct_1', state: 'enabled', asOf: 20 });
    expect(
      applyAccountUpdate(enabled, {
        type: 'account.updated',
        created: 10,
        data: { object: account({}) },
      }),
    ).toBe(enabled);
    expect(
      applyAccountUpdate(undefined, {
        type: 'account.updated',
        created: 5,
        data: { object: account({ details_submitted: true }) },
      })?.state,
    ).toBe('pending');
  });
});
