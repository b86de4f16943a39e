/**
 * A hauler's emails through the outbox against the local stack (decision 059): operations confirm
 * and approve while SES refuses every call; the notice and the welcome were stored with their
 * changes, so the answers are 200 (nothing is lost) and the outbox's sender delivers each once. Its switch stops SES for the whole local stack, so it runs in the faults project, alone.
 */
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { applyByApi, buttonToken, mailWith, uniqueHaulerEmail } from './helpers/haulers';
import { drainOutboxUntilEmpty, sentMail, setFaults } from './helpers/local-stack';
import { postJson } from './helpers/quote-loop';
import { CONFIRM_SUBJECT } from '../../lambdas/shared/haulers/hauler-emails';
import { addDays, utcToday } from '#contract/core/calendar-date';
import { HAULER_API_PATHS, HAULER_TEXTS } from '#contract/haulers/hauler-api';

test.afterEach(async ({ request }) => {
  await setFaults(request, { sesDown: false });
});

const mailsTo = async (request: APIRequestContext, address: string, subject: string) =>
  (await sentMail(request)).filter(
    (m) => m.subject === subject && `${m.destination.to.join(',')}${m.body.text}`.includes(address),
  );

test('a confirmation and an approval made while SES is down are each emailed once by the sender', async ({
  request,
}) => {
  const businessName = `Outbox Haul ${Date.now()}`;
  const email = uniqueHaulerEmail('outbox');
  const applied = await applyByApi(request, { email, businessName });
  expect(applied.status).toBe(200);
  const confirmToken = buttonToken(
    await mailWith(request, CONFIRM_SUBJECT, email),
    HAULER_TEXTS.confirmButton,
  );

  await setFaults(request, { sesDown: true });
  const confirmed = await postJson(request, HAULER_API_PATHS.confirm, { token: confirmToken });
  // Not sent now but kept: the application waits for review and its notice is owed.
  expect([confirmed.status, confirmed.json.status]).toEqual([200, 'pending-review']);
  await setFaults(request, { sesDown: false });
  await drainOutboxUntilEmpty(request);
  const notice = await mailWith(request, HAULER_TEXTS.operationsSubject(businessName), email);

  await setFaults(request, { sesDown: true });
  const decision = {
    token: buttonToken(notice, HAULER_TEXTS.reviewButton),
    decision: 'approve',
    insuranceExpiresOn: addDays(utcToday(new Date()), 365),
  };
  const approved = await postJson(request, HAULER_API_PATHS.decide, decision);
  expect(approved.status).toBe(200);
  await setFaults(request, { sesDown: false });
  await drainOutboxUntilEmpty(request);
  await mailWith(request, HAULER_TEXTS.approvedSubject, email);

  // Operations press Approve again: the welcome is sent already, and the sender has nothing left.
  expect((await postJson(request, HAULER_API_PATHS.decide, decision)).status).toBe(200);
  await drainOutboxUntilEmpty(request);
  const subject = HAULER_TEXTS.operationsSubject(businessName);
  expect(await mailsTo(request, email, subject)).toHaveLength(1);
  expect(await mailsTo(request, email, HAULER_TEXTS.approvedSubject)).toHaveLength(1);
});
