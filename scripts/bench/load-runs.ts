/**
 * One measured run of the load test (section 4, scripts/bench/load.ts): autocannon sending each
 * prepared body once, what the run answered, and why a run that was not all OK fails.
 */
import autocannon from 'autocannon';
import { CONTENT_SHA256_HEADER, sha256Hex } from '#contract/core/api';

export interface Run {
  connections: number;
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  /** Answers other than okStatus, and connection errors: the run is only valid when both are 0. */
  notOk: number;
  errors: number;
}
export type Fired = autocannon.Result & {
  statuses: Map<number, number>;
  /** The requests asked for, and how many bodies autocannon took for them: each body once. */
  amount: number;
  bodiesTaken: number;
  /** The first answer other than okStatus, status and start of its body: what went wrong. */
  firstNotOk?: string;
};

export async function fire(
  url: string,
  payloads: readonly unknown[],
  amount: number,
  connections: number,
  okStatus: number,
): Promise<Fired> {
  // Hashed before the run: autocannon's setupRequest is synchronous, and hashing is not what we time.
  const bodies = await Promise.all(
    payloads.map(async (payload) => {
      const body = JSON.stringify(payload);
      return { body, sha: await sha256Hex(body) };
    }),
  );
  let next = 0;
  let firstNotOk: string | undefined;
  const statuses = new Map<number, number>();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        amount,
        timeout: 30,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              // Never the same body twice: fall back to the last one only if autocannon asks for
              // more than `amount`, which notOkReport then reports (bodiesTaken).
              const { body, sha } = bodies[Math.min(next++, bodies.length - 1)]!;
              return {
                ...request,
                body,
                headers: {
                  'content-type': 'application/json',
                  [CONTENT_SHA256_HEADER]: sha,
                },
              };
            },
            onResponse: (status, body) => {
              if (status !== okStatus) firstNotOk ??= `${status} ${body.slice(0, 300)}`;
            },
          },
        ],
      },
      (error, result) =>
        error
          ? reject(error)
          : resolve({
              ...result,
              statuses,
              amount,
              bodiesTaken: next,
              ...(firstNotOk === undefined ? {} : { firstNotOk }),
            }),
    );
    instance.on('response', (_client, statusCode) => {
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    });
  });
}

export function summarize(run: Fired, okStatus: number, connections: number): Run {
  const ok = run.statuses.get(okStatus) ?? 0;
  return {
    connections,
    requests: run.requests.sent,
    seconds: run.duration,
    requestsPerSecond: run.requests.sent / run.duration,
    latencyMs: {
      p50: run.latency.p50,
      p90: run.latency.p90,
      p99: run.latency.p99,
      max: run.latency.max,
    },
    notOk: run.requests.sent - ok - run.errors,
    errors: run.errors,
  };
}

/** What a run that was not all okStatus answered, for the error: statuses, errors, a sample. */
export function notOkReport(
  what: string,
  run: Pick<Fired, 'statuses' | 'errors' | 'timeouts' | 'firstNotOk' | 'amount' | 'bodiesTaken'>,
  okStatus: number,
): string | undefined {
  const others = [...run.statuses].filter(([status]) => status !== okStatus);
  const answered = [...run.statuses.values()].reduce((sum, n) => sum + n, 0);
  // A request never answered (its connection dropped, or autocannon finished without it) is
  // neither another status nor an error: only these two counts show it, and a check that reads
  // the leads afterwards would otherwise meet a request still in flight.
  const unanswered = run.amount - answered - run.errors;
  if (others.length === 0 && run.errors === 0 && unanswered === 0 && run.bodiesTaken === run.amount)
    return undefined;
  const statuses = others.map(([status, n]) => `${n} × ${status}`);
  const errors = run.errors > 0 ? [`${run.errors} errors (${run.timeouts} timeouts)`] : [];
  const missing = unanswered !== 0 ? [`${unanswered} of ${run.amount} requests not answered`] : [];
  const bodies =
    run.bodiesTaken !== run.amount
      ? [`${run.bodiesTaken} bodies taken for ${run.amount} requests`]
      : [];
  const sample = run.firstNotOk === undefined ? '' : `; first: ${run.firstNotOk}`;
  return `${what}: ${[...statuses, ...errors, ...missing, ...bodies].join(', ')}, not ${okStatus}${sample}`;
}
