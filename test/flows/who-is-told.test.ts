/**
 * The transition table (lambdas/contract/loop/transitions.ts, decision 045) walked through the real
 * functions: for each transition, every party the table names is told by each of its channels (an
 * email to their address; their signed link reads differently after), and nobody the table
 * leaves out is emailed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cantDoJob, onMyWay, requestPriceChange } from '../../lambdas/job-updates/hauler-actions';
import { decidePriceChange } from '../../lambdas/job-updates/homeowner-actions';
import { rateJob } from '../../lambdas/job-updates/rating/rating';
import { answerQuestion, askQuestion } from '../../lambdas/job-updates/questions';
import { releaseRemovedHauler } from '../../lambdas/job-updates/removal';
import { pauseHauler, removeHauler } from '../../lambdas/shared/haulers/hauler-store';
import type { Hauler } from '../../lambdas/shared/models/hauler-model';
import { cancelRequest, decideQuote } from '../../lambdas/update-lead/update-lead';
import { runOffersJob } from '../../lambdas/hauler-offers/offers-job';
import { runMoneyJob } from '../../lambdas/hauler-offers/money/money-job';
import { moveMoney, scheduleMoney } from '../../lambdas/shared/payments/money-due';
import type { MoneyEvent } from '../../lambdas/shared/payments/money-machine';
import { moneyJobId, startJobMoney } from '../../lambdas/shared/payments/money-runner';
import {
  CARD_FIELDS,
  type TestStandIn,
  onboardedAccount,
  postForm,
  saveCard,
  startTestStandIn,
} from '../../scripts/local/stripe/testing';
import { updateCard } from '../../lambdas/job-updates/card-update';
import { tokenFromHash } from '#contract/core/pages';
import { cardUpdateReturnOf } from '#contract/money/payments';
import { pickupInstant } from '#contract/loop/jobs';
import { PAYMENT_TERMS } from '#contract/money/payments';
import { NOW, OPERATIONS, PICKUP, flowWorld } from './flow-world';
import { moneyWorld } from './money-world';
import { OFFER_DEFAULTS } from '#contract/loop/offers';
import { reminderAt } from '#contract/loop/reminders';
import { PARTIES, TRANSITIONS, WHO_IS_TOLD } from '#contract/loop/transitions';
import type { Party, Transition } from '#contract/loop/transitions';
import { standInPayments } from '../support/testing-money';

const w = flowWorld();
const money = moneyWorld(w);
beforeAll(money.start);
afterAll(money.stop);

interface Scenario {
  setup: () => Promise<void>;
  act: () => Promise<void>;
  /** The haulers in the other-haulers party, when not B alone. */
  others?: () => Hauler[];
  /** No one hauler is what the change is about (A is among the others). */
  aboutNoHauler?: boolean;
}

const priceChange = () =>
  w.ok(
    requestPriceChange(
      { token: w.tokens().jobA, priceDollars: 300, reason: 'Twice the load in the photos' },
      w.deps(),
    ),
  );
const cancel = () => w.ok(cancelRequest({ token: w.tokens().view }, w.deps()));
// A asks before anyone quotes: B, offered the same job, reads it on its offer page.
const ask = () =>
  w.ok(askQuestion({ token: w.tokens().offerA, question: 'Is it upstairs?' }, w.deps()));
const none = () => [];

// A job's money against the Stripe stand-in: A's job, its card saved and the hold placed.
let standIn: TestStandIn;
let account: string;
beforeAll(async () => {
  standIn = await startTestStandIn();
  account = await onboardedAccount(standIn);
}, 30_000);
afterAll(async () => {
  await standIn.close();
});
const WINDOW = pickupInstant(PICKUP, 'morning', 'start');
const moneyDeps = () => ({
  table: w.table,
  now: () => w.clock,
  provider: standInPayments(standIn),
});
const jobMoney = () => moneyJobId(w.id, 1);
/** A booked with a saved card and the hold asked for; `then`, the job's events into the money. */
const bookedWithMoney =
  (card = '4242424242424242', ...then: MoneyEvent[]) =>
  (holdAtOnce = true) =>
  async () => {
    await w.bookedWithA();
    // Payments on from here: the pages read the job's money (the booking above had no payouts).
    w.paymentSetting = 'on';
    const saved = await saveCard(standIn, card);
    await startJobMoney(
      moneyDeps(),
      {
        jobId: jobMoney(),
        priceCents: 24_000,
        windowStartsAt: WINDOW.toISOString(),
        destination: account,
        card: { customerId: saved.customer.id, paymentMethodId: saved.paymentMethod },
      },
      holdAtOnce
        ? { type: 'hold-due', captureBy: new Date(WINDOW.getTime() + 86_400_000).toISOString() }
        : undefined,
    );
    await scheduleMoney(w.table, jobMoney(), w.clock);
    for (const event of then) await moveMoney(moneyDeps(), jobMoney(), event);
  };
