import { describe, expect, it } from 'vitest';
import { parseLead } from '../../lambdas/shared/models/lead-model';
import type { Lead } from '../../lambdas/shared/models/lead-model';
import { leadsCsv } from './export';
import { VALID_REQUEST_FIELDS } from '../../test/fixtures/homeowner';
import { HOMEOWNER_FIELDS } from '#contract/core/fields';
import { JOB_CHOICE_FIELDS } from '#contract/booking/job-choice-schemas';

// An older lead, read as the store reads it: its one `quote` is the quote the export shows.
const lead: Lead = parseLead({
  submissionId: '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d',
  reference: '3F2A9C1B',
  status: 'quoted',
  receivedAt: '2026-11-23T15:00:00.000Z',
  updatedAt: '2026-11-23T15:10:00.000Z',
  request: {
    submissionId: '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d',
    ...VALID_REQUEST_FIELDS,
    photoUrls: [
      'https://x.example/quote-photos/a/1.webp',
      'https://x.example/quote-photos/a/2.webp',
    ],
    photoCount: 2,
    hasVideo: false,
    loadSize: 'half',
    pickupDay: 'date',
    pickupDate: '2026-11-25',
    pickupWindow: 'morning',
  } as Lead['request'],
  emails: {},
  emailErrors: {},
  emailClaims: {},
  statusHistory: [],
  version: 2,
  expiresAt: 0,
  quote: {
    number: 1,
    priceDollars: 240,
    pickupDate: '2026-11-26',
    pickupWindow: 'afternoon',
    hauler: 'Sam',
    sentAt: '2026-11-23T15:10:00.000Z',
  },
});

/** One CSV line's cells (RFC 4180: a quoted cell may hold commas and doubled quotes). */
function cells(line: string): string[] {
  return [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)]
    .slice(0, -1)
    .map(([, cell]) => (cell!.startsWith('"') ? cell!.slice(1, -1).replaceAll('""', '"') : cell!));
}

function parse(csv: string): Record<string, string> {
  const [header, row] = csv.trimEnd().split('\r\n').map(cells);
  return Object.fromEntries(header!.map((name, i) => [name, row![i] ?? '']));
}

describe('leads export', () => {
  it('has a column for every field and job choice of the contract, with the lead’s values', () => {
    const row = parse(leadsCsv([lead]));
    for (const field of [...HOMEOWNER_FIELDS, ...JOB_CHOICE_FIELDS]) {
      expect(row[field], field).toBe(String(lead.request[field]));
    }
    expect(row).toMatchObject({
      loadSize: 'half',
      pickupDate: '2026-11-25',
      pickupWindow: 'morning',
    });
  });

  it('keeps the homeowner’s preferred pickup apart from the quote’s', () => {
    const row = parse(leadsCsv([lead]));
    expect(row).toMatchObject({
      quotePrice: '240',
      quotePickupDate: '2026-11-26',
      quotePickupWindow: 'afternoon',
      hauler: 'Sam',
      media: 'https://x.example/quote-photos/a/1.webp https://x.example/quote-photos/a/2.webp',
    });
  });
});
