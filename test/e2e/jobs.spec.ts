/**
 * After "accepted", against the running local stack: the homeowner gives the address, the hauler
 * opens the job, asks for a new price (one approved, one declined), presses "On my way"; the
 * homeowner reports a problem; a job not marked done reaches operations; a job given up goes back
 * to offers. The haulers work around 80202 (Denver), where no other spec's haulers are; a retry
 * meets the first attempt's haulers there, so each assertion names the hauler it is about.
 */
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { axeViolations } from './helpers/axe';
import { acceptedJob, haulerNear } from './helpers/booked-jobs';
import { approvedHauler, buttonToken, mailWith } from './helpers/haulers';
import { sentMail } from './helpers/local-stack';
import { makePhoto } from './helpers/photos';
import { postJson, runOffers } from './helpers/quote-loop';
import { VALID_REQUEST_FIELDS } from '../fixtures/homeowner';
import { API_PATHS } from '#contract/core/api';
import { JOB_TEXTS, pickupInstant } from '#contract/loop/jobs';

const DENVER = { zipCode: '80202', city: 'Denver', state: 'Colorado' };
const run = Date.now().toString(36);
const STREET = `1550 Larimer St ${run}`;

interface Booked {
  submissionId: string;
  reference: string;
  homeowner: string;
  /** The request page's link (the homeowner's view token). */
  requestPage: string;
  /** The hauler's job page, from "Booked". */
  jobPage: string;
  pickupDate: string;
}

/** A request in 80202 offered to `hauler`, quoted by them through the API and accepted. */
async function bookedJob(
  request: APIRequestContext,
  hauler: { email: string; businessName: string },
  label: string,
): Promise<Booked> {
  // To this hauler: a retry's request is offered to the first attempt's haulers near 80202 too.
  const { submissionId, reference, homeowner, pickupDate, viewToken } = await acceptedJob(request, {
    hauler,
    homeowner: `job-${label}-${run}@example.com`,
    place: DENVER,
    priceDollars: 200,
    oneOfferRun: true,
  });
  const booked = await mailWith(request, new RegExp(`^Booked: ${reference} `), hauler.email);
  return {
    submissionId,
    reference,
    homeowner,
    requestPage: `/request#t=${viewToken}`,
    jobPage: `/haulers/job#t=${buttonToken(booked, 'View the job')}`,
    pickupDate,
  };
}