/** The money job's minute, for this job only. */
const runMoney = async () => {
  const report = await runMoneyJob({ ...w.deps(), ...moneyDeps(), only: jobMoney() });
  expect(report.due).toBe(1);
};
const later = (hours: number) => {
  w.clock = new Date(w.clock.getTime() + hours * 3_600_000);
};

const SCENARIOS: Record<Transition, Scenario> = {
  accept: { setup: w.twoQuotes, act: () => w.ok(w.accept(1)) },
  decline: {
    setup: w.twoQuotes,
    act: () => {
      const token = w.token(w.id, 'homeowner', 'decline', NOW, 1);
      return w.ok(decideQuote({ token, decision: 'decline' }, w.deps()));
    },
  },
  // Both open quotes are "other haulers": the cancellation is about no one hauler.
  'cancel-before-booking': {
    setup: w.twoQuotes,
    act: cancel,
    others: () => [w.a, w.b],
    aboutNoHauler: true,
  },
  'cancel-after-booking': { setup: w.bookedWithA, act: cancel, others: none },
  'give-up': {
    setup: w.bookedWithA,
    act: () => w.ok(cantDoJob()({ token: w.tokens().jobA, reason: 'Truck broke down' }, w.deps())),
    others: none,
  },
  remove: {
    setup: w.bookedWithA,
    act: async () => {
      expect((await removeHauler(w.table, w.a.haulerId, { now: w.clock })).ok).toBe(true);
      await releaseRemovedHauler(w.a, w.deps());
    },
    others: none,
  },
  pause: {
    setup: w.twoQuotes,
    act: async () => {
      const paused = await pauseHauler(w.table, w.a.haulerId, {
        now: w.clock,
        until: '2026-12-10',
      });
      expect(paused.ok).toBe(true);
    },
  },
  'quote-expired': {
    setup: () => w.ok(w.quote(w.tokens().offerA, 240, '2026-11-24')),
    act: async () => {
      // The morning window of Nov 24 has begun everywhere in the US.
      w.clock = new Date('2026-11-24T20:00:00Z');
    },
    others: none,
  },
  'price-change-asked': { setup: w.bookedWithA, act: priceChange, others: none },
  'price-change-answered': {
    setup: async () => {
      await w.bookedWithA();
      await priceChange();
    },
    act: () =>
      w.ok(decidePriceChange({ token: w.tokens().view, decision: 'approve', change: 1 }, w.deps())),
    others: none,
  },
  'on-my-way': {
    setup: w.bookedWithA,
    act: () => w.ok(onMyWay({ token: w.tokens().jobA }, w.deps())),
    others: none,
  },
  done: { setup: w.bookedWithA, act: () => w.jobDone(), others: none },
  rated: {
    setup: async () => {
      await w.bookedWithA();
      await w.jobDone();
    },
    act: () => w.ok(rateJob({ token: w.tokens().view, stars: 5 }, w.deps())),
    others: none,
  },
  'question-asked': { setup: async () => undefined, act: ask },
  'question-answered': {
    setup: ask,
    act: () =>
      w.ok(
        answerQuestion(
          { token: w.tokens().view, question: 1, answer: 'Ground floor, by the garage.' },
          w.deps(),
        ),
      ),
  },
  // The offer job run at the reminder time, for this request only, as the local stack runs it.
  'day-before': {
    setup: w.bookedWithA,
    act: async () => {
      w.clock = reminderAt(PICKUP);
      const report = await runOffersJob({ ...w.deps(), settings: OFFER_DEFAULTS, only: w.id });
      expect(report.due).toBe(1);
    },
    others: none,
  },
  // Nobody quoted: the run after the offers' hours tells the homeowner; A and B were offered it.
  'offers-ended': {
    setup: () => Promise.resolve(),
    act: async () => {
      w.clock = new Date(NOW.getTime() + OFFER_DEFAULTS.offerHours * 3_600_000);
      const report = await runOffersJob({ ...w.deps(), settings: OFFER_DEFAULTS, only: w.id });
      expect(report.leads[0]).toMatchObject({ ended: 'expired', offersEnded: 'sent' });
    },
    others: () => [w.a, w.b],
    aboutNoHauler: true,
  },
  // Booked with a card whose charges fail: the money job's hold fails, the homeowner is emailed,
  // and both the request page and the booked hauler's job page say so.
  'money-hold-failed': {
    setup: bookedWithMoney('4000000000000341')(false),
    act: runMoney,
    others: none,
  },
  // The homeowner was told at the failure; 12 hours on, with the card not updated, operations.
  'money-hold-overdue': {
    setup: async () => {
      await bookedWithMoney('4000000000000341')()();
      await runMoney();
    },
    act: async () => {
      later(PAYMENT_TERMS.holdFailureEscalationHours);
      await runMoney();
    },
    others: none,
  },
  'money-charged': {
    setup: bookedWithMoney(undefined, {
      type: 'job-done',
      at: NOW.toISOString(),
      receipt: true,
    })(),
    act: async () => {
      later(PAYMENT_TERMS.objectionHours);
      await runMoney();
    },
    others: none,
  },
  'money-late-fee': {
    setup: bookedWithMoney(undefined, {
      type: 'cancelled',
      at: new Date(WINDOW.getTime() - 3_600_000).toISOString(),
    })(),
    act: runMoney,
    others: none,
  },
  'money-released': {
    setup: bookedWithMoney(undefined, { type: 'cancelled', at: NOW.toISOString() })(),
    act: runMoney,
    others: none,
  },
  // A's job charged, then refunded in part by operations (npm run leads -- refund).
  refund: { setup: money.charged, act: () => money.refund(10_000) },
  'dispute-opened': { setup: money.charged, act: money.openDispute },
  'dispute-closed': {
    setup: async () => {
      await money.charged();
      await money.openDispute();
    },
    act: () => money.closeDispute('lost'),
  },
  // The money job's minute after Stripe's dispute event: A's transfer reversed, A told.
  'dispute-payout-held': {
    setup: async () => {
      await money.chargedAndTold();
      await money.openDispute();
    },
    act: money.runMoney,
  },
  'dispute-payout-paid-again': {
    setup: async () => {
      await money.chargedAndTold();
      await money.openDispute();
      await money.runMoney();
      await money.closeDispute('won');
    },
    act: money.runMoney,
  },
  // The hold failed (the money job told the homeowner); then "Update your card" on the request
  // page, a good card saved on Stripe's page, and the page's return POSTing the session.
  'card-updated': {
    setup: async () => {
      await bookedWithMoney('4000000000000341')(false)();
      await runMoney();
    },
    act: async () => {
      const deps = {
        ...w.deps(),
        payments: { setting: 'on' as const, provider: moneyDeps().provider },
      };
      const opened = await updateCard({ token: w.tokens().view }, deps);
      expect(opened.statusCode, opened.body).toBe(200);
      const url = (JSON.parse(opened.body) as { checkoutUrl: string }).checkoutUrl;
      const saved = await postForm(url, { number: '4242424242424242', ...CARD_FIELDS });
      const hash = new URL(saved.location!).hash;
      const back = await updateCard(
        { token: tokenFromHash(hash), session: cardUpdateReturnOf(hash) },
        deps,
      );
      expect(back.statusCode, back.body).toBe(200);
    },
    others: none,
  },
};

