/**
 * The hauler side end to end, in the browser against the local stack: apply with a certificate on
 * /haulers, confirm from the email, operations review and approve from theirs, the hauler opens
 * their page and pauses; a tampered link changes nothing; an unconfirmed application never reaches
 * operations; a flood of applications naming one address sends only the counted emails.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { applyByApi, certificatePdf, uniqueHaulerEmail } from './helpers/haulers';
import { linkIn, mailWhere, postJson, tokenOf } from './helpers/quote-loop';
import { pageIsLive } from './helpers/page-state';
import { addDays, formatLongDate, utcToday } from '#contract/core/calendar-date';
import {
  HAULER_API_PATHS,
  HAULER_COUNTED_LIMITS,
  HAULER_TEXTS,
} from '#contract/haulers/hauler-api';
import { HAULER_MESSAGES } from '#contract/haulers/haulers';
import { LOOP_MESSAGES } from '#contract/loop/quote-loop';

const business = (label: string) =>
  `E2E ${label} Hauling ${Math.random().toString(36).slice(2, 7)}`;

async function mailTo(request: APIRequestContext, address: string) {
  return mailWhere(request, (mail) => mail.destination.to.includes(address));
}

async function operationsMailFor(request: APIRequestContext, businessName: string) {
  return mailWhere(
    request,
    (mail) => mail.subject === HAULER_TEXTS.operationsSubject(businessName),
  );
}

/** The one email to `address` whose plain text carries a `label: URL` line, once it has arrived. */
async function linkTo(request: APIRequestContext, address: string, label: string): Promise<string> {
  const hasLink = (text: string | undefined) =>
    text?.split('\n').some((l) => l.startsWith(`${label}: `));
  await expect
    .poll(async () => (await mailTo(request, address)).filter((m) => hasLink(m.body.text)).length)
    .toBe(1);
  return linkIn(
    (await mailTo(request, address)).find((m) => hasLink(m.body.text)),
    label,
  );
}

async function fillApplication(page: Page, email: string, businessName: string) {
  const form = page.locator('#apply');
  await form.getByLabel('Business name').fill(businessName);
  await form.getByLabel('Your name').fill('Sam Hauler');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Mobile phone').fill('(602) 555-0188');
  await form.getByLabel('Base ZIP code').fill('85001');
  await form.getByRole('radio', { name: '10 miles' }).check();
  await form.getByRole('radio', { name: 'Box truck' }).check();
  await form.getByLabel('Insurance certificate').setInputFiles({
    name: 'certificate.pdf',
    mimeType: 'application/pdf',
    buffer: certificatePdf(),
  });
  await form.getByRole('checkbox').check();
}