test.describe('the job after acceptance', () => {
  test.describe.configure({ mode: 'serial' });
  test.slow();

  let hauler: { email: string; businessName: string };

  test('address, job page, a price change approved and one declined, on my way, a problem report, job done with a receipt the homeowner sees, and 5 stars', async ({
    page,
    request,
  }) => {
    hauler = await haulerNear(request, DENVER, `Mile High Haul ${run}`);
    const job = await bookedJob(request, hauler, 'main');

    // The homeowner gives the address on the request page.
    await page.goto(job.requestPage);
    await expect(page.getByText(`Reference ${job.reference}`)).toBeVisible();
    await page.getByRole('button', { name: 'Save the address' }).click();
    await expect(page.getByText('Enter the street address with its house number')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Street address').fill(STREET);
    await page.getByLabel('Access notes (optional)').fill('Side gate, code 2468');
    await page.getByRole('button', { name: 'Save the address' }).click();
    await expect(page.getByText('Saved. Your hauler has it.')).toBeVisible();
    const addressMail = await mailWith(
      request,
      JOB_TEXTS.addressSubject(job.reference),
      hauler.email,
    );
    expect(addressMail.body.text).toContain(STREET);

    // The hauler opens the job: contact, address, locked price.
    await page.goto(job.jobPage);
    await expect(page.getByText(`for ${hauler.businessName}`)).toBeVisible();
    await expect(page.getByText(STREET)).toBeVisible();
    // The address leads to directions; the bar holds the next action, call, text and directions.
    const directions = `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`${STREET}, ${DENVER.city}, ${DENVER.state} ${DENVER.zipCode}`)}`;
    await expect(page.getByRole('link', { name: new RegExp(STREET) })).toHaveAttribute(
      'href',
      directions,
    );
    const bar = page.getByRole('region', { name: 'Next step' });
    await expect(bar.getByRole('link', { name: 'Directions to the pickup' })).toHaveAttribute(
      'href',
      directions,
    );
    const digits = VALID_REQUEST_FIELDS.phone.replace(/[^\d+]/g, '');
    await expect(bar.getByRole('link', { name: 'Call the homeowner' })).toHaveAttribute(
      'href',
      `tel:${digits}`,
    );
    await expect(bar.getByRole('link', { name: 'Text the homeowner' })).toHaveAttribute(
      'href',
      `sms:${digits}`,
    );
    await expect(page.getByText('Side gate, code 2468')).toBeVisible();
    await expect(page.getByRole('link', { name: VALID_REQUEST_FIELDS.phone })).toBeVisible();
    await expect(page.getByText('$200 flat, locked')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // A price change, approved from the homeowner's email.
    await page.getByLabel('New flat price (whole dollars)').fill('260');
    await page.getByLabel('Why the price changes').fill('A second sofa in the garage');
    await page.getByRole('button', { name: 'Send the new price to the homeowner' }).click();
    await expect(
      page.getByText('Waiting for the homeowner to answer your new price of $260.'),
    ).toBeVisible();
    const ask = await mailWith(
      request,
      JOB_TEXTS.priceChangeSubject(job.reference, 260),
      job.homeowner,
    );
    await page.goto(`/request#t=${buttonToken(ask, JOB_TEXTS.approve)}`);
    await page.getByRole('button', { name: `${JOB_TEXTS.approve} $260` }).click();
    await expect(page.getByText('Approved: the price is now $260.')).toBeVisible();
    await mailWith(request, JOB_TEXTS.priceApprovedSubject(job.reference, 260), hauler.email);

    // A second one, declined on the request page: the price stays.
    await page.goto(job.jobPage);
    await expect(page.getByText('$260 flat, locked')).toBeVisible();
    await page.getByLabel('New flat price (whole dollars)').fill('400');
    await page.getByLabel('Why the price changes').fill('A piano as well');
    await page.getByRole('button', { name: 'Send the new price to the homeowner' }).click();
    await expect(
      page.getByText('Waiting for the homeowner to answer your new price of $400.'),
    ).toBeVisible();
    await page.goto(job.requestPage);
    await page.getByRole('button', { name: JOB_TEXTS.decline, exact: true }).click();
    await expect(page.getByText('Declined: the price stays $260.')).toBeVisible();
    await mailWith(request, JOB_TEXTS.priceDeclinedSubject(job.reference, 260), hauler.email);

    // On my way: the homeowner hears it with the hauler's name and phone; the timeline shows it.
    await page.goto(job.jobPage);
    await page.getByRole('button', { name: JOB_TEXTS.onMyWay }).click();
    // The pickup is two days off: the page asks before telling the homeowner.
    await page.getByRole('dialog').getByRole('button', { name: JOB_TEXTS.offDayConfirm }).click();
    await expect(page.getByText('You told the homeowner you were on the way at')).toBeVisible();
    const onTheWay = await mailWith(request, JOB_TEXTS.onTheWaySubject, job.homeowner);
    expect(onTheWay.body.text).toContain(hauler.businessName);
    await page.goto(job.requestPage);
    await expect(page.getByRole('listitem').filter({ hasText: 'On the way' })).not.toContainText(
      'Not yet',
    );

    // A problem reaches operations with the timeline.
    await page.getByRole('button', { name: JOB_TEXTS.reportProblem }).click();
    await expect(page.getByLabel('No-show')).toBeFocused();
    await page.getByLabel('Late', { exact: true }).check();
    await page.getByLabel('What happened').fill('The hauler came two hours after the window');
    await page.getByRole('button', { name: 'Send to our team' }).click();
    await expect(page.getByText('Sent. Our team will contact you.')).toBeVisible();
    const problem = await mailWith(
      request,
      `Problem reported: ${job.reference} · Late`,
      job.reference,
    );
    expect(problem.body.text).toContain('On the way');
    expect(await axeViolations(page)).toEqual([]);

    // Job done with the disposal receipt, from the job page.
    const receipt = await makePhoto('receipt.jpg', { width: 600, height: 800, hue: 50 });
    await page.goto(job.jobPage);
    const done = page.getByRole('region', { name: JOB_TEXTS.jobDone });
    await done.getByLabel('Disposal receipt').setInputFiles({
      name: receipt.name,
      mimeType: receipt.mimeType,
      buffer: receipt.buffer,
    });
    await done.getByLabel('Facility’s name').fill(`Denver Arapahoe Disposal ${run}`);
    await done.getByRole('button', { name: JOB_TEXTS.jobDone }).click();
    await page.getByRole('dialog').getByRole('button', { name: JOB_TEXTS.offDayConfirm }).click();
    await expect(
      page.getByText(`with the receipt from Denver Arapahoe Disposal ${run}.`),
    ).toBeVisible();
    const doneMail = await mailWith(request, JOB_TEXTS.doneSubject, job.homeowner);
    expect(doneMail.body.text).toContain(`Denver Arapahoe Disposal ${run}`);

    // The homeowner sees the receipt, then rates 5 stars, once.
    await page.goto(job.requestPage);
    await page.getByRole('button', { name: JOB_TEXTS.viewReceipt }).click();
    await expect(
      page.getByRole('img', { name: `Disposal receipt from Denver Arapahoe Disposal ${run}` }),
    ).toBeVisible();
    // The stars are styled labels over visually hidden radios: a person presses the label.
    await page.locator('label').filter({ hasText: '5 stars' }).click();
    await expect(page.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await page.getByLabel('Comment (optional)').fill('On time & <b>careful</b>');
    await page.getByRole('button', { name: JOB_TEXTS.rate }).click();
    await expect(page.getByRole('region', { name: 'Your rating' })).toContainText(
      'On time & <b>careful</b>',
    );
    // The hauler hears it by email, once, the comment escaped.
    const rated = await mailWith(request, JOB_TEXTS.ratedSubject(job.reference, 5), hauler.email);
    expect(rated.body.text).toContain('Comment: On time & <b>careful</b>');
    expect(rated.body.html).toContain('On time &amp; &lt;b&gt;careful&lt;/b&gt;');
    expect(
      (await sentMail(request)).filter(
        (m) => m.subject === JOB_TEXTS.ratedSubject(job.reference, 5),
      ),
    ).toHaveLength(1);
    await expect(page.getByRole('listitem').filter({ hasText: 'Rated' })).not.toContainText(
      'Not yet',
    );
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a job not marked done by the end of its window plus 4 hours reaches operations once', async ({
    request,
  }) => {
    const job = await bookedJob(request, hauler, 'late');
    // The hauler's next quote carries their standing: one rating so far reads "New".
    const lead = await postJson(request, API_PATHS.lead, {
      token: job.requestPage.split('#t=')[1],
    });
    const quotes = (lead.json.lead as { quotes: Array<{ rating?: unknown }> }).quotes;
    expect(quotes[0]?.rating).toEqual({ kind: 'new', count: 1 });
    const subject = JOB_TEXTS.notDoneSubject(job.reference);
    const end = pickupInstant(job.pickupDate, 'morning', 'end').getTime();
    // Days ahead for this request only: the other specs' requests keep their own clock.
    await runOffers(request, job.submissionId, new Date(end + 3 * 3_600_000));
    expect((await sentMail(request)).filter((m) => m.subject === subject)).toHaveLength(0);
    await runOffers(request, job.submissionId, new Date(end + 4 * 3_600_000 + 60_000));
    await mailWith(request, subject, job.reference);
    await runOffers(request, job.submissionId, new Date(end + 5 * 3_600_000));
    expect((await sentMail(request)).filter((m) => m.subject === subject)).toHaveLength(1);
  });

  test('“I can’t do this job” sends the job back to offers and tells the homeowner', async ({
    page,
    request,
  }) => {
    const job = await bookedJob(request, hauler, 'given-up');
    // A second hauler near 80202, approved after the others were quoted: the new round's only one.
    const next = await approvedHauler(request, {
      businessName: `Front Range Junk ${run}`,
      baseZipCode: '80203',
      serviceRadiusMiles: 10,
    });
    await page.goto(job.jobPage);
    await page.getByRole('button', { name: JOB_TEXTS.cantDo }).click();
    await page.getByLabel('Reason').fill('The truck broke down');
    await page.getByRole('button', { name: `Confirm: ${JOB_TEXTS.cantDo}` }).click();
    await expect(page.getByText(JOB_TEXTS.noLongerYours)).toBeVisible();
    await mailWith(request, JOB_TEXTS.reassignedSubject(job.reference), job.homeowner);
    await page.goto(job.requestPage);
    await expect(page.getByRole('listitem').filter({ hasText: 'Reassigned' })).not.toContainText(
      'Not yet',
    );

    await runOffers(request, job.submissionId, new Date());
    const offeredTo = async () =>
      (await sentMail(request))
        .filter(
          (m) =>
            m.subject.startsWith('New job near 80202') &&
            (m.body.text ?? '').includes(`#t=lead.${job.submissionId}.hauler.offer.`),
        )
        .map((m) => m.destination.to[0]);
    // The new round reaches the hauler approved since, never again the one who gave it up (whose
    // one offer is the first round's). A retry's first round also reached the first attempt's.
    await expect.poll(offeredTo).toContain(next.email);
    expect((await offeredTo()).filter((to) => to === hauler.email)).toHaveLength(1);
  });
});
