import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_SECONDS } from './connect';
import { type TestStandIn, eventsAbout, postForm, startTestStandIn } from './testing';

let test: TestStandIn;
beforeAll(async () => {
  test = await startTestStandIn({ platformName: 'Bulk Trash Pickup' });
});
afterAll(() => test.close());

const REFRESH = 'http://site.test/payouts/refresh';
const RETURN = 'http://site.test/payouts/done';

async function accountAndLink() {
  const account = await test.stripe.accounts.create({
    type: 'express',
    email: 'hauler@example.com',
    metadata: { hauler: 'h-1' },
    capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
  });
  const link = await test.stripe.accountLinks.create({
    account: account.id,
    type: 'account_onboarding',
    refresh_url: REFRESH,
    return_url: RETURN,
  });
  return { account, link };
}

const onboardingFields = {
  action: 'finish',
  name: 'Pat Hauler',
  routingNumber: '110000000',
  accountNumber: '000123456789',
};

describe('Express accounts and their hosted onboarding', () => {
  it('makes an Express account that cannot take charges or payouts yet', async () => {
    const { account } = await accountAndLink();
    expect(account).toMatchObject({
      object: 'account',
      type: 'express',
      email: 'hauler@example.com',
      metadata: { hauler: 'h-1' },
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      capabilities: { card_payments: 'inactive', transfers: 'inactive' },
    });
    expect(account.id).toMatch(/^acct_/);
    expect(account.requirements?.currently_due).toContain('external_account');
  });

  it('gives a link that lasts five minutes and opens the onboarding form', async () => {
    const { link } = await accountAndLink();
    expect(link.expires_at - link.created).toBe(LINK_SECONDS);
    expect(LINK_SECONDS).toBe(300);
    const page = await fetch(link.url, { redirect: 'manual' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Set up payouts with Bulk Trash Pickup');
    expect(html).toContain('<label for="routingNumber">');
  });

  it('enables the account when onboarding is finished and tells account.updated', async () => {
    const { account, link } = await accountAndLink();
    await fetch(link.url);
    const answer = await postForm(link.url, onboardingFields);
    expect(answer).toMatchObject({ status: 303, location: RETURN });
    const ready = await test.stripe.accounts.retrieve(account.id);
    expect(ready).toMatchObject({
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      capabilities: { card_payments: 'active', transfers: 'active' },
    });
    expect(ready.requirements?.currently_due).toEqual([]);
    const [updated, ...more] = await eventsAbout(test, 'account.updated', account.id);
    expect(more).toEqual([]);
    expect(updated).toMatchObject({
      account: account.id,
      data: { object: { details_submitted: true, charges_enabled: true } },
    });
  });

  it('returns without enabling anything when the hauler chooses to finish later', async () => {
    const { account, link } = await accountAndLink();
    await fetch(link.url);
    const answer = await postForm(link.url, { action: 'later' });
    expect(answer).toMatchObject({ status: 303, location: RETURN });
    expect((await test.stripe.accounts.retrieve(account.id)).details_submitted).toBe(false);
    expect(await eventsAbout(test, 'account.updated', account.id)).toEqual([]);
  });

  it('shows what is missing and stays on the form', async () => {
    const { account, link } = await accountAndLink();
    await fetch(link.url);
    const answer = await postForm(link.url, {
      ...onboardingFields,
      name: ' ',
      routingNumber: '12',
    });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('id="name-error">Enter your full name.');
    expect(answer.html).toContain('id="routingNumber-error">Enter the 9-digit routing number.');
    expect((await test.stripe.accounts.retrieve(account.id)).details_submitted).toBe(false);
  });

  it('sends an expired link to refresh_url, as Stripe does', async () => {
    const { account, link } = await accountAndLink();
    await test.admin('POST', '/_standin/clock', {
      advanceSeconds: LINK_SECONDS,
      account: account.id,
    });
    const page = await fetch(link.url, { redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe(REFRESH);
  });

  it('keeps a link good until its five minutes are up', async () => {
    const { account, link } = await accountAndLink();
    await test.admin('POST', '/_standin/clock', {
      advanceSeconds: LINK_SECONDS - 10,
      account: account.id,
    });
    expect((await fetch(link.url, { redirect: 'manual' })).status).toBe(200);
  });

  it('opens a link once: a second visit goes to refresh_url', async () => {
    const { link } = await accountAndLink();
    expect((await fetch(link.url, { redirect: 'manual' })).status).toBe(200);
    const again = await fetch(link.url, { redirect: 'manual' });
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe(REFRESH);
  });

  it('answers an unknown link with a 404 page', async () => {
    const { account } = await accountAndLink();
    const page = await fetch(`${test.standIn.origin}/setup/e/${account.id}/nope`);
    expect(page.status).toBe(404);
  });
});
