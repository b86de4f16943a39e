/**
 * A failed hold and the card updated (issue 39 flow 3, decision 060), through the real functions
 * with payments on, against dynalite and the Stripe stand-in (real SDK), the card page driven by
 * plain form POSTs: the failed hold shown to the homeowner and the booked hauler only, "Update
 * your card" opening a card page for the same customer, the saved card placing the hold at once,
 * the same session again running once, the limit, a session without a card changing nothing, and
 * operations told nothing after 12 hours once the card was updated.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { updateCard } from '../../lambdas/job-updates/card-update';
import { runMoneyJob } from '../../lambdas/hauler-offers/money/money-job';
import { moneyDueOf, scheduleMoney } from '../../lambdas/shared/payments/money-due';
import { moneyState } from '../../lambdas/shared/payments/money-machine';
import { moneyJobId, startJobMoney } from '../../lambdas/shared/payments/money-runner';
import { getPayment } from '../../lambdas/shared/payments/payment-store';
import type { PaymentProvider } from '../../lambdas/shared/payments/stripe-payments';
import {
  CARD_FIELDS,
  type TestStandIn,
  onboardedAccount,
  postForm,
  saveCard,
  startTestStandIn,
} from '../../scripts/local/stripe/testing';
import { NOW, OPERATIONS, PICKUP, flowWorld } from './flow-world';
import { tokenFromHash } from '#contract/core/pages';
import { pickupInstant } from '#contract/loop/jobs';
import {
  CARD_UPDATE_LIMITS,
  CARD_UPDATE_TEXTS,
  PAYMENT_TERMS,
  cardUpdateReturnOf,
} from '#contract/money/payments';
import { standInPayments } from '../support/testing-money';
import type { LoggedRequest } from '../../scripts/local/stripe/request-log';

const GOOD = '4242424242424242';
/** Saved fine, then every charge declined: the hold fails (Stripe's 4000 0000 0000 0341). */
const FAILS_LATER = '4000000000000341';
const HOUR = 3_600_000;

const w = flowWorld();
let test: TestStandIn;
let account: string;
let provider: PaymentProvider;
const base = w.deps;
const on = () => ({ ...base(), payments: { setting: 'on' as const, provider } });

const WINDOW = pickupInstant(PICKUP, 'morning', 'start');
const jobId = () => moneyJobId(w.id, 1);
const money = async () => (await getPayment(w.table, jobId()))!.payment;
let customer: string;

type Answer = { statusCode: number; body: string };
const json = (answer: Answer) =>
  JSON.parse(answer.body) as {
    checkoutUrl?: string;
    lead?: { job?: { money?: string } };
    error?: { message: string };
  };

/** Booked with A, the card saved, and the hold at acceptance declined. */
async function holdFailed() {
  // Booked as the card page's return books it (test/flows/checkout.test.ts walks that page).
  await w.bookedWithA();
  const saved = await saveCard(test, FAILS_LATER);
  customer = saved.customer.id;
  const started = await startJobMoney(
    { table: w.table, provider, now: () => w.clock },
    {
      jobId: jobId(),
      priceCents: 24_000,
      windowStartsAt: WINDOW.toISOString(),
      destination: account,
      card: { customerId: customer, paymentMethodId: saved.paymentMethod },
    },
    { type: 'hold-due', captureBy: new Date(WINDOW.getTime() + 24 * HOUR).toISOString() },
  );
  expect(started.after).toBe('hold-failed');
  // Due now, as acceptance leaves it: the money job tells the homeowner.
  await scheduleMoney(w.table, jobId(), w.clock);
}

/** "Update your card" on the request page: the card page's URL. */
async function openCardPage(): Promise<string> {
  const answer = await updateCard({ token: w.tokens().view }, on());
  expect(answer.statusCode, answer.body).toBe(200);
  return json(answer).checkoutUrl!;
}

