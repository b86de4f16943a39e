/**
 * A hauler's emails through the outbox against the local stack (decision 059): operations confirm
 * and approve while SES refuses every call, so the answers say the emails were not sent, yet the
 * notice and the welcome were stored with their changes and the outbox's sender delivers each
 * once. Its switch stops SES for the whole local stack, so it runs in the faults project, alone.
 */
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { applyByApi, buttonToken, mailWith, uniqueHaulerEmail } from './helpers/haulers';
import { sentMail, setFaults } from './helpers/local-stack';
import { postJson } from './helpers/quote-loop';
import { CONFIRM_SUBJECT } from '../../lambdas/shared/haulers/hauler-emails';
import { addDays, utcToday } from '#contract/core/calendar-date';
import { HAULER_API_PATHS, HAULER_TEXTS } from '#contract/haulers/hauler-api';

test.afterEach(async ({ request }) => {
  await setFaults(request, { sesDown: false });
});

/** Runs the outbox's sender as if `hours` had passed, until a run finds nothing due. */
async function drainUntilEmpty(request: APIRequestContext): Promise<void> {
  let hours = 1;
  await expect
    .poll(
      async () => {
        hours += 1;
        const at = new Date(Date.now() + hours * 60 * 60_000).toISOString();
        const response = await request.post('/__local/drain-outbox', { data: { at } });
        expect(response.ok()).toBe(true);
        return ((await response.json()) as { due: number }).due;
      },
      { timeout: 60_000, intervals: [100] },
    )
    .toBe(0);
}

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
  // Not sent now, but the application waits for review and its notice is owed.
  expect([confirmed.status, confirmed.json.status]).toEqual([502, 'pending-review']);
  await setFaults(request, { sesDown: false });
  await drainUntilEmpty(request);
  const notice = await mailWith(request, HAULER_TEXTS.operationsSubject(businessName), email);

  await setFaults(request, { sesDown: true });
  const decision = {
    token: buttonToken(notice, HAULER_TEXTS.reviewButton),
    decision: 'approve',
    insuranceExpiresOn: addDays(utcToday(new Date()), 365),
  };
  const approved = await postJson(request, HAULER_API_PATHS.decide, decision);
  expect(approved.status).toBe(502);
  await setFaults(request, { sesDown: false });
  await drainUntilEmpty(request);
  await mailWith(request, HAULER_TEXTS.approvedSubject, email);

  // Operations press Approve again: the welcome is sent already, and the sender has nothing left.
  expect((await postJson(request, HAULER_API_PATHS.decide, decision)).status).toBe(200);
  await drainUntilEmpty(request);
  const subject = HAULER_TEXTS.operationsSubject(businessName);
  expect(await mailsTo(request, email, subject)).toHaveLength(1);
  expect(await mailsTo(request, email, HAULER_TEXTS.approvedSubject)).toHaveLength(1);
});
