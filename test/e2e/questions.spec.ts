/**
 * Questions before hiring against the running local stack: a hauler asks from its offer page, the
 * homeowner hears by email (contact masked) and answers on the request page, the asking hauler
 * hears the answer by email, and the other offered hauler reads both on its own offer page without
 * learning who asked. The per-offer limit refuses one question too many with its words, and a
 * booked job takes no more questions. Other specs' haulers near 85001 may be offered the same
 * job: the assertions are about these haulers only.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { axeViolations } from './helpers/axe';
import { approvedHauler, buttonToken, mailWith } from './helpers/haulers';
import { sentMail } from './helpers/local-stack';
import { acceptWithCard, bookLead, offeredTo, postJson } from './helpers/quote-loop';
import { API_PATHS } from '#contract/core/api';
import { addDays, usToday } from '#contract/core/calendar-date';
import { OFFER_TEXTS } from '#contract/loop/offers';
import {
  QUESTION_API_PATHS,
  QUESTION_LIMITS,
  QUESTION_MESSAGES,
  QUESTION_TEXTS,
} from '#contract/loop/questions';

const PHOENIX = { zipCode: '85001', city: 'Phoenix', state: 'Arizona' };
const HIDDEN = '[contact hidden]';
const run = Date.now().toString(36);

async function ask(page: Page, question: string) {
  await page.getByLabel(QUESTION_TEXTS.askLabel).fill(question);
  await page.getByRole('button', { name: QUESTION_TEXTS.askButton }).click();
}

test.describe('questions before hiring', () => {
  test.slow();

  test('a hauler asks, the homeowner answers, both by email with contact hidden, every offered hauler reads them; the limit and a booking end asking', async ({
    page,
    request,
  }) => {
    const asker = await approvedHauler(request, {
      businessName: `Desert Questions ${run}`,
      baseZipCode: '85001',
      serviceRadiusMiles: 10,
    });
    const other = await approvedHauler(request, {
      businessName: `Valley Questions ${run}`,
      baseZipCode: '85004',
      serviceRadiusMiles: 10,
    });
    const homeowner = `questions-${run}@example.com`;
    const { submissionId, reference } = await bookLead(request, homeowner, { fields: PHOENIX });
    const offers = await offeredTo(request, submissionId, [asker.email, other.email]);
    const offerToken = (hauler: { email: string }) =>
      buttonToken(offers.get(hauler.email)!, OFFER_TEXTS.sendQuote);
    const offerPage = (hauler: { email: string }) => `/haulers/quote#t=${offerToken(hauler)}`;

    // The hauler asks from its offer page; a phone number in it is hidden from everyone.
    await page.goto(offerPage(asker));
    await expect(page.getByRole('heading', { name: QUESTION_TEXTS.askHeading })).toBeVisible();
    await page.getByRole('button', { name: QUESTION_TEXTS.askButton }).click();
    await expect(page.getByText(QUESTION_MESSAGES.questionInvalid)).toBeVisible();
    await expect(page.getByLabel(QUESTION_TEXTS.askLabel)).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(page)).toEqual([]);
    await ask(page, 'Is it upstairs? Call me on 602-555-0199 if easier.');
    await expect(page.getByText(QUESTION_TEXTS.asked)).toBeVisible();
    await expect(page.getByLabel(QUESTION_TEXTS.askLabel)).toHaveValue('');
    const list = page.getByRole('list', { name: QUESTION_TEXTS.listHeading });
    await expect(list).toContainText(`Is it upstairs? Call me on ${HIDDEN} if easier.`);
    await expect(list).toContainText(QUESTION_TEXTS.yours);
    await expect(list).not.toContainText('555-0199');

    // The homeowner's email carries the question masked, and the way to answer it.
    const asked = await mailWith(request, QUESTION_TEXTS.askedSubject(reference), homeowner);
    expect(asked.body.text).toContain(`Question: Is it upstairs? Call me on ${HIDDEN} if easier.`);
    expect(`${asked.body.text}${asked.body.html}`).not.toContain('555-0199');

    // The homeowner answers on the request page, by keyboard.
    await page.goto(`/request#t=${buttonToken(asked, QUESTION_TEXTS.answerButtonEmail)}`);
    const section = page.getByRole('region', { name: QUESTION_TEXTS.homeownerHeading });
    await expect(section).toContainText(`Is it upstairs? Call me on ${HIDDEN} if easier.`);
    await expect(section).toContainText(QUESTION_TEXTS.askedBy(asker.businessName));
    const answerBox = section.getByLabel(QUESTION_TEXTS.answerLabel);
    await answerBox.fill('Ground floor, by the garage.');
    expect(await axeViolations(page)).toEqual([]);
    await answerBox.press('Tab');
    await expect(section.getByRole('button', { name: QUESTION_TEXTS.answerButton })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(section.getByText(QUESTION_TEXTS.answered)).toBeVisible();
    await expect(section.getByRole('listitem').first()).toBeFocused();
    await expect(section).toContainText('Answer: Ground floor, by the garage.');
    await expect(section.getByLabel(QUESTION_TEXTS.answerLabel)).toHaveCount(0);

    // The asking hauler hears the answer by email; the other reads both on its page, not who asked.
    const answered = await mailWith(
      request,
      QUESTION_TEXTS.answeredSubject(reference),
      asker.email,
    );
    expect(answered.body.text).toContain('Answer: Ground floor, by the garage.');
    expect(
      (await sentMail(request)).filter(
        (mail) =>
          mail.subject === QUESTION_TEXTS.answeredSubject(reference) &&
          mail.destination.to.includes(other.email),
      ),
    ).toEqual([]);
    await page.goto(offerPage(other));
    const seen = page.getByRole('list', { name: QUESTION_TEXTS.listHeading });
    await expect(seen).toContainText(`Is it upstairs? Call me on ${HIDDEN} if easier.`);
    await expect(seen).toContainText('Answer: Ground floor, by the garage.');
    await expect(seen).not.toContainText(asker.businessName);
    await expect(seen).not.toContainText(QUESTION_TEXTS.yours);

    // The limit: the asker's page is open while its last allowed question goes from elsewhere;
    // the next one is refused with the limit's words.
    await page.goto(offerPage(asker));
    await ask(page, 'Is there parking for a truck?');
    await expect(page.getByText(QUESTION_TEXTS.asked)).toBeVisible();
    for (let n = 3; n <= QUESTION_LIMITS.perOffer; n += 1) {
      const sent = await postJson(request, QUESTION_API_PATHS.ask, {
        token: offerToken(asker),
        question: `Question number ${n} from another tab?`,
      });
      expect(sent.status).toBe(200);
    }
    await ask(page, 'One question too many?');
    await expect(page.getByRole('alert')).toHaveText(QUESTION_MESSAGES.tooManyFromYou);
    await expect(page.getByLabel(QUESTION_TEXTS.askLabel)).toHaveCount(0);

    // Booked: the other hauler quotes, the homeowner accepts; asking is over for everyone.
    const quoted = await postJson(request, API_PATHS.sendQuote, {
      token: offerToken(other),
      quote: {
        priceDollars: 190,
        pickupDate: addDays(usToday(new Date()), 2),
        pickupWindow: 'afternoon',
        hauler: other.businessName,
      },
    });
    expect(quoted.status).toBe(200);
    const confirmation = await mailWith(
      request,
      /^We received your bulk trash pickup request/,
      homeowner,
    );
    const view = buttonToken(confirmation, 'View your request');
    const quoteNumber = (quoted.json.lead as { quote: { number: number } }).quote.number;
    const accepted = await acceptWithCard(request, {
      token: view,
      quote: quoteNumber,
    });
    expect(accepted.status).toBe(200);
    await page.goto(offerPage(other));
    await expect(seen).toContainText('Answer: Ground floor, by the garage.');
    await expect(page.getByLabel(QUESTION_TEXTS.askLabel)).toHaveCount(0);
    const closed = await postJson(request, QUESTION_API_PATHS.ask, {
      token: offerToken(other),
      question: 'Can I still ask now?',
    });
    expect(closed.status).toBe(409);
    expect((closed.json.error as { message: string }).message).toBe(QUESTION_MESSAGES.askClosed);
  });
});
