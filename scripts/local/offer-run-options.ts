/**
 * The body of `POST /__local/run-offers`: `{ "at": ISO 8601, "submissionId"?: uuid }` or nothing
 * (now, every due lead). A run at a time away from now must name its request: run for every lead,
 * it would move every other test's requests to that time as well (a round recorded an hour ahead
 * holds back the next one, even after a hauler gives the job up).
 */

/** How far from the server's clock `at` may be for a run of every lead: the test's own clock skew. */
export const SHARED_CLOCK_SLACK_MS = 60_000;

export interface OfferRunOptions {
  at?: Date;
  /** One request's id, lower case: run that lead only. */
  only?: string;
}

/** The options, or why the body is refused (answered 400). */
export function offerRunOptions(body: Buffer | null, now: Date): OfferRunOptions | string {
  const text = body?.toString().trim() ?? '';
  if (text === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'The body must be JSON: { "at": "2026-11-24T15:00:00Z" } or nothing';
  }
  const { at, submissionId } = (parsed ?? {}) as { at?: unknown; submissionId?: unknown };
  if (submissionId !== undefined && typeof submissionId !== 'string') {
    return "submissionId must be a request's id";
  }
  const only = submissionId === undefined ? {} : { only: submissionId.toLowerCase() };
  if (at === undefined) return only;
  const time = typeof at === 'string' ? new Date(at) : new Date(Number.NaN);
  if (Number.isNaN(time.getTime())) {
    return 'at must be an ISO 8601 time, e.g. 2026-11-24T15:00:00Z';
  }
  if (
    submissionId === undefined &&
    Math.abs(time.getTime() - now.getTime()) > SHARED_CLOCK_SLACK_MS
  ) {
    return 'A run at another time than now must name its request ("submissionId"): it would move every other request to that time too';
  }
  return { at: time, ...only };
}
