import { describe, expect, it } from 'vitest';
import { at, iso, money } from '../../../test/support/testing-money-machine';
import {
  MONEY_RETRY_MS,
  earliestCapture,
  holdDueAt,
  moneyDueAt,
  moneyTimeEvent,
  renewalDueAt,
} from './money-due';
import type { MoneyEvent } from './money-machine';
import { PAYMENT_TERMS } from '#contract/money/payments';

const holdDue: MoneyEvent = { type: 'hold-due', captureBy: iso(24) };
/** Held 4 days before the window, the bank's 4 days 18 hours from then. */
const placed = (lastsUntil = iso(18)): MoneyEvent => ({
  type: 'hold-placed',
  key: 'job_j1:hold:1',
  intentId: 'pi_1',
  captureBefore: lastsUntil,
});

describe('when a job’s money is next due', () => {
  it('places the hold at most holdLeadHours before the window, not before', () => {
    const saved = money();
    expect(holdDueAt(saved)).toEqual(at(-PAYMENT_TERMS.holdLeadHours));
    expect(moneyDueAt(saved, at(-200))).toEqual(at(-PAYMENT_TERMS.holdLeadHours));
    expect(moneyTimeEvent(saved, at(-PAYMENT_TERMS.holdLeadHours - 0.1))).toBeUndefined();
    expect(moneyTimeEvent(saved, at(-PAYMENT_TERMS.holdLeadHours))).toEqual({
      type: 'hold-due',
      captureBy: iso(PAYMENT_TERMS.objectionHours),
    });
  });

  it('sends an owed write again in a minute', () => {
    const asked = money(holdDue);
    expect(moneyDueAt(asked, at(-96))).toEqual(new Date(at(-96).getTime() + MONEY_RETRY_MS));
  });

  it('renews a hold only near its lapse, and only when the capture would come after it', () => {
    const held = money(holdDue, placed());
    const renewAt = at(18 - PAYMENT_TERMS.holdRenewalLeadHours);
    expect(renewalDueAt(held)).toEqual(renewAt);
    expect(moneyDueAt(held, at(-90))).toEqual(renewAt);
    expect(moneyTimeEvent(held, at(0))).toBeUndefined();
    expect(moneyTimeEvent(held, renewAt)?.type).toBe('hold-due');
    // Done early enough that the capture comes before the lapse: no renewal, only the capture.
    const lasting = money(holdDue, placed(iso(60)), {
      type: 'job-done',
      at: iso(2),
      receipt: true,
    });
    expect(renewalDueAt(lasting)).toBeUndefined();
    expect(moneyDueAt(lasting, at(3))).toEqual(at(2 + PAYMENT_TERMS.objectionHours));
  });

  it('captures once the objection window after the receipt has passed', () => {
    const done = money(holdDue, placed(iso(60)), { type: 'job-done', at: iso(2), receipt: true });
    expect(earliestCapture(done, at(3))).toEqual(at(26));
    expect(moneyTimeEvent(done, at(25.9))).toBeUndefined();
    expect(moneyTimeEvent(done, at(26))).toEqual({ type: 'window-passed', at: iso(26) });
  });

  it('escalates a failed hold after 12 hours, until operations were told, and never renews it', () => {
    const failed = money(holdDue, {
      type: 'hold-failed',
      key: 'job_j1:hold:1',
      at: iso(-96),
      code: 'card_declined',
    });
    expect(moneyDueAt(failed, at(-96))).toEqual(at(-96 + PAYMENT_TERMS.holdFailureEscalationHours));
    expect(moneyDueAt(failed, at(-80), { operationsTold: true })).toBeUndefined();
    expect(moneyTimeEvent(failed, at(-80))).toBeUndefined();
  });

  it('is never due once the money ended, or while a problem waits for operations', () => {
    const released = money({ type: 'cancelled', at: iso(-200) });
    expect(moneyDueAt(released, at(-199))).toBeUndefined();
    const problem = money(
      holdDue,
      placed(iso(60)),
      { type: 'job-done', at: iso(2), receipt: true },
      { type: 'problem-reported', at: iso(3) },
    );
    expect(moneyDueAt(problem, at(4))).toBeUndefined();
    expect(moneyTimeEvent(problem, at(40))).toBeUndefined();
  });
});
