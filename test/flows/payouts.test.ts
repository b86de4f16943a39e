/**
 * "Set up payouts" and no quote without them (issue 39 flow 1, decision 055), through the real
 * functions against dynalite and the Stripe stand-in (real SDK): one account for any number of
 * presses, a link each time and counted, the state refreshed on return, and the quote refused
 * until payouts are enabled, with payments on only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../../lambdas/hauler-account/payouts';
import { approvedEmail } from '../../lambdas/shared/haulers/hauler-emails';
import { invitePayouts } from '../../scripts/haulers/payouts-invite';
import { readAccount } from '../../lambdas/hauler-account/account';
import { startMoney } from '../../lambdas/shared/payments/money-machine';
import { moneyJobId } from '../../lambdas/shared/payments/money-runner';
import { putPayment } from '../../lambdas/shared/payments/payment-store';
import type { HaulerAccountDeps } from '../../lambdas/hauler-account/account';
import { getHauler } from '../../lambdas/shared/haulers/hauler-store';
import type { Hauler } from '../../lambdas/shared/models/hauler-model';
import type { PaymentProvider } from '../../lambdas/shared/payments/stripe-payments';
import { type TestStandIn, postForm, startTestStandIn } from '../../scripts/local/stripe/testing';
import { NOW, flowWorld } from './flow-world';
import { HAULER_COUNTED_LIMITS } from '#contract/haulers/hauler-api';
import type { HaulerAccountView } from '#contract/haulers/hauler-api';
import type { HaulerLeadView } from '#contract/loop/quote-loop';
import { PAYOUT_TEXTS } from '#contract/money/payments';
import { standInPayments } from '../support/testing-money';

const w = flowWorld();
let test: TestStandIn;
let provider: PaymentProvider;

beforeAll(async () => {
  test = await startTestStandIn();
  provider = standInPayments(test);
});
afterAll(async () => {
  await test.close();
});

const accountDeps = (setting: 'on' | 'off' = 'on'): HaulerAccountDeps => ({
  ...w.deps(),
  uploadUrlSeconds: 300,
  payments: setting === 'on' ? { setting, provider } : { setting },
});
const manage = (hauler: Hauler) =>
  w.token(hauler.haulerId, 'hauler', 'manage', NOW, hauler.linkVersion);

async function linkFor(hauler: Hauler): Promise<string> {
  const answer = await payouts({ token: manage(hauler), step: 'link' }, accountDeps());
  expect(answer.statusCode, answer.body).toBe(200);
  return (JSON.parse(answer.body) as { url: string }).url;
}

async function refreshed(hauler: Hauler): Promise<HaulerAccountView> {
  const answer = await payouts({ token: manage(hauler), step: 'refresh' }, accountDeps());
  expect(answer.statusCode, answer.body).toBe(200);
  return (JSON.parse(answer.body) as { account: HaulerAccountView }).account;
}

/** The stand-in's hosted onboarding, submitted as the hauler would; answers where it sends them. */
async function onboard(url: string): Promise<string> {
  await fetch(url);
  const answer = await postForm(url, {
    action: 'finish',
    name: 'Pat Hauler',
    routingNumber: '110000000',
    accountNumber: '000123456789',
  });
  expect(answer.status).toBe(303);
  return answer.location ?? '';
}

