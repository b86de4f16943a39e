/**
 * The day-before reminders against the local stack: a job booked through the real path (hauler
 * approved, offer, quote, acceptance), then the offer job run at the reminder time for that
 * request, as often as it likes: the homeowner and the hauler get exactly one reminder each. A job
 * cancelled before then gets none. Every email wears the one layout: sender name, brand header,
 * preheader, footer, tel: links.
 */
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { acceptedJob, haulerNear } from './helpers/booked-jobs';
import { mailWith } from './helpers/haulers';
import { sentMail } from './helpers/local-stack';
import type { SentMail } from './helpers/local-stack';
import { linkIn, postJson, runOffers } from './helpers/quote-loop';
import { VALID_HAULER_APPLICATION } from '../fixtures/hauler';
import { API_PATHS } from '#contract/core/api';
import { addressLine, mapHref, telHref } from '#contract/core/contact-links';
import { EMAIL_BRAND } from '#contract/core/email-brand';
import { CONFIRMATION_TEXTS } from '#contract/loop/booking-confirmation';
import { JOB_API_PATHS, JOB_TEXTS } from '#contract/loop/jobs';
import { REMINDER_TEXTS, reminderAt } from '#contract/loop/reminders';

const RALEIGH = { zipCode: '27601', city: 'Raleigh', state: 'North Carolina' };
const run = Date.now().toString(36);

interface BookedJob {
  hauler: { email: string; businessName: string };
  homeowner: string;
  submissionId: string;
  reference: string;
  pickupDate: string;
  viewToken: string;
}

/** A hauler near Raleigh quotes $260 for the morning two days ahead, and the homeowner accepts. */
async function bookedJob(request: APIRequestContext, label: string): Promise<BookedJob> {
  return acceptedJob(request, {
    hauler: await haulerNear(request, RALEIGH, `Oak City Haulers ${label} ${run}`),
    homeowner: `remind-${label}-${run}@example.com`,
    place: RALEIGH,
    priceDollars: 260,
    oneOfferRun: true,
  });
}

const remindersTo = async (request: APIRequestContext, address: string) =>
  (await sentMail(request)).filter(
    (m) => m.destination.to.includes(address) && m.subject.startsWith('Tomorrow: '),
  );

const preheaderOf = (mail: SentMail) =>
  /<div style="display:none;[^"]*">([^&<]*)/.exec(mail.body.html ?? '')?.[1];

/** The one layout: the sender's name, the brand band, a preview, the footer in both parts. */
function expectBranded(mail: SentMail) {
  expect(mail.from).toMatch(new RegExp(`^${EMAIL_BRAND.name} <[^>]+@[^>]+>$`));
  const html = mail.body.html ?? '';
  expect(html).toContain(`>${EMAIL_BRAND.name}</div>`);
  expect(preheaderOf(mail)?.length).toBeGreaterThan(10);
  expect(html).toMatch(/<a href="mailto:[^"]+@[^"]+"/);
  const footer = (mail.body.text ?? '').split('\n').slice(-4);
  expect(footer.slice(0, 2)).toEqual(['--', `${EMAIL_BRAND.name} · ${EMAIL_BRAND.tagline}`]);
  expect(footer[2]?.startsWith(`${EMAIL_BRAND.supportLead} `)).toBe(true);
  expect(footer[2]).toMatch(/ \S+@\S+\.$/);
}

test('the day before a booked pickup, the homeowner and the hauler get exactly one reminder each', async ({
  request,
}) => {
  test.slow();
  const job = await bookedJob(request, 'booked');
  const confirmation = await mailWith(
    request,
    CONFIRMATION_TEXTS.subject(job.hauler.businessName, job.pickupDate, 'morning'),
    job.homeowner,
  );
  expectBranded(confirmation);
  expect(confirmation.body.html).toContain(`<a href="${telHref(VALID_HAULER_APPLICATION.phone)}"`);

  // Not yet a minute before the reminder time; then at it, and again: one each, no more.
  const at = reminderAt(job.pickupDate);
  await runOffers(request, job.submissionId, new Date(at.getTime() - 60_000));
  expect(await remindersTo(request, job.homeowner)).toEqual([]);
  await runOffers(request, job.submissionId, at);
  await runOffers(request, job.submissionId, new Date(at.getTime() + 60_000));
  await runOffers(request, job.submissionId, new Date(at.getTime() + 3_600_000));

  const [homeowner, ...moreHomeowner] = await remindersTo(request, job.homeowner);
  const [hauler, ...moreHauler] = await remindersTo(request, job.hauler.email);
  expect(moreHomeowner).toEqual([]);
  expect(moreHauler).toEqual([]);

  expect(homeowner?.subject).toBe(
    REMINDER_TEXTS.homeownerSubject(job.hauler.businessName, job.pickupDate, 'morning'),
  );
  expectBranded(homeowner!);
  expect(preheaderOf(homeowner!)).toBe(
    REMINDER_TEXTS.homeownerPreheader(job.hauler.businessName, job.pickupDate, 'morning', true),
  );
  expect(homeowner!.body.html).toContain(`<a href="${telHref(VALID_HAULER_APPLICATION.phone)}"`);
  expect(homeowner!.body.text).toContain('Price: $260 flat rate');
  expect(linkIn(homeowner, REMINDER_TEXTS.addressMissingHeading)).toContain('/request#');

  expect(hauler?.subject).toBe(
    REMINDER_TEXTS.haulerSubject(job.reference, job.pickupDate, 'morning'),
  );
  expectBranded(hauler!);
  expect(hauler!.body.text).toContain(REMINDER_TEXTS.haulerNoAddress);
  expect(linkIn(hauler, 'Open your job page')).toContain('/haulers/job#');

  // The address given afterwards reaches the hauler with a map link (a plain maps search).
  const street = '412 N Person St';
  const given = await postJson(request, JOB_API_PATHS.address, { token: job.viewToken, street });
  expect(given.status).toBe(200);
  const address = await mailWith(
    request,
    JOB_TEXTS.addressSubject(job.reference),
    job.hauler.email,
  );
  expectBranded(address);
  const map = mapHref(addressLine(street, RALEIGH));
  expect(address.body.html).toContain(`<a href="${map.replaceAll('&', '&amp;')}"`);
  expect(address.body.text).toContain(`Map: ${map}`);
});

test('a job cancelled before the day before gets no reminder', async ({ request }) => {
  test.slow();
  const job = await bookedJob(request, 'cancelled');
  const cancelled = await postJson(request, API_PATHS.cancelRequest, { token: job.viewToken });
  expect(cancelled.status).toBe(200);
  const response = await request.post('/__local/run-offers', {
    data: { at: reminderAt(job.pickupDate).toISOString(), submissionId: job.submissionId },
  });
  expect(response.ok()).toBe(true);
  const report = (await response.json()) as { leads: { ended?: string; reminders?: unknown }[] };
  // The run has read the request and closed its timer: nothing more will come.
  expect(report.leads).toEqual([expect.objectContaining({ ended: 'closed' })]);
  expect(await remindersTo(request, job.homeowner)).toEqual([]);
  expect(await remindersTo(request, job.hauler.email)).toEqual([]);
});
