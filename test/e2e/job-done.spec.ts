/**
 * "Job done" with a disposal receipt, in a real browser against the local stack: a job booked
 * through the real paths (a hauler applied and approved, a booking, an offer round, the hauler's
 * quote, the homeowner's acceptance), the hauler uploads the receipt and an after-photo from the
 * job page, the homeowner is emailed and sees the receipt from a short-lived link, and only the
 * homeowner's and operations' links get that link.
 */
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { axeViolations } from './helpers/axe';
import { acceptedJob, haulerNear } from './helpers/booked-jobs';
import { buttonToken, mailWith } from './helpers/haulers';
import { sentMail, storedKeys } from './helpers/local-stack';
import { makePhoto } from './helpers/photos';
import { postJson } from './helpers/quote-loop';
import { API_PATHS } from '#contract/core/api';
import { addDays, usToday } from '#contract/core/calendar-date';
import { JOB_API_PATHS, JOB_MESSAGES, JOB_TEXTS } from '#contract/loop/jobs';
import { incomingJobFolder, JOB_PROOF_PREFIX } from '#contract/booking/media-keys';

const PHOENIX = { zipCode: '85001', city: 'Phoenix', state: 'Arizona' };
const run = Date.now().toString(36);
const FACILITY = `Salt River Transfer Station ${run}`;

/** A job booked through the real paths: its ids, the hauler's job token and the homeowner's mail. */
async function bookedJob(request: APIRequestContext) {
  const { submissionId, reference, homeowner, hauler, viewToken } = await acceptedJob(request, {
    hauler: await haulerNear(request, PHOENIX, `Receipt Haul ${run}`),
    homeowner: `receipt-${run}@example.com`,
    place: PHOENIX,
  });
  const booked = await mailWith(request, /^Booked: /, hauler.email);
  return {
    submissionId,
    reference,
    homeowner,
    hauler,
    jobToken: buttonToken(booked, 'View the job'),
    viewToken,
  };
}

