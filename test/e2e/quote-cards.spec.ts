/**
 * Who the hauler is, on every quote, and no email that hides the other quotes (issue 40, items 2
 * and 3): two haulers near 85001 quote one request, the compare page shows who each is, lowest
 * price first, with the off-window flag; the dearer quote's email names business, price and
 * window, and its accept link lands on both quotes, from where the cheaper one can be booked.
 */
import { expect, test } from '@playwright/test';
import { axeViolations } from './helpers/axe';
import { approvedHauler, buttonToken, mailWith } from './helpers/haulers';
import type { SentMail } from './helpers/local-stack';
import {
  QUOTE_SUBJECT,
  bookLead,
  confirmWithCard,
  offeredTo,
  postJson,
} from './helpers/quote-loop';
import { API_PATHS } from '#contract/core/api';
import { addDays, usToday, utcToday } from '#contract/core/calendar-date';
import { OFFER_TEXTS } from '#contract/loop/offers';
import { QUOTE_CARD_TEXTS, expiryMonth, quoteSubject } from '#contract/loop/quote-cards';

const run = Date.now().toString(36);
const PHOENIX = { zipCode: '85001', city: 'Phoenix', state: 'Arizona' };

/** "From your base: 1.3 miles" in the offer email: the distance the quote card repeats. */
function milesIn(offer: SentMail): number {
  const line = (offer.body.text ?? '').split('\n').find((l) => l.startsWith('From your base: '));
  return Number(line?.replace('From your base: ', '').replace(' miles', ''));
}

test.describe('quote cards', () => {
  test.slow();

  test('say who each hauler is, lowest price first, flag another window, and every accept landing lists every quote', async ({
    page,
    request,
  }) => {
    const queenCity = await approvedHauler(request, {
      businessName: `Queen City Haul-Away ${run}`,
      baseZipCode: '85004',
      serviceRadiusMiles: 10,
    });
    const desert = await approvedHauler(request, {
      businessName: `Desert Haul ${run}`,
      baseZipCode: '85001',
      serviceRadiusMiles: 10,
    });
    const insuredUntil = addDays(utcToday(new Date()), 365);
    const homeowner = `quote-cards-${run}@example.com`;
    const asked = addDays(usToday(new Date()), 2);
    const { submissionId } = await bookLead(request, homeowner, {
      fields: { ...PHOENIX, pickupDay: 'date', pickupDate: asked, pickupWindow: 'morning' },
    });
    const offers = await offeredTo(request, submissionId, [queenCity.email, desert.email]);

    // Queen City quotes the morning asked for; Desert Haul the afternoon, for less.
    const quote = async (hauler: { email: string }, priceDollars: number, window: string) => {
      const sent = await postJson(request, API_PATHS.sendQuote, {
        token: buttonToken(offers.get(hauler.email)!, OFFER_TEXTS.sendQuote),
        quote: { priceDollars, pickupDate: asked, pickupWindow: window, hauler: 'ignored' },
      });
      expect(sent.status).toBe(200);
    };
    await quote(queenCity, 285, 'morning');
    await quote(desert, 240, 'afternoon');

    // The quote email's subject names the business, the price and the window.
    const dearerMail = await mailWith(request, QUOTE_SUBJECT, homeowner, queenCity.businessName);
    expect(dearerMail.subject).toBe(
      quoteSubject(
        {
          hauler: queenCity.businessName,
          priceDollars: 285,
          pickupDate: asked,
          pickupWindow: 'morning',
        },
        usToday(new Date()),
      ),
    );
    expect(dearerMail.subject).toMatch(
      new RegExp(`^Queen City Haul-Away ${run}: \\$285, \\w{3}(, \\w{3} \\d+,)? morning$`),
    );
    const cheaperMail = await mailWith(request, QUOTE_SUBJECT, homeowner, desert.businessName);
    expect(cheaperMail.subject).toContain(`Desert Haul ${run}: $240, `);
    expect(cheaperMail.subject).toContain('afternoon');
    expect(cheaperMail.body.text).toContain(QUOTE_CARD_TEXTS.offAsked.window);

    // The compare page: who each hauler is, the cheaper first, the other window flagged.
    await page.goto(`/request#t=${buttonToken(dearerMail, 'View your request')}`);
    const cards = page.getByRole('list', { name: 'Quotes' }).getByRole('listitem');
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toHaveAttribute('aria-label', `${desert.businessName}: $240`);
    await expect(cards.nth(1)).toHaveAttribute('aria-label', `${queenCity.businessName}: $285`);
    for (const [hauler, offer] of [
      [queenCity, offers.get(queenCity.email)!],
      [desert, offers.get(desert.email)!],
    ] as const) {
      const card = cards.filter({ hasText: hauler.businessName });
      await expect(card).toContainText(QUOTE_CARD_TEXTS.insured(expiryMonth(insuredUntil)));
      await expect(card).toContainText('Box truck');
      await expect(card).toContainText(QUOTE_CARD_TEXTS.miles(milesIn(offer)));
      await expect(card).toContainText(QUOTE_CARD_TEXTS.jobsDone(0));
      await expect(card.getByText('New: first jobs with us', { exact: true })).toBeVisible();
      // Never the hauler's contact.
      await expect(card).not.toContainText(hauler.email);
    }
    const flag = cards.first().getByText('Not the window you asked for');
    await expect(flag).toBeVisible();
    await expect(cards.nth(1)).not.toContainText('Not the window you asked for');
    expect(await axeViolations(page)).toEqual([]);

    // The dearer quote's "Accept this quote" lands on both quotes, its own first.
    await page.goto(`/request#t=${buttonToken(dearerMail, 'Accept this quote')}`);
    await expect(page.getByRole('heading', { name: 'Accept this quote?' })).toBeVisible();
    await expect(cards).toHaveCount(2);
    const opened = cards.first();
    await expect(opened).toHaveAttribute('aria-label', `${queenCity.businessName}: $285`);
    await expect(opened).toContainText(QUOTE_CARD_TEXTS.opened);
    await expect(opened.getByRole('button', { name: 'Confirm: accept this quote' })).toBeVisible();
    await expect(page.getByText(QUOTE_CARD_TEXTS.lowerElsewhere)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // From there, the cheaper one is booked instead.
    const cheaper = cards.nth(1);
    await cheaper
      .getByRole('button', { name: `Accept this quote: ${desert.businessName}: $240` })
      .click();
    const confirm = cheaper.getByRole('button', { name: 'Confirm: accept this quote' });
    await expect(confirm).toBeFocused();
    await confirmWithCard(page, confirm);
    await expect(
      page.getByRole('status').filter({ hasText: 'You accepted the quote of $240' }),
    ).toBeVisible();
    await mailWith(request, /^Booked: /, desert.email);
  });
});
