/**
 * The outbox against the local stack (decision 054): with the SES stand-in at one email per second,
 * a burst of bookings is throttled, each is answered 200 with its emails kept, and the outbox's
 * sender later delivers every email exactly once; an address SES refuses for good is given up,
 * never retried. Its switches slow SES for the whole local stack, so it runs in the faults
 * project, alone and after every other test.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { drainOutboxUntilEmpty, sentMail, setFaults } from './helpers/local-stack';
import { postJson, uploadForBooking } from './helpers/quote-loop';
import { LOCAL_SES_MAX_SEND_RATE } from '../../scripts/local/ses-limits';
import { API_PATHS } from '#contract/core/api';

const BURST = 6;

test.afterEach(async ({ request }) => {
  await setFaults(request, { sesMaxSendRate: LOCAL_SES_MAX_SEND_RATE, sesRejectAddresses: [] });
});

const mailFor = async (request: APIRequestContext, address: string) =>
  (await sentMail(request)).filter(
    (m) => m.destination.to.includes(address) || m.body.html?.includes(address),
  );

test('a burst of bookings at one email a second: every email arrives exactly once after the sender drains', async ({
  request,
}) => {
  test.setTimeout(180_000);
  const addresses = Array.from({ length: BURST }, () => `burst-${randomUUID()}@example.com`);
  const bodies = [];
  for (const address of addresses) bodies.push(await uploadForBooking(request, address));

  await setFaults(request, { sesMaxSendRate: 1 });
  const answers = await Promise.all(
    bodies.map((body) => postJson(request, API_PATHS.sendBookingEmails, body)),
  );
  // A throttled email is kept in the outbox, so its booking is answered 200: nothing is lost.
  expect(answers.map((a) => a.status)).toEqual(bodies.map(() => 200));
  // SES did throttle: when every booking had its answer, some of their emails were not yet sent.
  const sentAtOnce = (
    await Promise.all(addresses.map((address) => mailFor(request, address)))
  ).flat().length;
  expect(sentAtOnce).toBeLessThan(2 * BURST);

  await drainOutboxUntilEmpty(request);
  for (const address of addresses) {
    const mail = await mailFor(request, address);
    // The confirmation to the homeowner and the operations notification naming them: once each.
    expect(mail.filter((m) => m.destination.to.includes(address))).toHaveLength(1);
    expect(mail.filter((m) => !m.destination.to.includes(address))).toHaveLength(1);
  }
});

test('an address SES refuses for good is given up and never retried, while the rest is sent', async ({
  request,
}) => {
  const address = `suppressed-${randomUUID()}@example.com`;
  const body = await uploadForBooking(request, address);
  await setFaults(request, { sesRejectAddresses: [address] });
  const answer = await postJson(request, API_PATHS.sendBookingEmails, body);
  expect(answer.status).toBe(502);
  await drainOutboxUntilEmpty(request);
  const mail = await mailFor(request, address);
  expect(mail.filter((m) => m.destination.to.includes(address))).toHaveLength(0);
  expect(mail.filter((m) => !m.destination.to.includes(address))).toHaveLength(1);
});
