/**
 * The end of offers with no quote (issue 40, item 5), against the local stack: the offer job run
 * past the offers' hours emails the homeowner once, with their request's link, and that page says
 * the offers ended. Nobody covers 82001 (Cheyenne); the job's clock is moved on, not waited for.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { axeViolations } from './helpers/axe';
import { mailWith } from './helpers/haulers';
import { bookLead, linkIn, mailWhere, runOffers } from './helpers/quote-loop';
import { OFFERS_ENDED_TEXTS, OFFER_DEFAULTS, OFFER_TEXTS } from '#contract/loop/offers';
import { REQUEST_STATUS_TEXTS } from '#contract/loop/request-status';

const CHEYENNE = { zipCode: '82001', city: 'Cheyenne', state: 'Wyoming' };
const run = Date.now().toString(36);

const statusLine = (page: Page, title: string) => page.getByRole('region', { name: title });

test('offers that end with no quote email the homeowner once, and the request page says they ended', async ({
  page,
  request,
}) => {
  test.slow();
  const homeowner = `offers-ended-${run}@example.com`;
  const { submissionId, reference } = await bookLead(request, homeowner, { fields: CHEYENNE });
  await runOffers(request, submissionId);
  await mailWith(request, OFFER_TEXTS.escalationSubject(reference), reference);

  // Past the offers' hours, twice: the second run finds nothing left to say.
  const end = new Date(Date.now() + (OFFER_DEFAULTS.offerHours * 60 + 1) * 60_000);
  await runOffers(request, submissionId, end);
  const subject = OFFERS_ENDED_TEXTS.subject(reference);
  const mail = await mailWith(request, subject, homeowner);
  await runOffers(request, submissionId, new Date(end.getTime() + 60_000));
  expect(await mailWhere(request, (m) => m.subject === subject)).toHaveLength(1);
  expect(mail.destination.to).toEqual([homeowner]);
  expect(mail.body.text).toContain(OFFERS_ENDED_TEXTS.intro('82001', OFFER_DEFAULTS.offerHours));

  const link = new URL(linkIn(mail, OFFERS_ENDED_TEXTS.viewRequest));
  expect(link.pathname).toBe('/request');
  await page.goto(`${link.pathname}${link.hash}`);
  const title = REQUEST_STATUS_TEXTS.waiting.ended('82001', {
    kind: 'ended',
    haulers: 0,
    since: '',
    teamAt: '',
    endsAt: new Date().toISOString(),
  }).title;
  const line = statusLine(page, title);
  await expect(line).toBeVisible();
  await expect(line).toContainText('and none quoted. Our team was told');
  await expect(line).toContainText('You can cancel this request below.');
  expect(await axeViolations(page)).toEqual([]);
});
