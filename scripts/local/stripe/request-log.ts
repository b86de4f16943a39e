/**
 * Every API request, so a test can check that each write carried a key of its own. The SDK's own
 * `stripe-node-retry-…` keys are told apart as `sdk`: a retry from a new process gets a new one.
 */
export type KeySource = 'caller' | 'sdk' | 'none';

export interface LoggedRequest {
  seq: number;
  at: string;
  method: string;
  path: string;
  idempotencyKey: string | null;
  keySource: KeySource;
  status: number | null;
  replayed: boolean;
  fault: '500' | 'lost-answer' | null;
  requestId: string;
}

const KEEP = 10_000;

export const keySource = (key: string | null): KeySource =>
  key === null ? 'none' : key.startsWith('stripe-node-retry-') ? 'sdk' : 'caller';

export class RequestLog {
  private entries: LoggedRequest[] = [];
  private seq = 0;

  add(entry: Omit<LoggedRequest, 'seq' | 'at' | 'keySource'>): LoggedRequest {
    this.seq += 1;
    const logged = {
      seq: this.seq,
      at: new Date().toISOString(),
      keySource: keySource(entry.idempotencyKey),
      ...entry,
    };
    this.entries.push(logged);
    if (this.entries.length > KEEP) this.entries = this.entries.slice(-KEEP);
    return logged;
  }

  list(filter: { since?: number; method?: string; path?: string } = {}): LoggedRequest[] {
    return this.entries.filter(
      (entry) =>
        entry.seq > (filter.since ?? 0) &&
        (filter.method === undefined || entry.method === filter.method.toUpperCase()) &&
        (filter.path === undefined || entry.path.startsWith(filter.path)),
    );
  }
}
