import { CONTENT_SHA256_HEADER, sha256Hex } from '#contract/core/api';

/**
 * A JSON POST to one of the site's functions, carrying the body's SHA-256, which CloudFront's
 * origin access control needs to sign the request. Rejects only when nothing reached the server.
 */
export async function postToFunction(
  url: string,
  payload: unknown,
  {
    fetchImpl = fetch,
    ...init
  }: Omit<RequestInit, 'body' | 'method'> & { fetchImpl?: typeof fetch } = {},
): Promise<Response> {
  const body = JSON.stringify(payload);
  return fetchImpl(url, {
    ...init,
    method: 'POST',
    headers: { 'content-type': 'application/json', [CONTENT_SHA256_HEADER]: await sha256Hex(body) },
    body,
  });
}
