/**
 * lead-store against a real dynalite (the same table definition as production), driven by the
 * real DocumentClient: conditions, indexes and races are DynamoDB's, not a fake's.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS, startDynamo } from '../../scripts/local/aws-stand-ins';
import { dynamoClientFromEnv } from './aws';
import {
  addressHash,
  claimEmail,
  claimUploadBatch,
  countDailyConfirmation,
  createLead,
  deleteLeadItems,
  findLeadsByReference,
  getLead,
  getUploadBatch,
  leadTableFromEnv,
  listLeadsByStatus,
  newLead,
  recordConfirmationAllowance,
  recordEmailOutcome,
  referenceFor,
  reserveConfirmation,
  UPLOAD_BATCH_RETRIES,
  updateLeadStatus,
} from './lead-store';
import type { LeadTable } from './lead-store';
import type { BookingRequest } from '#contract/booking';

let dynamo: Awaited<ReturnType<typeof startDynamo>>;
let table: LeadTable;

beforeAll(async () => {
  dynamo = await startDynamo({ port: 0 });
  // The SDK reads credentials from process.env; the test's own values, never real ones.
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  });
  const env = { leadsTable: dynamo.tableName, dynamodbEndpoint: dynamo.endpoint };
  table = leadTableFromEnv(env, dynamoClientFromEnv(env));
});

afterAll(async () => {
  table.client.destroy();
  await dynamo.close();
});

function request(overrides: Partial<BookingRequest> = {}): BookingRequest {
  const submissionId = randomUUID();
  return {
    name: 'Ann Homeowner',
    phone: '602-555-0100',
    email: `ann.${submissionId.slice(0, 8)}@example.com`,
    city: 'Phoenix',
    state: 'Arizona',
    zipCode: '85001',
    description: 'An old couch and two mattresses in the garage.',
    photoUrls: [],
    photoCount: 0,
    hasVideo: true,
    videoUrl: `https://example.com/quote-photos/${submissionId}/1_1.mp4`,
    submissionId,
    ...overrides,
  };
}

const at = (iso: string) => new Date(iso);

describe('leads', () => {
  it('stores a lead once per submission id, whatever happens later', async () => {
    const lead = newLead(request(), at('2026-01-31T23:59:00Z'), 730);
    expect(await createLead(table, lead)).toEqual({ outcome: 'created', lead });

    // Months later, the same submission id: the stored lead comes back, nothing is overwritten.
    const replay = newLead(
      { ...lead.request, name: 'Someone Else' },
      at('2026-06-01T00:00:00Z'),
      730,
    );
    const again = await createLead(table, replay);
    expect(again.outcome).toBe('exists');
    expect(again.lead.request.name).toBe('Ann Homeowner');
    expect(again.lead.receivedAt).toBe('2026-01-31T23:59:00.000Z');
  });

  it('sets the expiry from the retention and starts as received, version 1', async () => {
    const lead = newLead(request(), at('2026-03-01T00:00:00Z'), 10);
    await createLead(table, lead);
    const stored = await getLead(table, lead.submissionId);
    expect(stored).toMatchObject({
      status: 'received',
      version: 1,
      reference: referenceFor(lead.submissionId),
      expiresAt: Date.parse('2026-03-11T00:00:00Z') / 1000,
      emails: { confirmation: 'pending', operations: 'pending' },
    });
    expect(stored).not.toHaveProperty('pk');
    expect(await getLead(table, randomUUID())).toBeUndefined();
  });

  it('finds leads by reference, in any case, and lists every lead sharing one', async () => {
    const lead = newLead(request(), at('2026-03-02T00:00:00Z'));
    await createLead(table, lead);
    // A second lead whose id starts with the same 8 hex digits: the short code is shared.
    const twinId = `${lead.submissionId.slice(0, 8)}-0000-4000-8000-000000000000`;
    await createLead(table, newLead(request({ submissionId: twinId }), at('2026-03-03T00:00:00Z')));

    const found = await findLeadsByReference(table, ` ${lead.reference.toLowerCase()} `);
    expect(found.map((l) => l.submissionId).sort()).toEqual([lead.submissionId, twinId].sort());
    expect(await findLeadsByReference(table, 'ZZZZZZZZ')).toEqual([]);
  });

  it('lists leads by status, oldest first, since a date', async () => {
    const ids: string[] = [];
    for (const day of ['2030-05-01', '2030-05-03', '2030-05-05']) {
      const lead = newLead(request(), at(`${day}T10:00:00Z`));
      ids.push(lead.submissionId);
      await createLead(table, lead);
    }
    const since = await listLeadsByStatus(table, 'received', { since: at('2030-05-02T00:00:00Z') });
    expect(since.map((l) => l.submissionId)).toEqual(ids.slice(1));

    const all = await listLeadsByStatus(table, 'received');
    expect(all.length).toBeGreaterThanOrEqual(3);
    const times = all.map((l) => l.receivedAt);
    expect(times).toEqual([...times].sort());
  });

  it('changes status only from an allowed status and the expected version, with a history', async () => {
    const lead = newLead(request(), at('2026-04-01T00:00:00Z'));
    await createLead(table, lead);
    const quoted = await updateLeadStatus(table, lead.submissionId, {
      from: ['received'],
      to: 'quoted',
      at: at('2026-04-01T01:00:00Z'),
      patch: { quote: { amountCents: 24900 } },
      expectedVersion: 1,
    });
    expect(quoted).toMatchObject({
      ok: true,
      lead: { status: 'quoted', version: 2, quote: { amountCents: 24900 } },
    });
    if (!quoted.ok) throw new Error('unreachable');
    expect(quoted.lead.statusHistory.map((h) => h.status)).toEqual(['received', 'quoted']);

    // A stale version, or a status it may not come from: a conflict with the current lead.
    const stale = await updateLeadStatus(table, lead.submissionId, {
      from: ['quoted'],
      to: 'accepted',
      at: at('2026-04-02T00:00:00Z'),
      expectedVersion: 1,
    });
    expect(stale).toMatchObject({ ok: false, reason: 'conflict', current: { version: 2 } });
    const wrongFrom = await updateLeadStatus(table, lead.submissionId, {
      from: ['received'],
      to: 'cancelled',
      at: at('2026-04-02T00:00:00Z'),
    });
    expect(wrongFrom).toMatchObject({
      ok: false,
      reason: 'conflict',
      current: { status: 'quoted' },
    });

    expect(
      await updateLeadStatus(table, randomUUID(), {
        from: ['received'],
        to: 'quoted',
        at: at('2026-04-02T00:00:00Z'),
      }),
    ).toEqual({ ok: false, reason: 'not-found' });

    // The index follows the status.
    const quotedList = await listLeadsByStatus(table, 'quoted', {
      since: at('2026-04-01T00:00:00Z'),
    });
    expect(quotedList.map((l) => l.submissionId)).toContain(lead.submissionId);
  });

  it('refuses a patch of the bookkeeping attributes', async () => {
    await expect(
      updateLeadStatus(table, randomUUID(), {
        from: ['received'],
        to: 'quoted',
        at: new Date(),
        patch: { version: 7 },
      }),
    ).rejects.toThrow('cannot patch version');
  });

  it('lets only one of two concurrent duplicates claim an email, and retakes a stale claim', async () => {
    const lead = newLead(request(), at('2026-04-03T00:00:00Z'));
    await createLead(table, lead);
    const now = at('2026-04-03T00:00:01Z');
    const claims = await Promise.all([
      claimEmail(table, lead.submissionId, 'confirmation', now),
      claimEmail(table, lead.submissionId, 'confirmation', now),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(
      await claimEmail(table, lead.submissionId, 'confirmation', at('2026-04-03T00:00:30Z')),
    ).toBe(false);
    // The claimer died: a minute later a retry may send.
    expect(
      await claimEmail(table, lead.submissionId, 'confirmation', at('2026-04-03T00:01:02Z')),
    ).toBe(true);
  });

  it('records email outcomes: failed with its error, then sent clears the error', async () => {
    const lead = newLead(request(), at('2026-04-04T00:00:00Z'));
    await createLead(table, lead);
    const failed = await recordEmailOutcome(
      table,
      lead.submissionId,
      'operations',
      { status: 'failed', error: 'ThrottlingException' },
      at('2026-04-04T00:00:01Z'),
    );
    expect(failed.emails.operations).toBe('failed');
    expect(failed.emailErrors.operations).toBe('ThrottlingException');
    expect(
      await claimEmail(table, lead.submissionId, 'operations', at('2026-04-04T00:00:02Z')),
    ).toBe(true);
    const sent = await recordEmailOutcome(
      table,
      lead.submissionId,
      'operations',
      { status: 'sent' },
      at('2026-04-04T00:00:03Z'),
    );
    expect(sent.emails.operations).toBe('sent');
    expect(sent.emailErrors).toEqual({});
    expect(sent.emailClaims).toEqual({});
    expect(
      await claimEmail(table, lead.submissionId, 'operations', at('2026-04-05T00:00:00Z')),
    ).toBe(false);
  });

  it('keeps the first confirmation allowance of a lead', async () => {
    const lead = newLead(request(), at('2026-04-05T00:00:00Z'));
    await createLead(table, lead);
    expect(await recordConfirmationAllowance(table, lead.submissionId, 'limit')).toBe('limit');
    expect(await recordConfirmationAllowance(table, lead.submissionId, 'granted')).toBe('limit');
  });
});

describe('confirmations per address', () => {
  it('hashes an address by its inbox: case, spaces, +tag and Gmail spellings', () => {
    expect(addressHash('ANN+x@example.com')).toBe(addressHash('ann@example.com'));
    expect(addressHash('A.nn+x@GoogleMail.com')).toBe(addressHash('ann@gmail.com'));
    expect(addressHash('a.nn@example.com')).not.toBe(addressHash('ann@example.com'));
    expect(addressHash('ann@example.com')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('grants 3 in any rolling 24 hours, across spellings of the address', async () => {
    const address = `flood.${randomUUID().slice(0, 8)}@example.com`;
    const spellings = [address, address.toUpperCase(), address.replace('@', '+a@'), ` ${address}`];
    const t0 = Date.parse('2026-05-01T12:00:00Z');
    const results = [];
    for (const [i, spelling] of spellings.entries()) {
      results.push(await reserveConfirmation(table, spelling, new Date(t0 + i * 60_000)));
    }
    expect(results).toEqual(['granted', 'granted', 'granted', 'limit']);
    // 24 hours after the first, one slot frees up; the window rolls, it does not reset.
    expect(await reserveConfirmation(table, address, new Date(t0 + 24 * 3600_000 + 1))).toBe(
      'granted',
    );
    expect(await reserveConfirmation(table, address, new Date(t0 + 24 * 3600_000 + 2))).toBe(
      'limit',
    );
  });

  it('answers 20 concurrent requests for one address without an error, and grants at most 3', async () => {
    const address = `race.${randomUUID().slice(0, 8)}@example.com`;
    const now = new Date('2026-05-02T12:00:00Z');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        reserveConfirmation(table, address, now).catch(() => 'error'),
      ),
    );
    expect(results).not.toContain('error');
    const granted = results.filter((r) => r === 'granted').length;
    expect(granted).toBeGreaterThanOrEqual(1);
    expect(granted).toBeLessThanOrEqual(3);
  });

  it('stores only a hash of the address', async () => {
    const address = `hash.${randomUUID().slice(0, 8)}@example.com`;
    await reserveConfirmation(table, address, new Date());
    const item = await table.client.send(
      new GetCommand({
        TableName: table.tableName,
        Key: { pk: `CONFIRM#${addressHash(address)}`, sk: 'WINDOW' },
      }),
    );
    expect(JSON.stringify(item.Item)).not.toContain(address);
    expect(item.Item?.sentAt).toHaveLength(1);
  });
});

describe('daily cap', () => {
  it('counts up to the cap per UTC day, then refuses', async () => {
    const day = new Date('2031-01-01T08:00:00Z');
    const outcomes = [];
    for (let i = 0; i < 4; i += 1) outcomes.push(await countDailyConfirmation(table, day, 3));
    expect(outcomes).toEqual([
      { outcome: 'granted', count: 1 },
      { outcome: 'granted', count: 2 },
      { outcome: 'granted', count: 3 },
      { outcome: 'daily-cap' },
    ]);
    expect(await countDailyConfirmation(table, new Date('2031-01-02T00:00:00Z'), 3)).toEqual({
      outcome: 'granted',
      count: 1,
    });
  });
});

describe('upload batches', () => {
  const photo = (size: number) => ({ kind: 'photo' as const, contentType: 'image/jpeg', size });

  it('allows one batch, then only retries of its own files, three times', async () => {
    const id = randomUUID();
    const now = new Date('2026-06-01T00:00:00Z');
    expect(await claimUploadBatch(table, id, [photo(100), photo(200)], now)).toEqual({
      outcome: 'first',
    });
    // A new file, or more copies of one, is not a retry.
    expect(await claimUploadBatch(table, id, [photo(300)], now)).toEqual({
      outcome: 'refused',
      reason: 'not-in-batch',
    });
    expect(await claimUploadBatch(table, id, [photo(100), photo(100)], now)).toEqual({
      outcome: 'refused',
      reason: 'not-in-batch',
    });
    expect(await claimUploadBatch(table, id, [photo(200)], now)).toEqual({
      outcome: 'retry',
      retriesLeft: 2,
    });
    await claimUploadBatch(table, id, [photo(200)], now);
    await claimUploadBatch(table, id, [photo(100), photo(200)], now);
    expect(await claimUploadBatch(table, id, [photo(200)], now)).toEqual({
      outcome: 'refused',
      reason: 'retries-used',
    });
    expect(await getUploadBatch(table, id)).toMatchObject({ retries: 3 });
  });

  it('lets only one of two concurrent first batches through as the batch', async () => {
    const id = randomUUID();
    const now = new Date();
    const [a, b] = await Promise.all([
      claimUploadBatch(table, id, [photo(1)], now),
      claimUploadBatch(table, id, [photo(2)], now),
    ]);
    expect([a.outcome, b.outcome].sort()).toEqual(['first', 'refused']);
  });

  it('counts 20 concurrent retries of one batch without an error: 3 retries, the rest refused', async () => {
    const id = randomUUID();
    const now = new Date();
    await claimUploadBatch(table, id, [photo(7)], now);
    const claims = await Promise.all(
      Array.from({ length: 20 }, () =>
        claimUploadBatch(table, id, [photo(7)], now).catch(() => ({ outcome: 'error' })),
      ),
    );
    const outcomes = claims.map((c) => c.outcome);
    expect(outcomes.filter((o) => o === 'retry')).toHaveLength(UPLOAD_BATCH_RETRIES);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(20 - UPLOAD_BATCH_RETRIES);
    const left = claims.flatMap((c) => ('retriesLeft' in c ? [c.retriesLeft] : []));
    expect(left.sort()).toEqual([0, 1, 2]);
  });
});

describe('a write that keeps losing its race', () => {
  // A table where every conditional write loses: what a flood on one key looks like at its worst.
  const alwaysLosing = (item: Record<string, unknown>): LeadTable => ({
    tableName: 'leads',
    client: {
      send: (command: unknown) =>
        command instanceof GetCommand
          ? Promise.resolve({ Item: item })
          : Promise.reject(
              Object.assign(new Error('lost'), { name: 'ConditionalCheckFailedException' }),
            ),
    } as unknown as LeadTable['client'],
  });

  it('withholds the confirmation instead of failing the booking', async () => {
    const table = alwaysLosing({ sentAt: [], revision: 4 });
    expect(await reserveConfirmation(table, 'a@example.com', new Date())).toBe('limit');
  });

  it('refuses the upload batch instead of failing the request', async () => {
    const table = alwaysLosing({
      files: [{ kind: 'photo', contentType: 'image/jpeg', size: 7 }],
      retries: 0,
    });
    expect(
      await claimUploadBatch(
        table,
        randomUUID(),
        [{ kind: 'photo', contentType: 'image/jpeg', size: 7 }],
        new Date(),
      ),
    ).toEqual({
      outcome: 'refused',
      reason: 'retries-used',
    });
  });
});

describe('forget', () => {
  it("deletes the lead, its upload batch and its address's window; keeps the daily count", async () => {
    const lead = newLead(request(), new Date('2026-07-01T00:00:00Z'));
    await createLead(table, lead);
    await claimUploadBatch(table, lead.submissionId, [photo(5)], new Date());
    await reserveConfirmation(table, lead.request.email, new Date());
    await countDailyConfirmation(table, new Date('2032-02-02T00:00:00Z'), 10);

    const { lead: deleted, deletedKeys } = await deleteLeadItems(table, lead.submissionId);
    expect(deleted?.submissionId).toBe(lead.submissionId);
    expect(deletedKeys).toEqual([
      `LEAD#${lead.submissionId}/LEAD`,
      `UPLOADS#${lead.submissionId}/BATCH`,
      `CONFIRM#${addressHash(lead.request.email)}/WINDOW`,
    ]);
    expect(await getLead(table, lead.submissionId)).toBeUndefined();
    expect(await getUploadBatch(table, lead.submissionId)).toBeUndefined();
    expect(await findLeadsByReference(table, lead.reference)).toEqual([]);
    // The address may be confirmed again: its window is gone.
    const window = await table.client.send(
      new GetCommand({
        TableName: table.tableName,
        Key: { pk: `CONFIRM#${addressHash(lead.request.email)}`, sk: 'WINDOW' },
      }),
    );
    expect(window.Item).toBeUndefined();
    expect(await countDailyConfirmation(table, new Date('2032-02-02T00:00:00Z'), 10)).toEqual({
      outcome: 'granted',
      count: 2,
    });
  });

  function photo(size: number) {
    return { kind: 'photo' as const, contentType: 'image/jpeg', size };
  }
});