test.describe('job done with a disposal receipt', () => {
  test.describe.configure({ mode: 'serial' });
  test.slow();

  let job: Awaited<ReturnType<typeof bookedJob>>;

  test('the hauler uploads the receipt and an after-photo from the job page; the homeowner is emailed once and sees the receipt', async ({
    page,
    request,
  }, testInfo) => {
    job = await bookedJob(request);
    const receipt = await makePhoto('receipt.jpg', { width: 600, height: 800, hue: 50 });
    const after = await makePhoto('after.jpg', { hue: 120 });

    await page.goto(`/haulers/job#t=${job.jobToken}`);
    const form = page.getByRole('region', { name: JOB_TEXTS.jobDone });
    // Refused in the page first: no receipt yet, focus on it.
    await form.getByRole('button', { name: JOB_TEXTS.jobDone }).click();
    await expect(form.getByText(JOB_MESSAGES.receiptRequired)).toBeVisible();
    await expect(form.getByLabel('Disposal receipt')).toBeFocused();

    await form.getByLabel('Disposal receipt').setInputFiles({
      name: receipt.name,
      mimeType: receipt.mimeType,
      buffer: receipt.buffer,
    });
    await form.getByLabel('Facility’s name').fill(FACILITY);
    await form.getByLabel('After-photos (optional)').setInputFiles({
      name: after.name,
      mimeType: after.mimeType,
      buffer: after.buffer,
    });
    await form.getByRole('button', { name: JOB_TEXTS.jobDone }).click();
    // The pickup is two days off: the page asks before telling the homeowner.
    await page.getByRole('dialog').getByRole('button', { name: JOB_TEXTS.offDayConfirm }).click();
    await expect(page.getByText(`, with the receipt from ${FACILITY}.`)).toBeVisible();
    await expect(page.getByRole('region', { name: JOB_TEXTS.jobDone })).toHaveCount(0);
    expect(storedKeys(`${JOB_PROOF_PREFIX}/${job.submissionId}`).sort()).toEqual([
      `${JOB_PROOF_PREFIX}/${job.submissionId}/1-1-receipt.jpg`,
      `${JOB_PROOF_PREFIX}/${job.submissionId}/1-2-after.jpg`,
    ]);
    expect(storedKeys(incomingJobFolder(job.submissionId))).toHaveLength(2);

    const done = await mailWith(request, JOB_TEXTS.doneSubject, job.homeowner);
    expect(done.body.text).toContain(FACILITY);
    expect(done.body.text).toContain(job.hauler.businessName);
    expect(done.body.text).toContain('$240');
    await mailWith(request, new RegExp(`^Done: ${job.reference} · `), FACILITY);

    // The homeowner's page fetches the links only on the button, and shows the image itself.
    const proofCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(JOB_API_PATHS.proof)) proofCalls.push(r.url());
    });
    await page.goto(`/request#t=${buttonToken(done, JOB_TEXTS.viewReceipt)}`);
    const view = page.getByRole('button', { name: JOB_TEXTS.viewReceipt });
    await expect(view).toBeVisible();
    expect(proofCalls).toEqual([]);
    await view.click();
    const image = page.getByRole('img', { name: `Disposal receipt from ${FACILITY}` });
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(600);
    await expect(page.getByRole('img', { name: 'After-photo 1' })).toBeVisible();
    expect(proofCalls).toHaveLength(1);
    await testInfo.attach('request page with the receipt', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
  });

  test('operations see the job from their quote link: the hauler, done, and the receipt on a button', async ({
    page,
    request,
  }) => {
    const operations = await mailWith(request, /^New quote request /, job.homeowner);
    const token = buttonToken(operations, 'Send a quote');
    await page.goto(`/ops/quote#t=${token}`);
    // A job done takes no quote: the form is gone, and the API refuses one sent all the same.
    await expect(
      page.getByText('This request is “Done”: it can no longer be quoted.'),
    ).toBeVisible();
    const late = await postJson(request, API_PATHS.sendQuote, {
      token,
      quote: {
        priceDollars: 300,
        pickupDate: addDays(usToday(new Date()), 3),
        pickupWindow: 'afternoon',
        hauler: 'Operations Partner',
      },
    });
    expect(late.status).toBe(409);
    expect((late.json.lead as { status: string }).status).toBe('done');
    const card = page.getByRole('region', { name: 'The job' });
    await expect(card).toContainText(job.hauler.businessName);
    await expect(card).toContainText('$240 flat');
    await expect(card).toContainText(`${FACILITY}, with 1 after-photo`);
    await card.getByRole('button', { name: JOB_TEXTS.viewReceipt }).click();
    await expect(
      card.getByRole('img', { name: `Disposal receipt from ${FACILITY}` }),
    ).toBeVisible();
    await expect(card.getByRole('img', { name: 'After-photo 1' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('pressed again it is once; the proof is refused to the hauler’s links', async ({
    request,
  }) => {
    const again = await postJson(request, JOB_API_PATHS.done, {
      token: job.jobToken,
      receiptKey: `${incomingJobFolder(job.submissionId)}1-1-receipt.jpg`,
      facility: FACILITY,
    });
    expect(again.status).toBe(200);
    const doneMails = (await sentMail(request)).filter(
      (m) => m.subject === JOB_TEXTS.doneSubject && m.destination.to[0] === job.homeowner,
    );
    expect(doneMails).toHaveLength(1);

    const refused = await postJson(request, JOB_API_PATHS.proof, { token: job.jobToken });
    expect(refused.status).toBe(403);
    const homeowner = await postJson(request, JOB_API_PATHS.proof, { token: job.viewToken });
    expect(homeowner.status).toBe(200);
    const { receipt } = homeowner.json as { receipt: { url: string } };
    expect(new URL(receipt.url).searchParams.get('X-Amz-Expires')).toBe('300');
    // The proof is never under the public photo path.
    const publicPath = await request.get(
      `/quote-photos/../${JOB_PROOF_PREFIX}/${job.submissionId}/1-1-receipt.jpg`,
    );
    expect(publicPath.status()).toBe(404);
  });
});
