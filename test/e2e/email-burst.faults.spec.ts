/**
 * The burst of issue 42 in small (`npm run bench` runs it with 200 bookings): with the SES
 * stand-in at one email a second, 20 bookings at once, each offered to three haulers,
 * quoted and accepted; after the outbox's sender has drained, every email the leads' ledgers owe
 * was delivered exactly once, no answer was a server error other than "email not sent yet", and
 * every booking stored one lead. It slows SES for the whole local stack: the faults project.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { expect, test } from '@playwright/test';
import { setFaults } from './helpers/local-stack';
import { e2eLinkSecret } from './helpers/quote-loop';
import { E2E_DYNAMO_PORT, E2E_SES_PORT, E2E_STRIPE_PORT } from '../../playwright.config';
import { burstProblems, runBurst } from '../../scripts/bench/scale/burst';
import { LOCAL_CREDENTIALS, LOCAL_LEADS_TABLE } from '../../scripts/local/aws-stand-ins';
import { LOCAL_SES_MAX_SEND_RATE } from '../../scripts/local/ses-limits';

test.afterEach(async ({ request }) => {
  await setFaults(request, { sesMaxSendRate: LOCAL_SES_MAX_SEND_RATE });
});

test('a burst of bookings at one email a second: every owed email delivered once, no lead lost or doubled', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(480_000);
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: `http://127.0.0.1:${E2E_DYNAMO_PORT}`,
      region: 'us-east-1',
      credentials: LOCAL_CREDENTIALS,
    }),
  );
  try {
    await setFaults(request, { sesMaxSendRate: 1 });
    const result = await runBurst(
      {
        siteOrigin: baseURL!,
        sesOrigin: `http://localhost:${E2E_SES_PORT}`,
        table: { client, tableName: LOCAL_LEADS_TABLE },
        linkSecret: e2eLinkSecret(),
        stripeOrigin: `http://127.0.0.1:${E2E_STRIPE_PORT}`,
      },
      // Each request's offer job alone: the other specs' requests keep their own clock.
      { bookings: 20, spreadMs: 0, offersPerLead: true, haulers: 6 },
    );
    expect(burstProblems(result)).toEqual([]);
    expect(result.leadsStored).toBe(20);
    expect(result.storeEmails).toBeGreaterThanOrEqual(20 * 9);
    // SES refused emails at first (their calls answered 200 all the same): the outbox's sender
    // ran, and delivered them later.
    expect(result.drainRuns).toBeGreaterThan(1);
  } finally {
    client.destroy();
  }
});
