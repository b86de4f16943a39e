// The one paging loop: the SDK's paginators, yielding items, so a caller may stop early.
import { paginateQuery, paginateScan } from '@aws-sdk/lib-dynamodb';
import type { QueryCommandInput, ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import type { LeadTable } from './table-handle';

type Item = Record<string, unknown>;

export async function* queryItems(
  table: LeadTable,
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): AsyncGenerator<Item> {
  const pages = paginateQuery({ client: table.client }, { ...input, TableName: table.tableName });
  for await (const page of pages) yield* page.Items ?? [];
}

export async function* scanItems(
  table: LeadTable,
  input: Omit<ScanCommandInput, 'TableName' | 'ExclusiveStartKey'> = {},
): AsyncGenerator<Item> {
  const pages = paginateScan({ client: table.client }, { ...input, TableName: table.tableName });
  for await (const page of pages) yield* page.Items ?? [];
}

/** Every item, collected (Node 20 has no Array.fromAsync): for the lists known to stay small (a hauler's rows, a ZIP's haulers). */
export async function allItems(items: AsyncIterable<Item>): Promise<Item[]> {
  const all: Item[] = [];
  for await (const item of items) all.push(item);
  return all;
}