test.describe('the hauler side', () => {
  test('a hauler applies, confirms, is approved by operations, opens their page and pauses', async ({
    page,
    request,
  }) => {
    test.slow();
    const email = uniqueHaulerEmail('path');
    const name = business('Path');

    // 1. The application on /haulers, with the certificate.
    await page.goto('/haulers');
    await pageIsLive(page);
    await fillApplication(page, email, name);
    await page.getByRole('button', { name: HAULER_TEXTS.applyButton }).click();
    await expect(page.getByRole('heading', { name: HAULER_TEXTS.applied })).toBeFocused();

    // 2. Nothing reaches operations before the email is confirmed.
    const confirmLink = await linkTo(request, email, HAULER_TEXTS.confirmButton);
    expect(await operationsMailFor(request, name)).toHaveLength(0);

    // 3. Opening the confirm link changes nothing; the button does.
    await page.goto(confirmLink);
    const confirm = page.getByRole('button', { name: HAULER_TEXTS.confirmButton });
    await expect(confirm).toBeEnabled();
    expect(await operationsMailFor(request, name)).toHaveLength(0);
    await confirm.click();
    await expect(page.getByRole('heading', { name: HAULER_TEXTS.confirmed })).toBeVisible();

    // 4. Operations review: the application, the certificate, the coverage; approve.
    await expect.poll(async () => (await operationsMailFor(request, name)).length).toBe(1);
    const reviewLink = linkIn(
      (await operationsMailFor(request, name))[0],
      HAULER_TEXTS.reviewButton,
    );
    await page.goto(reviewLink);
    await expect(page.getByRole('region', { name: 'The application' })).toContainText(name);
    const certificate = page.getByRole('link', { name: /Open the certificate/ });
    const certificateResponse = await request.get((await certificate.getAttribute('href')) ?? '');
    expect(certificateResponse.status()).toBe(200);
    expect((await certificateResponse.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect(page.getByText(/ZIP codes in \d+ cities?: Phoenix, AZ/)).toBeVisible();
    const expiry = addDays(utcToday(new Date()), 200);
    await page.getByLabel(HAULER_TEXTS.insuranceExpiresLabel).fill(expiry);
    await page.getByRole('button', { name: HAULER_TEXTS.approveButton, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Approved' })).toBeVisible();
    await expect(
      page.getByText('This hauler is “Active”: there is nothing to decide.'),
    ).toBeVisible();

    // 5. The hauler's own page from the approval email; pause until a date.
    const accountLink = await linkTo(request, email, HAULER_TEXTS.accountLinkButton);
    await page.goto(accountLink);
    await expect(page.getByRole('heading', { name: 'Your hauler page' })).toBeVisible();
    await expect(
      page.getByText(`Your certificate expires on ${formatLongDate(expiry)}.`),
    ).toBeVisible();
    const until = addDays(utcToday(new Date()), 14);
    await page.getByLabel('Not taking jobs until').fill(until);
    await page.getByRole('button', { name: HAULER_TEXTS.pauseButton, exact: true }).click();
    await expect(
      page.getByText(HAULER_TEXTS.pausedUntil(formatLongDate(until))).first(),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: HAULER_TEXTS.resumeButton })).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations).toEqual([]);
  });

  test('the application form names each missing field and the certificate rule', async ({
    page,
  }) => {
    await page.goto('/haulers');
    await pageIsLive(page);
    await page.getByRole('button', { name: HAULER_TEXTS.applyButton }).click();
    await expect(page.getByText(HAULER_MESSAGES.businessNameRequired)).toBeVisible();
    await expect(page.getByText(HAULER_MESSAGES.certificateRequired)).toBeVisible();
    await expect(page.getByText(HAULER_MESSAGES.agreementRequired)).toBeVisible();
    await expect(page.getByLabel('Business name')).toBeFocused();
    await page
      .locator('#apply')
      .getByLabel('Insurance certificate')
      .setInputFiles({
        name: 'certificate.docx',
        mimeType: 'application/msword',
        buffer: Buffer.from('not a certificate'),
      });
    await expect(page.getByText(HAULER_MESSAGES.certificateType)).toBeVisible();
  });

  test('a tampered review link shows the link error and changes nothing', async ({
    page,
    request,
  }) => {
    const email = uniqueHaulerEmail('tamper');
    const name = business('Tamper');
    const applied = await applyByApi(request, { email, businessName: name });
    expect(applied.status).toBe(200);
    const confirmToken = tokenOf(await linkTo(request, email, HAULER_TEXTS.confirmButton));
    expect(
      (await postJson(request, HAULER_API_PATHS.confirm, { token: confirmToken })).status,
    ).toBe(200);
    await expect.poll(async () => (await operationsMailFor(request, name)).length).toBe(1);
    const reviewLink = linkIn(
      (await operationsMailFor(request, name))[0],
      HAULER_TEXTS.reviewButton,
    );
    const token = tokenOf(reviewLink);
    // Another hauler's id under the same signature, and a signature with one character changed.
    const tampered = [
      token.replace(
        /^(hauler\.)([0-9a-f])/,
        (_, kind: string, c: string) => `${kind}${c === 'a' ? 'b' : 'a'}`,
      ),
      token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'),
    ];
    for (const bad of tampered) {
      await page.goto(`${new URL(reviewLink).origin}${new URL(reviewLink).pathname}#t=${bad}`);
      await expect(page.getByRole('alert')).toHaveText(LOOP_MESSAGES.linkInvalid);
      const decide = await postJson(request, HAULER_API_PATHS.decide, {
        token: bad,
        decision: 'approve',
        insuranceExpiresOn: addDays(utcToday(new Date()), 100),
      });
      expect(decide.status).toBe(403);
    }
    const review = await postJson(request, HAULER_API_PATHS.review, { token });
    expect(review.status).toBe(200);
    expect((review.json.review as { hauler: { status: string } }).hauler.status).toBe(
      'pending-review',
    );
  });

  test('an application whose email is never confirmed never reaches operations', async ({
    request,
  }) => {
    const email = uniqueHaulerEmail('unconfirmed');
    const name = business('Unconfirmed');
    const applied = await applyByApi(request, { email, businessName: name });
    expect(applied.status).toBe(200);
    // The function answers after its emails are sent: what it would send is in the store now.
    await linkTo(request, email, HAULER_TEXTS.confirmButton);
    expect(await operationsMailFor(request, name)).toHaveLength(0);
    // And its review cannot be forced open with the confirm link's token.
    const confirmToken = tokenOf(await linkTo(request, email, HAULER_TEXTS.confirmButton));
    expect((await postJson(request, HAULER_API_PATHS.review, { token: confirmToken })).status).toBe(
      403,
    );
  });

  test('a flood of applications naming one address sends at most the counted emails', async ({
    request,
  }) => {
    test.slow();
    const email = uniqueHaulerEmail('flood');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      statuses.push(
        (await applyByApi(request, { email, businessName: business(`Flood ${i}`) })).status,
      );
    }
    const sent = await mailTo(request, email);
    expect(sent.length).toBe(HAULER_COUNTED_LIMITS.emailsPerAddressPerDay);
    // The ones past the limit are told so; none is a server error.
    expect(statuses.filter((status) => status === 429).length).toBe(
      12 - HAULER_COUNTED_LIMITS.emailsPerAddressPerDay,
    );
  });
});
