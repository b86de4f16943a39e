/**
 * Accepting a quote saves a card (issue 39 flow 2, decision 056): the real update-lead against
 * dynalite and the Stripe stand-in (real SDK), the card page driven by plain form POSTs. Payments
 * on: "Confirm" opens a Checkout Session and accepts nothing; the page back from the card page
 * accepts the quote once Stripe says the card is saved, and the job's money starts.
 */
import { describe, expect, it } from 'vitest';
import { flowWorld, PICKUP } from './flow-world';
import { decideQuote, sendQuote } from '../../lambdas/update-lead/update-lead';
import { sweepCheckouts } from '../../lambdas/hauler-offers/checkout-sweep';
import type { UpdateLeadDeps } from '../../lambdas/update-lead/update-lead-deps';
import { recordHaulerPayouts } from '../../lambdas/shared/haulers/hauler-payouts';
import { storedQuotes } from '../../lambdas/shared/leads/lead-quotes';
import { moneyJobId } from '../../lambdas/shared/payments/money-runner';
import { moneyState } from '../../lambdas/shared/payments/money-machine';
import { getPayment } from '../../lambdas/shared/payments/payment-store';
import { CARD_FIELDS, onboardedAccount, postForm } from '../../scripts/local/stripe/testing';
import { tokenFromHash } from '#contract/core/pages';
import { CHECKOUT_LIMITS, PAYMENT_TEXTS, checkoutReturnOf } from '#contract/money/payments';
import { standInForFile } from '../support/testing-money-world';

const GOOD = '4242424242424242';
const DECLINED = '4000000000000002';

const w = flowWorld();
const file = standInForFile();

const on = (): UpdateLeadDeps => file.paymentsOn(w.deps());
type Answer = { statusCode: number; body: string };
const json = (answer: Answer) =>
  JSON.parse(answer.body) as {
    checkoutUrl?: string;
    lead?: { status: string; payments?: string };
    error?: { message: string };
  };

/** "Confirm: accept this quote" with payments on: the card page's URL. */
async function openCheckout(quote: number): Promise<string> {
  const answer = await decideQuote({ token: w.tokens().view, decision: 'accept', quote }, on());
  expect(answer.statusCode, answer.body).toBe(200);
  return json(answer).checkoutUrl!;
}

/** The card typed on the card page: where Stripe sends the browser, or the page again. */
async function saveCard(url: string, number = GOOD) {
  return postForm(url, { number, ...CARD_FIELDS });
}

/** The request page back from the card page, POSTing its session. */
function confirm(returnUrl: string) {
  const hash = new URL(returnUrl).hash;
  return decideQuote(
    { token: tokenFromHash(hash), decision: 'accept', checkout: checkoutReturnOf(hash) },
    on(),
  );
}

const quoteStates = async () => storedQuotes(await w.lead()).map((quote) => quote.state);

async function withPayouts(haulerId: string) {
  const accountId = await onboardedAccount(file.standIn);
  await recordHaulerPayouts(w.table, haulerId, { accountId, state: 'enabled', asOf: 1 });
  return accountId;
}

