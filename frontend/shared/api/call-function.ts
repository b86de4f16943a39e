import { errorMessageFrom } from '#contract/core/api';
import { MESSAGES } from '#contract/core/messages';
import { postToFunction } from './post-to-function';

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

/**
 * A JSON POST to a function that never throws: a lost connection is status 0 with the generic
 * message. Tokens ride in the body, so nothing is cached and no referrer is sent.
 */
export async function callFunction<T>(path: string, payload: unknown): Promise<FunctionAnswer<T>> {
  let response: Response;
  try {
    response = await postToFunction(path, payload, {
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
  } catch {
    return { ok: false, status: 0, message: MESSAGES.unexpected };
  }
  const json = (await response.json().catch(() => undefined)) as
    (T & { error?: { fields?: Record<string, string> } }) | undefined;
  const fields = json?.error?.fields;
  return {
    ok: response.ok,
    status: response.status,
    ...(json === undefined ? {} : { body: json }),
    ...(response.ok ? {} : { message: errorMessageFrom(json) ?? MESSAGES.unexpected }),
    ...(fields === undefined ? {} : { fields }),
  };
}
