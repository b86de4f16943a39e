import { describe, expect, it } from 'vitest';
import { startedMoney, stepped as run, webhook } from '../../../test/support/testing-money-machine';
import { moneyState, pendingCommands } from './money-machine';
import { transferLeftCents } from './money-holds';

// A dispute holds the hauler's payout (decision 061): the charge's transfer reversed by the
// disputed amount, at most what is still transferred; paid again once when won; kept when lost.
const start = () => startedMoney(32_500, '2026-12-10T16:00:00.000Z');

const opened = (amount = 32_500) =>
  webhook('charge.dispute.created', {
    id: 'dp_1',
    charge: 'ch_1',
    amount,
    status: 'needs_response',
  });
const closed = (status: 'won' | 'lost') =>
  webhook('charge.dispute.closed', { id: 'dp_1', charge: 'ch_1', amount: 32_500, status });

/** Charged $325: $48.75 fee kept, $276.25 transferred to the hauler. */
const charged = () =>
  run(
    start(),
    { type: 'hold-due', captureBy: '2026-12-12T00:00:00.000Z' },
    { type: 'hold-placed', key: 'job_j1:hold:1', intentId: 'pi_1', chargeId: 'ch_1' },
    { type: 'job-done', at: '2026-12-10T18:00:00.000Z', receipt: true },
    { type: 'window-passed', at: '2026-12-11T18:00:00.000Z' },
    { type: 'captured', key: 'job_j1:capture:1', amountCents: 32_500 },
  ).state;

const HOLD_KEY = 'job_j1:dispute:dp_1:hold';
const RELEASE_KEY = 'job_j1:dispute:dp_1:release';

describe('a dispute and the hauler’s payout', () => {
  it('reverses the transfer by the disputed amount, capped at what was transferred, keyed by the dispute', () => {
    const { state, commands } = run(charged(), opened());
    expect(commands).toEqual([
      { kind: 'hold-payout', key: HOLD_KEY, jobId: 'j1', chargeId: 'ch_1', amountCents: 27_625 },
    ]);
    expect(state.dispute?.payoutHold).toEqual({
      key: HOLD_KEY,
      amountCents: 27_625,
      status: 'requested',
    });
    expect(run(charged(), opened(10_000)).commands[0]).toMatchObject({ amountCents: 10_000 });
  });

  it('holds only what a refund left of the transfer', () => {
    const refunded = run(
      charged(),
      { type: 'refund-requested', amountCents: 20_000 },
      { type: 'refunded', key: 'job_j1:refund:1', refundId: 're_1', amountCents: 20_000 },
    ).state;
    // 27,625 transferred; 20,000 of 32,500 refunded reverses 17,000 of it.
    expect(transferLeftCents(refunded)).toBe(10_625);
    expect(run(refunded, opened(12_500)).commands[0]).toMatchObject({ amountCents: 10_625 });
  });

  it('asks once however often the dispute is delivered, and keeps the hold when it closes', () => {
    const event = opened();
    const { state, commands } = run(charged(), event, event, opened(), closed('lost'));
    expect(commands.map((command) => command.key)).toEqual([HOLD_KEY]);
    expect(state.dispute).toMatchObject({ status: 'lost', payoutHold: { key: HOLD_KEY } });
  });

  it('pays a won dispute’s held amount back once, after the reversal is answered', () => {
    const asked = run(charged(), opened(), closed('won'));
    expect(pendingCommands(asked.state).map((command) => command.key)).toEqual([HOLD_KEY]);
    const held = run(asked.state, { type: 'payout-held', key: HOLD_KEY, reversalId: 'trr_1' });
    expect(held.commands).toEqual([
      {
        kind: 'release-payout',
        key: RELEASE_KEY,
        jobId: 'j1',
        chargeId: 'ch_1',
        destination: 'acct_1',
        amountCents: 27_625,
      },
    ]);
    const paid = run(
      held.state,
      { type: 'payout-released', key: RELEASE_KEY, transferId: 'tr_2' },
      { type: 'payout-released', key: RELEASE_KEY, transferId: 'tr_3' },
      closed('won'),
    );
    expect(paid.commands).toEqual([]);
    expect(pendingCommands(paid.state)).toEqual([]);
    expect(paid.state.dispute?.payoutRelease).toEqual({
      key: RELEASE_KEY,
      amountCents: 27_625,
      status: 'succeeded',
      stripeId: 'tr_2',
    });
    expect(moneyState(paid.state)).toBe('charged');
  });

  it('never reverses for a dispute known won before it was known open', () => {
    const { state, commands } = run(charged(), closed('won'), opened());
    expect(commands).toEqual([]);
    expect(state.dispute).toEqual({ id: 'dp_1', status: 'won', amountCents: 32_500 });
  });

  it('holds a lost dispute’s payout even when the closing came first', () => {
    const { commands } = run(charged(), closed('lost'), opened());
    expect(commands.map((command) => command.key)).toEqual([HOLD_KEY]);
  });

  it('gives up a reversal Stripe refused, and never pays back what was not held', () => {
    const { state } = run(
      charged(),
      opened(),
      { type: 'payout-move-refused', key: HOLD_KEY },
      closed('won'),
    );
    expect(state.dispute?.payoutHold?.status).toBe('failed');
    expect(pendingCommands(state)).toEqual([]);
  });

  it('refuses a refund once the charge was disputed, even after the dispute was won', () => {
    const { state } = run(
      charged(),
      opened(),
      { type: 'payout-held', key: HOLD_KEY, reversalId: 'trr_1' },
      closed('won'),
      { type: 'refund-requested', amountCents: 1_000 },
    );
    expect(state.refunds).toEqual([]);
  });

  it('holds nothing before the charge is captured', () => {
    const held = run(
      start(),
      { type: 'hold-due', captureBy: '2026-12-12T00:00:00.000Z' },
      { type: 'hold-placed', key: 'job_j1:hold:1', intentId: 'pi_1', chargeId: 'ch_1' },
    ).state;
    expect(run(held, opened()).commands).toEqual([]);
  });
});