/** The card typed on the card page, and the request page back from it POSTing its session. */
async function saveAndComeBack(url: string, number = GOOD) {
  const saved = await postForm(url, { number, ...CARD_FIELDS });
  expect(saved.status).toBe(303);
  const hash = new URL(saved.location!).hash;
  return {
    hash,
    answer: await updateCard(
      { token: tokenFromHash(hash), session: cardUpdateReturnOf(hash) },
      on(),
    ),
  };
}

const intents = async () => (await test.stripe.paymentIntents.list({ customer })).data;

beforeAll(async () => {
  test = await startTestStandIn();
  account = await onboardedAccount(test);
  provider = standInPayments(test);
});
afterAll(async () => {
  await test.close();
});
beforeEach(() => {
  w.clock = NOW;
});

describe('a failed hold on the pages', () => {
  it('shows the homeowner and the booked hauler the money state, and no other hauler', async () => {
    await holdFailed();
    w.deps = on;
    try {
      expect(JSON.parse(await w.reads(w.tokens().view)).job.money).toBe('hold-failed');
      expect(JSON.parse(await w.reads(w.tokens().jobA)).job.money).toBe('hold-failed');
      const offerB = await w.reads(w.tokens().offerB);
      const jobB = await w.reads(w.tokens().jobB);
      for (const seen of [offerB, jobB]) {
        expect(seen).not.toContain('money');
        expect(seen).not.toContain('hold-failed');
      }
      // Never the card, the customer or the intent.
      const homeowner = await w.reads(w.tokens().view);
      expect(homeowner).not.toContain(customer);
      expect(homeowner).not.toContain('pm_');
      expect(homeowner).not.toContain('pi_');
    } finally {
      w.deps = base;
    }
  });

  it('says nothing of money with payments off', async () => {
    await holdFailed();
    expect(await w.reads(w.tokens().view)).not.toContain('money');
  });
});

