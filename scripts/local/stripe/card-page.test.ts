import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_FIELDS,
  type TestStandIn,
  eventsAbout,
  openSession,
  postForm,
  startTestStandIn,
} from './testing';

let test: TestStandIn;
beforeAll(async () => {
  test = await startTestStandIn({ platformName: 'Bulk Trash Pickup' });
});
afterAll(() => test.close());

const retrieve = (id: string) =>
  test.stripe.checkout.sessions.retrieve(id, { expand: ['setup_intent.payment_method'] });

describe('the hosted card page', () => {
  it('is an accessible form a phone can use: labels, autocomplete, visible focus, viewport', async () => {
    const { session } = await openSession(test);
    const response = await fetch(session.url!);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('name="viewport" content="width=device-width, initial-scale=1"');
    for (const [name, autocomplete] of [
      ['number', 'cc-number'],
      ['expiry', 'cc-exp'],
      ['cvc', 'cc-csc'],
    ]) {
      expect(html).toContain(`<label for="${name}">`);
      expect(html).toMatch(new RegExp(`id="${name}"[^>]*autocomplete="${autocomplete}"`));
    }
    expect(html).toContain(':focus-visible{outline:3px solid');
    expect(html).toContain('max-width:28rem');
    expect(html).toContain('Nothing is charged now');
    expect(html).toContain('href="http://site.test/quote"');
  });

  it('saves 4242 4242 4242 4242: setup succeeded, card attached, session complete, redirect', async () => {
    const { customer, session } = await openSession(test);
    const answer = await postForm(session.url!, { number: '4242 4242 4242 4242', ...CARD_FIELDS });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`http://site.test/accepted?session=${session.id}`);
    const done = await retrieve(session.id);
    expect(done.status).toBe('complete');
    const intent = done.setup_intent as Stripe.SetupIntent;
    expect(intent.status).toBe('succeeded');
    const method = intent.payment_method as Stripe.PaymentMethod;
    expect(method).toMatchObject({ customer: customer.id, card: { last4: '4242', brand: 'visa' } });
    const listed = await test.stripe.customers.listPaymentMethods(customer.id);
    expect(listed.data.map((m) => m.id)).toEqual([method.id]);
    expect(await eventsAbout(test, 'checkout.session.completed', session.id)).toHaveLength(1);
  });

  it.each([
    ['4000000000000002', 'Your card was declined.', 'generic_decline'],
    ['4000000000009995', 'Your card has insufficient funds.', 'insufficient_funds'],
  ])(
    'shows the decline of %s on the page and leaves the session open',
    async (number, message, declineCode) => {
      const { customer, session } = await openSession(test);
      const answer = await postForm(session.url!, { number, ...CARD_FIELDS });
      expect(answer.status).toBe(402);
      expect(answer.html).toContain(`role="alert">${message}`);
      expect(answer.html).toContain('<form method="post"');
      const open = await retrieve(session.id);
      expect(open.status).toBe('open');
      const intent = open.setup_intent as Stripe.SetupIntent;
      expect(intent.status).toBe('requires_payment_method');
      expect(intent.last_setup_error).toMatchObject({ decline_code: declineCode });
      expect((await test.stripe.customers.listPaymentMethods(customer.id)).data).toEqual([]);
    },
  );

  it.each(['4000002500003155', '4000002760003184'])(
    'asks %s to complete authentication, then saves it',
    async (number) => {
      const { session } = await openSession(test);
      const step = await postForm(session.url!, { number, ...CARD_FIELDS });
      expect(step.status).toBe(200);
      expect(step.html).toContain('<h1>Complete authentication</h1>');
      const waiting = await retrieve(session.id);
      expect((waiting.setup_intent as Stripe.SetupIntent).status).toBe('requires_action');
      const done = await postForm(`${session.url!}/authenticate`, { outcome: 'complete' });
      expect(done.status).toBe(303);
      const saved = await retrieve(session.id);
      expect(saved.status).toBe('complete');
      const method = (saved.setup_intent as Stripe.SetupIntent)
        .payment_method as Stripe.PaymentMethod;
      expect(method.card?.last4).toBe(number.slice(-4));
    },
  );

  it('keeps the session open and says why when authentication fails', async () => {
    const { session } = await openSession(test);
    await postForm(session.url!, { number: '4000002500003155', ...CARD_FIELDS });
    const failed = await postForm(`${session.url!}/authenticate`, { outcome: 'fail' });
    expect(failed.status).toBe(402);
    expect(failed.html).toContain('We are unable to authenticate your payment method');
    const open = await retrieve(session.id);
    expect(open.status).toBe('open');
    expect((open.setup_intent as Stripe.SetupIntent).last_setup_error?.code).toBe(
      'setup_intent_authentication_failure',
    );
  });

  it('marks each wrong field and keeps what was typed', async () => {
    const { session } = await openSession(test);
    const answer = await postForm(session.url!, {
      number: '4242 4242 4242 4241',
      expiry: '01 / 20',
      cvc: '1',
    });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('id="number-error">Your card number is invalid.');
    expect(answer.html).toContain(
      'id="expiry-error">Your card&#39;s expiration date is in the past.',
    );
    expect(answer.html).toContain('id="cvc-error">Your card&#39;s security code is incomplete.');
    expect(answer.html).toMatch(
      /id="number"[^>]*aria-describedby="number-error" aria-invalid="true"/,
    );
    expect(answer.html).toContain('value="4242 4242 4242 4241"');
    expect((await retrieve(session.id)).status).toBe('open');
  });

  it('refuses a card that is not one of the test cards', async () => {
    const { session } = await openSession(test);
    const answer = await postForm(session.url!, { number: '4111111111111111', ...CARD_FIELDS });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('use one of the test card numbers');
  });

  it('expires an unfinished session after 24 hours on its customer’s clock', async () => {
    const { customer, session } = await openSession(test);
    await test.admin('POST', '/_standin/clock', {
      advanceSeconds: 24 * 60 * 60,
      customer: customer.id,
    });
    expect((await test.stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
    const page = await fetch(`${test.standIn.origin}/c/pay/${session.id}`);
    expect(page.status).toBe(410);
    expect(await eventsAbout(test, 'checkout.session.expired', session.id)).toHaveLength(1);
  });

  it('substitutes the session id into the success URL only where asked', async () => {
    const customer = await test.stripe.customers.create();
    const session = await test.stripe.checkout.sessions.create({
      mode: 'setup',
      customer: customer.id,
      success_url: 'http://site.test/done',
    });
    const answer = await postForm(session.url!, { number: '4242424242424242', ...CARD_FIELDS });
    expect(answer.location).toBe('http://site.test/done');
  });

  it('refuses a session in payment mode, which the stand-in does not offer', async () => {
    await expect(
      test.stripe.checkout.sessions.create({ mode: 'payment', success_url: 'http://site.test' }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'mode' });
  });
});
