import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { haulerFromItem, haulerSchema } from './hauler-model';
import { StoredItemError } from '../runtime/stored-item';
import beforeStrikes from '../../../test/fixtures/stored/hauler-before-strikes.json';
import everyAttribute from '../../../test/fixtures/stored/hauler-every-attribute.json';
import first from '../../../test/fixtures/stored/hauler-first.json';
import renewalWaiting from '../../../test/fixtures/stored/hauler-renewal-waiting.json';

const STORED: [string, Record<string, unknown>][] = [
  ['the first store (ce09695), a certificate as declared', first],
  ['the first renewals (8ed3245), paused for insurance', renewalWaiting],
  ['before strikes and ratings (a347d5f), removed', beforeStrikes],
  ['today, with every attribute a writer sets', everyAttribute],
];

const withoutKeys = ({ pk: _pk, sk: _sk, ...attributes }: Record<string, unknown>) => attributes;

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
});
afterEach(() => vi.restoreAllMocks());

describe('a stored hauler profile', () => {
  it.each(STORED)('from %s reads as stored: nothing dropped, nothing filled in', (_, item) => {
    expect(haulerFromItem(item)).toStrictEqual(withoutKeys(item));
  });

  it('has every attribute of the model in some stored example', () => {
    const stored = new Set(STORED.flatMap(([, item]) => Object.keys(item)));
    expect(Object.keys(haulerSchema.shape).filter((key) => !stored.has(key))).toEqual([]);
  });

  it('that is malformed is a StoredItemError naming its key and the attribute, logged', () => {
    const item = { ...first, status: 'on-holiday', strikes: [{ kind: 'no-show' }] };
    const read = () => haulerFromItem(item);
    expect(read).toThrow(StoredItemError);
    expect(read).toThrow(`Stored hauler ${first.pk}/PROFILE does not parse`);
    expect(read).toThrow(/status: .*strikes\.0\.submissionId/);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(`${first.pk}/PROFILE`));
  });
});