describe('updating the card', () => {
  it('opens a card page for the same customer and places the hold once the card is saved', async () => {
    await holdFailed();
    const url = await openCardPage();
    expect(new URL(url).pathname).toMatch(/^\/c\/pay\/cs_/);
    const { hash, answer } = await saveAndComeBack(url);
    expect(new URLSearchParams(hash.slice(1)).get('card')).toMatch(/^cs_/);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(json(answer).lead?.job?.money).toBe('held');
    const stored = await money();
    expect(moneyState(stored)).toBe('held');
    expect(stored.card.customerId).toBe(customer);
    const statuses = (await intents()).map((intent) => intent.status).sort();
    expect(statuses).toEqual(['requires_capture', 'requires_payment_method']);
    // The money job is due now: it tells whoever the new state concerns.
    expect(await moneyDueOf(w.table, jobId())).toBe(w.clock.toISOString());
  });

  it('runs the same session once: a reload or a second tab places no second hold', async () => {
    await holdFailed();
    const url = await openCardPage();
    const first = await saveAndComeBack(url);
    expect(first.answer.statusCode).toBe(200);
    const again = await updateCard(
      { token: w.tokens().view, session: cardUpdateReturnOf(first.hash) },
      on(),
    );
    expect(again.statusCode).toBe(200);
    expect(json(again).lead?.job?.money).toBe('held');
    expect(await intents()).toHaveLength(2);
    expect((await money()).holds).toHaveLength(2);
  });

  it('places one hold when two tabs come back with the same session at once', async () => {
    await holdFailed();
    const url = await openCardPage();
    const saved = await postForm(url, { number: GOOD, ...CARD_FIELDS });
    const session = cardUpdateReturnOf(new URL(saved.location!).hash);
    const answers = await Promise.all(
      [1, 2].map(() => updateCard({ token: w.tokens().view, session }, on())),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(moneyState(await money())).toBe('held');
    expect(await intents()).toHaveLength(2);
  });

  it('says the hold failed again when the new card is declined too, and runs it once', async () => {
    await holdFailed();
    const first = await saveAndComeBack(await openCardPage(), FAILS_LATER);
    expect(json(first.answer).lead?.job?.money).toBe('hold-failed');
    await updateCard({ token: w.tokens().view, session: cardUpdateReturnOf(first.hash) }, on());
    expect((await money()).holds).toHaveLength(2);
  });

  it('changes nothing for a session whose card page was left without a card', async () => {
    await holdFailed();
    const url = await openCardPage();
    const session = new URL(url).pathname.split('/').at(-1)!;
    const answer = await updateCard({ token: w.tokens().view, session }, on());
    expect(answer.statusCode).toBe(409);
    expect(json(answer).error?.message).toBe(CARD_UPDATE_TEXTS.notSaved);
    expect(moneyState(await money())).toBe('hold-failed');
    expect(await intents()).toHaveLength(1);
  });

  it('changes nothing for a session Stripe does not know', async () => {
    await holdFailed();
    const answer = await updateCard({ token: w.tokens().view, session: 'cs_forged' }, on());
    expect(answer.statusCode).toBe(409);
    expect(json(answer).error?.message).toBe(CARD_UPDATE_TEXTS.notSaved);
    expect(moneyState(await money())).toBe('hold-failed');
  });

  it('refuses a card saved for another customer', async () => {
    await holdFailed();
    const other = await saveCard(test, GOOD);
    const answer = await updateCard({ token: w.tokens().view, session: other.session.id }, on());
    expect(answer.statusCode).toBe(409);
    expect(moneyState(await money())).toBe('hold-failed');
  });

  it(`opens at most ${CARD_UPDATE_LIMITS.sessionsPerJob} card pages per job under a flood of presses, then says so`, async () => {
    await holdFailed();
    // A script presses "Update your card" 30 times at once: each card page is a write to Stripe.
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => updateCard({ token: w.tokens().view }, on())),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(
      CARD_UPDATE_LIMITS.sessionsPerJob,
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      30 - CARD_UPDATE_LIMITS.sessionsPerJob,
    );
    const over = answers.find((answer) => answer.statusCode === 429)!;
    expect(json(over).error?.message).toBe(CARD_UPDATE_TEXTS.limit);
    // What reached Stripe: one Checkout Session per page let through, none for the refused.
    const { requests } = await test.admin<{ requests: LoggedRequest[] }>(
      'GET',
      '/_standin/requests?method=POST&path=/v1/checkout/sessions',
    );
    const ours = requests.filter(
      (r) => r.idempotencyKey?.startsWith(`job_${jobId()}:update-card:`) && !r.replayed,
    );
    expect(ours).toHaveLength(CARD_UPDATE_LIMITS.sessionsPerJob);
  });

  it('opens no card page while the payment is secured, nor for a hauler’s link', async () => {
    await holdFailed();
    await saveAndComeBack(await openCardPage());
    const secured = await updateCard({ token: w.tokens().view }, on());
    expect(secured.statusCode).toBe(409);
    expect(json(secured).error?.message).toBe(CARD_UPDATE_TEXTS.notNeeded);
    const hauler = await updateCard({ token: w.tokens().jobA }, on());
    expect(hauler.statusCode).toBe(403);
  });

  const overdue = () =>
    w.mails().filter((mail) => mail.subject.startsWith('Payment not secured for job'));
  const escalation = new Date(
    NOW.getTime() + (PAYMENT_TERMS.holdFailureEscalationHours + 1) * HOUR,
  );
  const runMoney = () => runMoneyJob({ ...on(), provider, only: jobId() });

  it('leaves operations told after 12 hours when the card is not updated', async () => {
    await holdFailed();
    await runMoney();
    w.clock = escalation;
    await runMoney();
    expect(overdue().map((mail) => mail.to)).toEqual([[OPERATIONS]]);
  });

  it('tells operations nothing after 12 hours once the card was updated', async () => {
    await holdFailed();
    await runMoney();
    await saveAndComeBack(await openCardPage());
    await runMoney();
    w.clock = escalation;
    await runMoney();
    expect(overdue()).toEqual([]);
    // The homeowner heard of the failed hold once, and of nothing else since.
    const toHomeowner = w.mails().filter((mail) => mail.to.includes(w.homeownerEmail));
    expect(
      toHomeowner.filter((mail) => mail.subject.startsWith('Payment not yet secured')),
    ).toHaveLength(1);
  });
});
