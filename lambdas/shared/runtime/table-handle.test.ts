import { describe, expect, it } from 'vitest';
import { unlessConditionFailed, withoutKeys } from './table-handle';

const named = (name: string) => Object.assign(new Error(name), { name });

describe('the table handle', () => {
  it("gives a write's output, undefined for a failed condition, and throws any other error", async () => {
    expect(await unlessConditionFailed(Promise.resolve({ ok: 1 }))).toEqual({ ok: 1 });
    expect(
      await unlessConditionFailed(Promise.reject(named('ConditionalCheckFailedException'))),
    ).toBeUndefined();
    await expect(
      unlessConditionFailed(Promise.reject(named('ProvisionedThroughputExceededException'))),
    ).rejects.toThrow('ProvisionedThroughputExceededException');
  });

  it('hands out a stored item without its table keys', () => {
    expect(withoutKeys({ pk: 'LEAD#1', sk: 'LEAD', status: 'received' })).toEqual({
      status: 'received',
    });
    expect(withoutKeys(undefined)).toBeUndefined();
  });
});