describe('accepting a quote saves a card first', () => {
  it('answers the card page and accepts nothing: both quotes stay live', async () => {
    await w.twoQuotes();
    const url = await openCheckout(1);
    expect(new URL(url).pathname).toMatch(/^\/c\/pay\/cs_/);
    expect(await quoteStates()).toEqual(['live', 'live']);
    expect((await w.lead()).status).toBe('quoted');
    expect(w.mails().filter((mail) => mail.subject.startsWith('Accepted: '))).toHaveLength(0);
  });

  it('accepts the quote when the card is saved, with its emails, and holds a near pickup', async () => {
    await w.twoQuotes();
    const destination = await withPayouts(w.a.haulerId);
    const saved = await saveCard(await openCheckout(1));
    expect(saved.status).toBe(303);
    expect(saved.location).toContain('/request#t=');
    const answer = await confirm(saved.location!);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(json(answer).lead?.status).toBe('accepted');
    expect(await quoteStates()).toEqual(['accepted', 'closed']);
    const subjects = w.mails().map((mail) => mail.subject);
    expect(subjects.filter((s) => s.startsWith('Accepted: '))).toHaveLength(1);
    expect(subjects.filter((s) => s.startsWith('Booked: '))).toHaveLength(1);

    // The pickup (PICKUP, 3 days on) is within the hold's 4 days: the hold is placed at once.
    const money = await getPayment(w.table, moneyJobId(w.id, 1));
    expect(money?.payment.destination).toBe(destination);
    expect(money?.payment.priceCents).toBe(24_000);
    expect(money === undefined ? undefined : moneyState(money.payment)).toBe('held');

    // The page reloaded (or a second tab) confirms again: the same acceptance, no second email.
    const again = await confirm(saved.location!);
    expect(again.statusCode).toBe(200);
    expect(w.mails().filter((mail) => mail.subject.startsWith('Accepted: '))).toHaveLength(1);
  });

  it('starts no money without the hauler’s payouts account, and still accepts', async () => {
    await w.twoQuotes();
    const saved = await saveCard(await openCheckout(1));
    expect((await confirm(saved.location!)).statusCode).toBe(200);
    expect((await w.lead()).status).toBe('accepted');
    expect(await getPayment(w.table, moneyJobId(w.id, 1))).toBeUndefined();
  });

  it('accepts nothing for a declined card, and a good card afterwards accepts', async () => {
    await w.twoQuotes();
    const url = await openCheckout(2);
    const declined = await saveCard(url, DECLINED);
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    // Back without a saved card (the cancel link, or a forged return): nothing changes.
    const sessionId = new URL(url).pathname.split('/').at(-1)!;
    const early = await decideQuote(
      { token: w.tokens().view, decision: 'accept', checkout: sessionId },
      on(),
    );
    expect(early.statusCode).toBe(409);
    expect(json(early).error?.message).toBe(PAYMENT_TEXTS.checkoutNotComplete);
    expect(await quoteStates()).toEqual(['live', 'live']);

    const saved = await saveCard(url, GOOD);
    expect((await confirm(saved.location!)).statusCode).toBe(200);
    expect(await quoteStates()).toEqual(['closed', 'accepted']);
  });

  it('leaves exactly one quote accepted when two saved cards come back at once', async () => {
    await w.twoQuotes();
    const [one, two] = [await openCheckout(1), await openCheckout(2)];
    const [savedOne, savedTwo] = [await saveCard(one), await saveCard(two)];
    const answers = await Promise.all([confirm(savedOne.location!), confirm(savedTwo.location!)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await quoteStates()).filter((state) => state === 'accepted')).toHaveLength(1);
    expect(w.mails().filter((mail) => mail.subject.startsWith('Accepted: '))).toHaveLength(1);
  });

  it('refuses a quote that is no longer live, before and after the card page', async () => {
    await w.twoQuotes();
    const saved = await saveCard(await openCheckout(2));
    // Accepted elsewhere first: quote 2 is closed.
    expect((await confirm((await saveCard(await openCheckout(1))).location!)).statusCode).toBe(200);
    expect((await confirm(saved.location!)).statusCode).toBe(409);
    const closed = await decideQuote(
      { token: w.tokens().view, decision: 'accept', quote: 2 },
      on(),
    );
    expect(closed.statusCode).toBe(409);
    expect(json(closed).checkoutUrl).toBeUndefined();
  });

  it('opens a card page for each of two accepts at once, with one customer for the request', async () => {
    await w.twoQuotes();
    const answers = await Promise.all(
      [1, 2].map((quote) =>
        decideQuote({ token: w.tokens().view, decision: 'accept', quote }, on()),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const lead = await w.lead();
    expect(lead.checkoutSessions).toHaveLength(2);
    const sessions = await Promise.all(
      (lead.checkoutSessions ?? []).map(({ id }) =>
        file.standIn.stripe.checkout.sessions.retrieve(id),
      ),
    );
    expect(sessions.map((session) => session.customer)).toEqual([
      lead.checkoutCustomer,
      lead.checkoutCustomer,
    ]);
  });

  it('counts the card pages one request may open', async () => {
    await w.twoQuotes();
    for (let n = 0; n < CHECKOUT_LIMITS.sessionsPerRequest; n += 1) await openCheckout(1);
    const over = await decideQuote({ token: w.tokens().view, decision: 'accept', quote: 1 }, on());
    expect(over.statusCode).toBe(429);
    expect(json(over).error?.message).toBe(PAYMENT_TEXTS.checkoutLimit);
  });

  it('tells the homeowner’s page the setting, and says how payment works in the emails', async () => {
    await w.twoQuotes();
    const seen = await decideQuote({ token: w.tokens().view, decision: 'accept', quote: 1 }, on());
    expect(json(seen).lead?.payments).toBe('on');
    const saved = await saveCard(json(seen).checkoutUrl!);
    await confirm(saved.location!);
    const toHomeowner = w.mails().filter((mail) => mail.to.includes(w.homeownerEmail));
    // The booking confirmation, the last email the homeowner got.
    expect(toHomeowner.at(-1)?.text).toContain(PAYMENT_TEXTS.emailPaymentsOn);
  });
});

describe('a tab closed after the card was saved', () => {
  const sweep = (minutesLater: number) => {
    const at = new Date(w.clock.getTime() + minutesLater * 60_000);
    return sweepCheckouts({ ...on(), provider: file.provider, now: () => at });
  };

  it('is accepted by the minute job a few minutes later, once, with its emails', async () => {
    await w.twoQuotes();
    const saved = await saveCard(await openCheckout(2));
    expect(saved.status).toBe(303);
    // Not yet: the page may still be on its way back.
    expect(await sweep(1)).toEqual({ looked: 0, accepted: 0, forgotten: 0 });
    expect(await quoteStates()).toEqual(['live', 'live']);
    expect(await sweep(CHECKOUT_LIMITS.sweepAfterMinutes + 1)).toEqual({
      looked: 1,
      accepted: 1,
      forgotten: 1,
    });
    expect(await quoteStates()).toEqual(['closed', 'accepted']);
    expect(w.mails().filter((mail) => mail.subject.startsWith('Accepted: '))).toHaveLength(1);
    // The page coming back later finds it accepted; the next minute has nothing left.
    expect((await confirm(saved.location!)).statusCode).toBe(200);
    expect((await sweep(10)).looked).toBe(0);
  });

  it('leaves a session with no saved card open, and forgets it after Stripe would', async () => {
    await w.twoQuotes();
    await openCheckout(1);
    expect(await sweep(10)).toEqual({ looked: 1, accepted: 0, forgotten: 0 });
    expect(await quoteStates()).toEqual(['live', 'live']);
    const later = CHECKOUT_LIMITS.forgetAfterHours * 60 + 1;
    expect(await sweep(later)).toEqual({ looked: 1, accepted: 0, forgotten: 1 });
    expect((await sweep(later + 1)).looked).toBe(0);
  });
});

describe('with payments off', () => {
  const off = (): UpdateLeadDeps => ({ ...w.deps(), payments: { setting: 'off' } });

  it('accepts at once and says the homeowner pays the hauler directly', async () => {
    await w.twoQuotes();
    const answer = await decideQuote(
      { token: w.tokens().view, decision: 'accept', quote: 1 },
      off(),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(json(answer).checkoutUrl).toBeUndefined();
    expect(json(answer).lead).toMatchObject({ status: 'accepted', payments: 'off' });
    expect(await getPayment(w.table, moneyJobId(w.id, 1))).toBeUndefined();
    const toHomeowner = w.mails().filter((mail) => mail.to.includes(w.homeownerEmail));
    expect(toHomeowner.at(-1)?.text).toContain(PAYMENT_TEXTS.emailPaymentsOff);
  });

  it('says so in the quote email', async () => {
    const answer = await sendQuote(
      {
        token: w.tokens().offerA,
        quote: { priceDollars: 240, pickupDate: PICKUP, pickupWindow: 'morning', hauler: 'x' },
      },
      off(),
    );
    expect(answer.statusCode).toBe(200);
    const quoteMail = w.mails().find((mail) => mail.to.includes(w.homeownerEmail));
    expect(quoteMail?.text).toContain(PAYMENT_TEXTS.emailPaymentsOff);
    expect(quoteMail?.html).toContain(PAYMENT_TEXTS.emailPaymentsOff);
  });
});
