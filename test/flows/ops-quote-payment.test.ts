/**
 * An operations quote is paid directly (decision 062): with payments on, the real update-lead
 * against dynalite and the Stripe stand-in. Operations quote for a hauler who is not on the
 * platform (no haulerId, nowhere for the money to go): accepting it asks for no card, starts no
 * money, and every email about it says the homeowner pays the hauler directly. A platform
 * hauler's quote on the same request still goes through the card page.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { flowWorld, NOW, PICKUP } from './flow-world';
import { decideQuote, sendQuote } from '../../lambdas/update-lead/update-lead';
import type { UpdateLeadDeps } from '../../lambdas/update-lead/update-lead-deps';
import { recordHaulerPayouts } from '../../lambdas/shared/haulers/hauler-payouts';
import { storedQuotes } from '../../lambdas/shared/leads/lead-quotes';
import { moneyJobId } from '../../lambdas/shared/payments/money-runner';
import { getPayment } from '../../lambdas/shared/payments/payment-store';
import { onboardedAccount } from '../../scripts/local/stripe/testing';
import { PAYMENT_TEXTS } from '#contract/money/payments';
import type { QuoteView } from '#contract/loop/quote-loop';
import { standInForFile } from '../support/testing-money-world';

const w = flowWorld();
const file = standInForFile();

const on = (): UpdateLeadDeps => file.paymentsOn(w.deps());
type Answer = { statusCode: number; body: string };
const json = (answer: Answer) =>
  JSON.parse(answer.body) as {
    checkoutUrl?: string;
    lead?: { status: string; payments?: string; quotes: QuoteView[]; quote?: QuoteView };
  };
const quote = (priceDollars: number, hauler: string) => ({
  priceDollars,
  pickupDate: PICKUP,
  pickupWindow: 'morning',
  hauler,
});

/** Hauler A quotes $240 (quote 1, paid through us); operations quote $210 (quote 2). */
async function bothQuotes() {
  const accountId = await onboardedAccount(file.standIn);
  await recordHaulerPayouts(w.table, w.a.haulerId, { accountId, state: 'enabled', asOf: 1 });
  const fromHauler = await sendQuote({ token: w.tokens().offerA, quote: quote(240, 'x') }, on());
  expect(fromHauler.statusCode, fromHauler.body).toBe(200);
  const operations = w.token(w.id, 'operations', 'quote', NOW);
  const fromOperations = await sendQuote(
    { token: operations, quote: quote(210, 'Sam’s Hauling') },
    on(),
  );
  expect(fromOperations.statusCode, fromOperations.body).toBe(200);
}

const toHomeowner = () => w.mails().filter((mail) => mail.to.includes(w.homeownerEmail));
const accept = (number: number) =>
  decideQuote({ token: w.tokens().view, decision: 'accept', quote: number }, on());

describe('an operations quote with payments on', () => {
  beforeEach(async () => {
    await bothQuotes();
  });

  it('is offered as paid directly beside a platform hauler’s quote paid through us', async () => {
    const [haulerMail, operationsMail] = toHomeowner();
    expect(haulerMail?.text).toContain(PAYMENT_TEXTS.emailPaymentsOn);
    expect(operationsMail?.subject).toContain('$210');
    expect(operationsMail?.text).toContain(PAYMENT_TEXTS.emailPaymentsOff);
    expect(operationsMail?.html).toContain(PAYMENT_TEXTS.emailPaymentsOff);
    expect(operationsMail?.text).not.toContain(PAYMENT_TEXTS.emailPaymentsOn);

    // The homeowner's page, read as read-lead reads it with payments on.
    w.paymentSetting = 'on';
    const view = JSON.parse(await w.reads(w.tokens().view)) as { quotes: QuoteView[] };
    const paid = Object.fromEntries(view.quotes.map((q) => [q.number, q.paidThroughUs]));
    expect(paid).toEqual({ 1: true, 2: false });
  });

  it('is accepted without a card: no Checkout Session, no money, the booking says pay directly', async () => {
    const answer = await accept(2);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(json(answer).checkoutUrl).toBeUndefined();
    expect(json(answer).lead?.status).toBe('accepted');
    expect(json(answer).lead?.quote).toMatchObject({ number: 2, paidThroughUs: false });
    const lead = await w.lead();
    expect(lead.checkoutSessions ?? []).toHaveLength(0);
    expect(lead.checkoutCustomer).toBeUndefined();
    expect(storedQuotes(lead).map((q) => q.state)).toEqual(['closed', 'accepted']);
    expect(await getPayment(w.table, moneyJobId(w.id, 2))).toBeUndefined();

    const booked = toHomeowner().find((mail) => mail.subject.startsWith('Your pickup is booked'));
    expect(booked?.text).toContain(PAYMENT_TEXTS.emailPaymentsOff);
    expect(booked?.text).toContain(
      'How payment works: you pay the hauler directly after the pickup.',
    );
    expect(booked?.text).not.toContain(PAYMENT_TEXTS.emailPaymentsOn);
    expect(w.mails().filter((mail) => mail.subject.startsWith('Accepted: '))).toHaveLength(1);
  });

  it('leaves the platform hauler’s quote on the same request needing the card', async () => {
    const answer = await accept(1);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(json(answer).checkoutUrl).toMatch(/\/c\/pay\/cs_/);
    expect(json(answer).lead?.status).toBe('quoted');
    expect(storedQuotes(await w.lead()).map((q) => q.state)).toEqual(['live', 'live']);
    expect(w.mails().filter((mail) => mail.subject.startsWith('Accepted: '))).toHaveLength(0);
  });
});