describe('setting up payouts', () => {
  it('makes one Express account for two presses at once and a new link for each', async () => {
    const [first, second] = await Promise.all([linkFor(w.a), linkFor(w.a)]);
    expect(first).not.toBe(second);
    const stored = await getHauler(w.table, w.a.haulerId);
    expect(stored?.payouts?.state).toBe('not-started');
    // Each hosted page names its account: /setup/e/<account>/<link>.
    const accountOf = (url: string) => new URL(url).pathname.split('/')[3];
    expect([accountOf(first), accountOf(second)]).toEqual([
      stored?.payouts?.accountId,
      stored?.payouts?.accountId,
    ]);
    expect(accountOf(await linkFor(w.a))).toBe(stored?.payouts?.accountId);
    expect((await getHauler(w.table, w.a.haulerId))?.payouts?.accountId).toBe(
      stored?.payouts?.accountId,
    );
  });

  it('sends the hauler back to their own page, which stores the state Stripe now gives', async () => {
    const back = await onboard(await linkFor(w.a));
    expect(back).toMatch(/^https:\/\/www\.example\.com\/haulers\/account\?payouts=back#t=/);
    expect((await refreshed(w.a)).payouts).toEqual({ state: 'enabled' });
    expect((await getHauler(w.table, w.a.haulerId))?.payouts?.state).toBe('enabled');
  });

  it('shows a page without payouts when payments are off, and refuses to set them up', async () => {
    const token = manage(w.a);
    const answer = await payouts({ token, step: 'link' }, accountDeps('off'));
    expect(answer.statusCode).toBe(409);
    expect(answer.body).toContain(PAYOUT_TEXTS.paymentsOff);
  });

  it('counts the links: past the day’s limit the hauler is told, and no link is made', async () => {
    for (let n = 0; n < HAULER_COUNTED_LIMITS.payoutLinksPerHaulerPerDay; n += 1) {
      await linkFor(w.b);
    }
    const answer = await payouts({ token: manage(w.b), step: 'link' }, accountDeps());
    expect(answer.statusCode).toBe(429);
    expect(answer.body).toContain(PAYOUT_TEXTS.tooManyLinks);
  });

  it('refuses a link that is not the hauler’s current one', async () => {
    const answer = await payouts({ token: w.tokens().offerA, step: 'link' }, accountDeps());
    expect(answer.statusCode).toBe(403);
  });
});

describe('no quote without payouts', () => {
  const offerView = async (token: string) => JSON.parse(await w.reads(token)) as HaulerLeadView;

  it('refuses the quote of a hauler without payouts, with the reason and their page’s link', async () => {
    w.paymentSetting = 'on';
    const answer = await w.quote(w.tokens().offerA, 240);
    expect(answer.statusCode).toBe(409);
    const body = JSON.parse(answer.body) as { error: { message: string }; lead: HaulerLeadView };
    expect(body.error.message).toBe(PAYOUT_TEXTS.quoteRefused);
    expect(body.lead.can.quote).toBe(false);
    expect(body.lead.payoutsNeeded?.token).toBeTruthy();
    // The offer stays readable, and says the same.
    const view = await offerView(w.tokens().offerA);
    expect(view.outcome).toBe('open');
    expect(view.can.quote).toBe(false);
    expect(view.payoutsNeeded).toBeDefined();
    expect((await w.lead()).quoteCount ?? 0).toBe(0);
  });

  it('takes the quote once the hauler’s payouts are enabled', async () => {
    w.paymentSetting = 'on';
    await onboard(await linkFor(w.a));
    await refreshed(w.a);
    const view = await offerView(w.tokens().offerA);
    expect(view.can.quote).toBe(true);
    expect(view.payoutsNeeded).toBeUndefined();
    await w.ok(w.quote(w.tokens().offerA, 240));
  });

  it('asks nothing of payouts when payments are off', async () => {
    await w.ok(w.quote(w.tokens().offerA, 240));
    expect((await offerView(w.tokens().offerB)).payoutsNeeded).toBeUndefined();
  });
});

describe('the invitation to approved haulers', () => {
  const invite = async () =>
    invitePayouts(w.deps(), [
      (await getHauler(w.table, w.a.haulerId))!,
      (await getHauler(w.table, w.b.haulerId))!,
    ]);

  it('emails each approved hauler without payouts once: a second run sends none', async () => {
    await onboard(await linkFor(w.b));
    await refreshed(w.b);
    const first = await invite();
    expect(first).toMatchObject({ sent: [w.a.haulerId], already: [], skipped: 1, failed: [] });
    const mails = w.mails().filter((m) => m.subject === PAYOUT_TEXTS.emailSubject);
    expect(mails.map((m) => m.to)).toEqual([[w.a.email]]);
    expect(mails[0]!.text).toContain('https://www.example.com/haulers/account#t=');
    expect((await invite()).sent).toEqual([]);
    expect(w.mails().filter((m) => m.subject === PAYOUT_TEXTS.emailSubject)).toHaveLength(1);
  });

  it('tells a newly approved hauler to set up payouts when payments are on, and only then', () => {
    const hauler = { name: 'Pat', insuranceExpiresOn: '2027-11-23' };
    expect(approvedEmail(hauler, 'https://x/a', 'set-up').text).toContain(
      PAYOUT_TEXTS.approvedLine,
    );
    expect(approvedEmail(hauler, 'https://x/a').text).not.toContain(PAYOUT_TEXTS.approvedLine);
  });
});

describe('the hauler page’s money', () => {
  const bookedJobs = async (setting: 'on' | 'off') => {
    const answer = await readAccount({ token: manage(w.a) }, accountDeps(setting));
    expect(answer.statusCode, answer.body).toBe(200);
    return (JSON.parse(answer.body) as { account: HaulerAccountView }).account.work.booked;
  };

  it('lists each booked job’s amount, fee, payout and state with payments on, and none off', async () => {
    await w.bookedWithA();
    await putPayment(
      w.table,
      startMoney({
        jobId: moneyJobId(w.id, 1),
        priceCents: 24_000,
        windowStartsAt: '2026-11-26T15:00:00.000Z',
        destination: 'acct_x',
        card: { customerId: 'cus_x', paymentMethodId: 'pm_x' },
      }),
      undefined,
    );
    const [job] = await bookedJobs('on');
    expect(job?.money).toEqual({
      amountCents: 24_000,
      feeCents: 3_600,
      payoutCents: 20_400,
      state: 'card-saved',
    });
    const [off] = await bookedJobs('off');
    expect(off).toBeDefined();
    expect(off?.money).toBeUndefined();
  });
});
