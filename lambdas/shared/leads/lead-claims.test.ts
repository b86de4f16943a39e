import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimEmail, recordConfirmationAllowance, recordEmailOutcome } from './lead-claims';
import { createLead, newLead } from './lead-store';
import type { LeadTable } from '../runtime/table-handle';
import { bookingRequest, startStoreTestTable } from '../../../test/support/testing-leads';
import type { StoreTestTable } from '../../../test/support/testing-leads';

let store: StoreTestTable;
let table: LeadTable;

beforeAll(async () => {
  store = await startStoreTestTable();
  ({ table } = store);
});

afterAll(() => store.close());

const at = (iso: string) => new Date(iso);

describe('leads', () => {
  it('lets only one of two concurrent duplicates claim an email, and retakes a stale claim', async () => {
    const lead = newLead(bookingRequest(), at('2026-04-03T00:00:00Z'));
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
    const lead = newLead(bookingRequest(), at('2026-04-04T00:00:00Z'));
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
    const lead = newLead(bookingRequest(), at('2026-04-05T00:00:00Z'));
    await createLead(table, lead);
    expect(await recordConfirmationAllowance(table, lead.submissionId, 'limit')).toBe('limit');
    expect(await recordConfirmationAllowance(table, lead.submissionId, 'granted')).toBe('limit');
  });
});
