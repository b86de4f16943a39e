import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import {
  delayedSesCalls,
  drainOutboxUntilEmpty,
  fillQuoteFields,
  sentMail,
  setFaults,
  storedKeys,
} from './helpers/local-stack';
import { makePhoto } from './helpers/photos';
import { pageIsLive } from './helpers/page-state';
import { MESSAGES } from '#contract/core/messages';

// Faults are switched in the local stack's S3 and SES proxies (scripts/local/fault-proxy.ts); the
// handlers, s3rver and aws-ses-v2-local are the real ones. One test at a time, after all others.
test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ request }) => {
  await setFaults(request, {
    s3Down: false,
    s3UploadDown: false,
    leadWriteDown: false,
    sesDown: false,
    sesDelayMs: 0,
  });
});

/** Fills the form for a unique homeowner and submits; returns their address. */
async function submitQuote(page: Page): Promise<string> {
  const email = `fault-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
  await page.goto('/#quote-form');
  await pageIsLive(page);
  await fillQuoteFields(page, { Email: email });
  await page
    .locator('#quote-form input[type=file][accept="image/*"]')
    .setInputFiles([await makePhoto('a.jpg'), await makePhoto('b.jpg', { hue: 140 })]);
  await page.locator('#quote-submit').click();
  return email;
}

async function expectDialog(page: Page, title: string, message?: string | RegExp) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible({ timeout: 30_000 });
  if (message) await expect(dialog).toContainText(message);
}

async function tryAgain(page: Page) {
  await page.getByRole('button', { name: 'Try Again' }).click();
  await page.locator('#quote-submit').click();
}

const mailTo = async (request: APIRequestContext, email: string) =>
  (await sentMail(request)).filter(
    (m) => m.destination.to.includes(email) || m.body.html?.includes(email),
  );

const leadsFor = (submissionId: string) =>
  storedKeys('leads').filter((key) => key.endsWith(`/${submissionId}.json`));

function bookingIds(page: Page): string[] {
  const ids: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/send-booking-emails')) {
      ids.push((r.postDataJSON() as { submissionId: string }).submissionId);
    }
  });
  return ids;
}

test('S3 down: the upload fails with the photo named, and nothing is stored or sent', async ({
  page,
  request,
}) => {
  // Presigning is local signing and does not call S3, so an S3 outage shows at the upload.
  await setFaults(request, { s3Down: true });
  const ids = bookingIds(page);
  const email = await submitQuote(page);
  await expectDialog(page, 'Submission Failed', /^.*Failed to upload photo [12]: .*\(HTTP 503\)/);
  expect(ids).toEqual([]);
  expect(await mailTo(request, email)).toEqual([]);
});

test('a failing upload PUT: the photo is named, and Try Again succeeds once S3 is back', async ({
  page,
  request,
}) => {
  await setFaults(request, { s3UploadDown: true });
  const ids = bookingIds(page);
  const email = await submitQuote(page);
  await expectDialog(page, 'Submission Failed', /Failed to upload photo [12]: .*HTTP 503/);
  expect(ids).toEqual([]);
  await setFaults(request, { s3UploadDown: false });
  await tryAgain(page);
  await expectDialog(page, 'Quote Request Submitted');
  await expect.poll(async () => (await mailTo(request, email)).length).toBe(2);
});

test('the lead table failing while storing the lead: no email is sent, and the retry stores and sends once', async ({
  page,
  request,
}) => {
  await setFaults(request, { leadWriteDown: true });
  const ids = bookingIds(page);
  const email = await submitQuote(page);
  await expectDialog(page, 'Submission Failed', MESSAGES.unexpected);
  expect(await mailTo(request, email)).toEqual([]);
  expect(leadsFor(ids[0]!)).toEqual([]);

  await setFaults(request, { leadWriteDown: false });
  await tryAgain(page);
  await expectDialog(page, 'Quote Request Submitted');
  expect(new Set(ids).size).toBe(1);
  expect(leadsFor(ids[0]!)).toHaveLength(1);
  await expect.poll(async () => (await mailTo(request, email)).length).toBe(2);
});

test('SES down: the lead and its emails are kept, the homeowner sees the request sent, and each email goes once when SES is back', async ({
  page,
  request,
}) => {
  await setFaults(request, { sesDown: true });
  const ids = bookingIds(page);
  const email = await submitQuote(page);
  // The emails are in the outbox: nothing is lost, so the homeowner is not asked to try again.
  await expectDialog(page, 'Quote Request Submitted');
  expect(leadsFor(ids[0]!)).toHaveLength(1);
  expect(await mailTo(request, email)).toEqual([]);

  await setFaults(request, { sesDown: false });
  await drainOutboxUntilEmpty(request);
  expect(await mailTo(request, email)).toHaveLength(2);
  await drainOutboxUntilEmpty(request);
  expect(await mailTo(request, email)).toHaveLength(2);
  expect(new Set(ids).size).toBe(1);
  expect(leadsFor(ids[0]!)).toHaveLength(1);
});

test('SES slow: a short delay still succeeds, a hang is kept and sent once later', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await setFaults(request, { sesDelayMs: 1_500 });
  const first = await submitQuote(page);
  await expect(page.locator('#quote-submit')).toHaveText('Submitting...');
  await expectDialog(page, 'Quote Request Submitted');
  await expect.poll(async () => (await mailTo(request, first)).length).toBe(2);
  await page.getByRole('button', { name: 'Got it' }).click();
  // In place of the form, the request sent: "Send another request" gives the empty form again.
  await page.getByRole('button', { name: MESSAGES.submittedAnother }).click();

  // Longer than the SDK's timeouts: the function gives up on SES, records the failure and
  // answers; the emails are in the outbox, so the request is answered as sent.
  await setFaults(request, { sesDelayMs: 12_000 });
  const ids = bookingIds(page);
  const second = await submitQuote(page);
  await expectDialog(page, 'Quote Request Submitted');
  expect(leadsFor(ids[0]!)).toHaveLength(1);
  await setFaults(request, { sesDelayMs: 0 });
  // The abandoned slow calls are never delivered late: once the stack has dealt with every
  // delayed call (about 12 s after the last), the outbox's sender sends each email once.
  await expect.poll(() => delayedSesCalls(request), { timeout: 30_000 }).toBe(0);
  await drainOutboxUntilEmpty(request);
  expect(await mailTo(request, second)).toHaveLength(2);
  await drainOutboxUntilEmpty(request);
  expect(await mailTo(request, second)).toHaveLength(2);
});

test('a double click on submit gives one lead and one pair of emails', async ({
  page,
  request,
}) => {
  const ids = bookingIds(page);
  const email = `double-${Date.now()}@example.com`;
  await page.goto('/#quote-form');
  await pageIsLive(page);
  await fillQuoteFields(page, { Email: email });
  await page
    .locator('#quote-form input[type=file][accept="image/*"]')
    .setInputFiles([await makePhoto('a.jpg'), await makePhoto('b.jpg', { hue: 140 })]);
  await page.locator('#quote-submit').dblclick();
  await expectDialog(page, 'Quote Request Submitted');
  expect(ids).toHaveLength(1);
  expect(leadsFor(ids[0]!)).toHaveLength(1);
  await expect.poll(async () => (await mailTo(request, email)).length).toBe(2);
});

test('a lost answer and a retry give one lead and one pair of emails', async ({
  page,
  request,
}) => {
  const ids = bookingIds(page);
  // The server handles the first booking call, but its answer never reaches the phone.
  let dropped = false;
  await page.route('**/api/send-booking-emails', async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  const email = await submitQuote(page);
  await expectDialog(page, 'Submission Failed', MESSAGES.submitFailed);
  await tryAgain(page);
  await expectDialog(page, 'Quote Request Submitted');
  expect(ids).toHaveLength(2);
  expect(new Set(ids).size).toBe(1);
  expect(leadsFor(ids[0]!)).toHaveLength(1);
  // Both calls have answered (the first one's answer was dropped after the server sent it), and a
  // call sends its emails before it answers: two is final.
  expect(await mailTo(request, email)).toHaveLength(2);
});
