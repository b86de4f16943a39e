/**
 * The booking confirmation at acceptance, against the local stack: the homeowner is told who comes
 * (the hauler's business and phone), the price, the day and window, and is sent to the address
 * step; both sides get a calendar invitation, read back from the SES stand-in and parsed.
 */
import { expect, test } from '@playwright/test';
import { haulerNear, quotedRequest } from './helpers/booked-jobs';
import { mailWith } from './helpers/haulers';
import { sentMail } from './helpers/local-stack';
import type { SentMail } from './helpers/local-stack';
import { acceptWithCard, confirmCheckout, linkIn } from './helpers/quote-loop';
import { parseInvite } from '../support/testing-calendar';
import { VALID_HAULER_APPLICATION } from '../fixtures/hauler';
import { VALID_REQUEST_FIELDS } from '../fixtures/homeowner';
import { formatPickupDate } from '#contract/core/calendar-date';
import { CALENDAR_TEXTS, CONFIRMATION_TEXTS } from '#contract/loop/booking-confirmation';
import { JOB_LIMITS } from '#contract/loop/jobs';
import { QUOTE_WINDOWS } from '#contract/loop/quote-loop';

const CHARLOTTE = { zipCode: '28202', city: 'Charlotte', state: 'North Carolina' };
const run = Date.now().toString(36);

/** The one .ics a mail carries, decoded from the stand-in's base64. */
function invite(mail: SentMail) {
  expect(mail.attachments).toHaveLength(1);
  const [file] = mail.attachments!;
  return { ...file!, text: Buffer.from(file!.content, 'base64').toString('utf8') };
}

test('at acceptance the homeowner gets a confirmation with the hauler, the phone, the price, the window, an address button and a calendar invitation', async ({
  page,
  request,
}) => {
  test.slow();
  const { hauler, homeowner, reference, pickupDate, viewToken } = await quotedRequest(request, {
    hauler: await haulerNear(request, CHARLOTTE, `Queen City Haul-Away ${run}`),
    homeowner: `confirm-${run}@example.com`,
    place: CHARLOTTE,
    priceDollars: 285,
    oneOfferRun: true,
  });
  // A double click back from the card page: two confirmations at once are one acceptance and
  // one confirmation email.
  const saved = await acceptWithCard(request, { token: viewToken, quote: 1 }, { confirm: false });
  const accepts = await Promise.all([1, 2].map(() => confirmCheckout(request, saved.returnUrl!)));
  expect(accepts.map((answer) => answer.status)).toEqual([200, 200]);

  const subject = CONFIRMATION_TEXTS.subject(hauler.businessName, pickupDate, 'morning');
  const confirmation = await mailWith(request, subject, homeowner);
  expect(
    (await sentMail(request)).filter(
      (m) => m.subject === subject && m.destination.to.includes(homeowner),
    ),
  ).toHaveLength(1);
  const lines = (confirmation.body.text ?? '').split('\n');
  for (const line of [
    `Hauler: ${hauler.businessName}`,
    `Phone: ${VALID_HAULER_APPLICATION.phone}`,
    'Price: $285 flat rate',
    `Pickup: ${formatPickupDate(pickupDate)}, ${QUOTE_WINDOWS.morning.label}`,
    `Reference: ${reference}`,
    CONFIRMATION_TEXTS.nextStepHeading,
  ]) {
    expect(lines).toContain(line);
  }
  expect(confirmation.body.html).toContain(`>${CONFIRMATION_TEXTS.addAddress}</a>`);

  // The homeowner's invitation: one event, 8:00 to 12:00 floating, named after the hauler.
  const mine = invite(confirmation);
  expect(mine.filename).toBe(CALENDAR_TEXTS.fileName(reference));
  expect(mine.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
  const hours = JOB_LIMITS.windowHours.morning;
  const at = (hour: number) => `${pickupDate}T${String(hour).padStart(2, '0')}:00:00`;
  const event = parseInvite(mine.text);
  expect(event).toMatchObject({
    method: 'PUBLISH',
    events: 1,
    floating: true,
    start: at(hours.start),
    end: at(hours.end),
    summary: CALENDAR_TEXTS.homeownerSummary(hauler.businessName),
  });

  // The hauler's "Booked" carries theirs: the same times, the city, none of the contact.
  const booked = await mailWith(request, new RegExp(`^Booked: ${reference} `), hauler.email);
  const theirs = invite(booked);
  const theirEvent = parseInvite(theirs.text);
  expect(theirEvent).toMatchObject({
    events: 1,
    floating: true,
    start: at(hours.start),
    end: at(hours.end),
    summary: `Pickup ${reference} · ${CHARLOTTE.city}`,
  });
  const unfolded = theirs.text.replace(/\r\n[ \t]/g, '');
  for (const contact of [VALID_REQUEST_FIELDS.phone, VALID_REQUEST_FIELDS.name, homeowner]) {
    expect(unfolded).not.toContain(contact);
  }

  // "Add your address" lands on the request page's address step, its heading focused.
  await page.goto(linkIn(confirmation, CONFIRMATION_TEXTS.addAddress));
  await expect(page.getByRole('heading', { name: 'Pickup address' })).toBeFocused();
  await expect(page.getByLabel('Street address')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save the address' })).toBeVisible();
});
