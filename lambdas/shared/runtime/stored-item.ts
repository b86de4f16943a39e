// Stored items are read through their models: an item that does not parse fails by name, logged
// and counted, where a cast would let a wrong shape travel on.
import * as z from 'zod/mini';
import { STORED_ITEMS_UNREADABLE } from '#contract/core/metrics';
import { emfCount, writeMetricLine } from './metrics';

/** `export type X = Agrees<Model, Contract>` stops compiling when the two shapes drift apart. */
export type Agrees<A extends B, B extends Self, Self = A> = [A, B];

export class StoredItemError extends Error {
  override readonly name = 'StoredItemError';
  constructor(
    readonly kind: string,
    readonly key: string,
    readonly problems: string,
  ) {
    super(`Stored ${kind} ${key} does not parse: ${problems}`);
  }
}

/** The type of a value, never the value: a stored item holds people's details. */
function typeOf(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

function what(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}, received ${typeOf(issue.input)}`;
    case 'invalid_value':
      return `expected ${issue.values.map((value) => JSON.stringify(value)).join(' | ')}`;
    default:
      return issue.message === 'Invalid input' ? issue.code : issue.message;
  }
}

export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const where = issue.path.map(String).join('.');
      return where === '' ? what(issue) : `${where}: ${what(issue)}`;
    })
    .join('; ');
}

/** The item as `schema` reads it, or StoredItemError ('Stored lead LEAD#… does not parse: …'). */
export function parseStored<S extends z.core.$ZodType>(
  schema: S,
  item: unknown,
  kind: string,
  key: string,
  emitMetric: (line: string) => void = writeMetricLine,
): z.output<S> {
  const parsed = z.safeParse(schema, item, { reportInput: true });
  if (parsed.success) return parsed.data;
  const error = new StoredItemError(kind, key, describeIssues(parsed.error.issues));
  console.error(
    JSON.stringify({ event: 'stored item unreadable', kind, key, error: error.message }),
  );
  emitMetric(emfCount(STORED_ITEMS_UNREADABLE, { Kind: kind }));
  throw error;
}

/** Forgetting must reach a broken item too: there an unreadable item reads as unknown, not fatal. */
export function unlessUnreadable<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (error instanceof StoredItemError) return undefined;
    throw error;
  }
}

/** A string field of an item that did not parse: enough to find the rows that name it. */
export function rawString(
  item: Record<string, unknown> | undefined,
  ...path: string[]
): string | undefined {
  let value: unknown = item;
  for (const step of path) {
    value =
      typeof value === 'object' && value !== null
        ? (value as Record<string, unknown>)[step]
        : undefined;
  }
  return typeof value === 'string' ? value : undefined;
}
