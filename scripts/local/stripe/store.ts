/**
 * One JSON file per collection under `<dataDir>/stripe/`, or memory only without a data folder.
 * Each file is written to a temporary name and renamed, so a stop leaves no torn file.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type ClockState, freshClock } from './clock';
import { type ObjectCollection, collectionOfId } from './ids';

export type Collection = ObjectCollection | 'account_links' | 'idempotency';

const COLLECTIONS: readonly Collection[] = [
  'customers',
  'checkout_sessions',
  'setup_intents',
  'payment_methods',
  'payment_intents',
  'charges',
  'transfers',
  'application_fees',
  'refunds',
  'disputes',
  'accounts',
  'events',
  'account_links',
  'idempotency',
];

/** An API object: its id, the fields its kind's interface names, and any other API fields. */
export interface Stored {
  id: string;
  [field: string]: unknown;
}

interface Meta {
  clock: ClockState;
}

export class Store {
  private readonly maps = new Map<Collection, Map<string, Stored>>();
  private readonly dirty = new Set<Collection | 'meta'>();
  readonly meta: Meta = { clock: freshClock() };
  readonly directory: string | undefined;

  constructor(dataDir?: string) {
    for (const name of COLLECTIONS) this.maps.set(name, new Map());
    if (dataDir === undefined) return;
    this.directory = path.join(dataDir, 'stripe');
    mkdirSync(this.directory, { recursive: true });
    for (const name of COLLECTIONS) {
      for (const item of this.read<Stored[]>(name) ?? []) this.maps.get(name)!.set(item.id, item);
    }
    Object.assign(this.meta, this.read<Meta>('meta') ?? {});
  }

  private read<T>(name: string): T | undefined {
    const file = path.join(this.directory!, `${name}.json`);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
  }

  get<T extends Stored>(collection: Collection, id: string): T | undefined {
    return this.maps.get(collection)!.get(id) as T | undefined;
  }

  /** Any API object by its id, whatever its kind (`pi_…`, `ch_…`). */
  byId(id: string): Stored | undefined {
    const collection = collectionOfId(id);
    return collection === undefined ? undefined : this.get(collection, id);
  }

  /** Adds or replaces an object; objects changed in place are put again to be written. */
  put<T extends Stored>(collection: Collection, item: T): T {
    this.maps.get(collection)!.set(item.id, item);
    this.dirty.add(collection);
    return item;
  }

  delete(collection: Collection, id: string): void {
    if (this.maps.get(collection)!.delete(id)) this.dirty.add(collection);
  }

  /** Oldest first, in the order they were put. */
  all<T extends Stored>(collection: Collection): T[] {
    return [...this.maps.get(collection)!.values()] as T[];
  }

  touchMeta(): void {
    this.dirty.add('meta');
  }

  /** Writes every collection changed since the last flush. */
  flush(): void {
    if (this.directory === undefined) {
      this.dirty.clear();
      return;
    }
    for (const name of this.dirty) {
      const data = name === 'meta' ? this.meta : this.all(name);
      const file = path.join(this.directory, `${name}.json`);
      writeFileSync(`${file}.tmp`, JSON.stringify(data, null, 1));
      renameSync(`${file}.tmp`, file);
    }
    this.dirty.clear();
  }
}
