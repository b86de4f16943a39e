import * as z from 'zod/mini';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StoredItemError, parseStored } from './stored-item';

const schema = z.object({
  status: z.enum(['open', 'closed']),
  job: z.object({ receipt: z.object({ key: z.string() }) }),
});

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('parseStored', () => {
  it('returns what the schema reads from a well-formed item', () => {
    const item = { status: 'open', job: { receipt: { key: 'job-proof/a' } } };
    expect(parseStored(schema, item, 'lead', 'LEAD#abc', () => undefined)).toEqual(item);
  });

  it('names the kind, the key and each attribute that does not parse, never its value', () => {
    const item = { status: 'lost', job: { receipt: { key: 42 } } };
    const read = () => parseStored(schema, item, 'lead', 'LEAD#abc', () => undefined);
    expect(read).toThrow(StoredItemError);
    expect(read).toThrow(
      'Stored lead LEAD#abc does not parse: status: expected "open" | "closed"; job.receipt.key: expected string, received number',
    );
    expect(JSON.stringify(logged.mock.calls)).not.toContain('42');
  });

  it('logs one JSON line and counts one StoredItemsUnreadable by kind', () => {
    const metrics: string[] = [];
    expect(() =>
      parseStored(schema, null, 'hauler', 'HAULER#h1/PROFILE', (line) => metrics.push(line)),
    ).toThrow('Stored hauler HAULER#h1/PROFILE does not parse: expected object, received null');
    expect(JSON.parse(String(logged.mock.calls[0]?.[0]))).toMatchObject({
      kind: 'hauler',
      key: 'HAULER#h1/PROFILE',
    });
    expect(metrics.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ Kind: 'hauler', StoredItemsUnreadable: 1 }),
    ]);
  });
});