async function pages(scenario: Scenario): Promise<Record<Party, string>> {
  const t = w.tokens();
  const others = scenario.others?.() ?? [w.b];
  const offerOf = (hauler: Hauler) => (hauler.haulerId === w.a.haulerId ? t.offerA : t.offerB);
  return {
    homeowner: await w.reads(t.view),
    // The hauler's two pages: the offer (their quote) and the job once booked.
    hauler: `${await w.reads(t.offerA)}\n${await w.reads(t.jobA)}`,
    'other-haulers': (await Promise.all(others.map((h) => w.reads(offerOf(h))))).join('\n'),
    operations: await w.reads(w.token(w.id, 'operations', 'quote', NOW)),
  };
}

describe('who is told of each transition', () => {
  it.each(TRANSITIONS)(
    '%s tells every party the table names, by each channel it names, and emails nobody else',
    async (transition) => {
      const scenario = SCENARIOS[transition];
      await scenario.setup();
      const before = await pages(scenario);
      w.forgetMails();
      await scenario.act();
      const after = await pages(scenario);
      const emailed = new Set(w.mails().flatMap((mail) => mail.to));
      const addresses: Record<Party, string[]> = {
        homeowner: [w.homeownerEmail],
        hauler: scenario.aboutNoHauler === true ? [] : [w.a.email],
        'other-haulers': (scenario.others?.() ?? [w.b]).map((h) => h.email),
        operations: [OPERATIONS],
      };
      const told = WHO_IS_TOLD[transition];
      for (const party of PARTIES) {
        const channels = told[party] ?? [];
        for (const address of addresses[party]) {
          expect(emailed.has(address), `${transition}: ${party} emailed`).toBe(
            channels.includes('email'),
          );
        }
        if (channels.includes('page')) {
          expect(after[party], `${transition}: ${party}'s page`).not.toBe(before[party]);
        }
      }
      const known = new Set(Object.values(addresses).flat());
      expect([...emailed].filter((address) => !known.has(address))).toEqual([]);
    },
  );
});
