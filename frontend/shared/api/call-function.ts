import { CONTENT_SHA256_HEADER, errorMessageFrom, sha256Hex } from '#contract/core/api';
import { MESSAGES } from '#contract/core/messages';

/** One function's answer, in the shape a page renders. */
export interface FunctionAnswer<T> {
  ok: boolean;
  status: number;
  /** The JSON body, whatever the status (a refusal often carries the current state too). */
  body?: T;
  /** What went wrong, in words for the person at the screen. */
  message?: string;
  /** Per-field messages of a 400, keyed by field name. */
  fields?: Record<string, string>;
}

export interface CallOptions {
  /**
   * Said when the function gives no sentence of its own, or nothing reached it: the quote form
   * has its own ("We could not send your request…"), the pages behind links the generic one.
   */
  fallback?: string;
  /** The quote form's tests answer in place of the network. */
  fetchImpl?: typeof fetch;
}

/**
 * The one way the browser calls a function: a JSON POST carrying the body's SHA-256, which
 * CloudFront's origin access control needs to sign the request, that never throws: a lost
 * connection is status 0 with the fallback message. Tokens ride in the body, so nothing is cached
 * and no referrer is sent.
 */
export async function callFunction<T>(
  path: string,
  payload: unknown,
  { fallback = MESSAGES.unexpected, fetchImpl = fetch }: CallOptions = {},
): Promise<FunctionAnswer<T>> {
  let response: Response;
  try {
    const body = JSON.stringify(payload);
    response = await fetchImpl(path, {
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [CONTENT_SHA256_HEADER]: await sha256Hex(body),
      },
      body,
    });
  } catch {
    // Offline, DNS, a dropped connection: nothing reached the function.
    return { ok: false, status: 0, message: fallback };
  }
  const json = (await response.json().catch(() => undefined)) as
    (T & { error?: { fields?: Record<string, string> } }) | undefined;
  const fields = json?.error?.fields;
  return {
    ok: response.ok,
    status: response.status,
    ...(json === undefined ? {} : { body: json }),
    ...(response.ok ? {} : { message: errorMessageFrom(json) ?? fallback }),
    ...(fields === undefined ? {} : { fields }),
  };
}
