import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { THROTTLED_ATTEMPTS, writeTogether } from './table-transactions';
import type { LeadTable } from './table-handle';

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

function tableAnswering(...answers: (Error | undefined)[]) {
  const send = vi.fn(async () => {
    const answer = answers.shift();
    if (answer !== undefined) throw answer;
    return {};
  });
  const table = { client: { send } as unknown as DynamoDBDocumentClient, tableName: 'leads' };
  return { table: table as LeadTable, send };
}

const decisive = {
  Update: { TableName: 'leads', Key: { pk: 'LEAD#1', sk: 'LEAD' }, UpdateExpression: 'SET n = :n' },
};
const noWait = async () => undefined;

describe('writeTogether', () => {
  it('answers refused when the decisive write’s condition failed, or a concurrent write cancelled it', async () => {
    for (const codes of [
      ['ConditionalCheckFailed', 'None'],
      ['None', 'TransactionConflict'],
    ]) {
      const { table, send } = tableAnswering(cancelled(...codes));
      expect(await writeTogether(table, decisive, [{ pk: 'OUTBOX' }], noWait)).toBe('refused');
      expect(send).toHaveBeenCalledTimes(1);
    }
  });

  it('sends a transaction cancelled by throttling again, and throws once it stays throttled', async () => {
    const once = tableAnswering(cancelled('ThrottlingError', 'None'));
    expect(await writeTogether(once.table, decisive, [{ pk: 'OUTBOX' }], noWait)).toBe('written');
    expect(once.send).toHaveBeenCalledTimes(2);

    const always = tableAnswering(
      ...Array.from({ length: THROTTLED_ATTEMPTS }, () => cancelled('None', 'ThrottlingError')),
    );
    await expect(writeTogether(always.table, decisive, [{ pk: 'OUTBOX' }], noWait)).rejects.toThrow(
      TransactionCanceledException,
    );
    expect(always.send).toHaveBeenCalledTimes(THROTTLED_ATTEMPTS);
  });

  it('throws any other error as it came', async () => {
    const { table } = tableAnswering(new Error('network down'));
    await expect(writeTogether(table, decisive, [], noWait)).rejects.toThrow('network down');
  });
});
