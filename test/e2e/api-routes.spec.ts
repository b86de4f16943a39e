/**
 * The local server routes every path of the contract's route table to its function, as the
 * stack's CloudFront behaviours do: each answers a POST itself, never the site's 404 page nor the
 * server's "nothing at this address".
 */
import { expect, test } from '@playwright/test';
import { API_ROUTES, CONTENT_SHA256_HEADER, sha256Hex } from '#contract/core/api';

for (const [path, name] of Object.entries(API_ROUTES)) {
  test(`POST ${path} is answered by ${name}`, async ({ request }) => {
    const body = '{}';
    const response = await request.post(path, {
      headers: {
        'content-type': 'application/json',
        [CONTENT_SHA256_HEADER]: await sha256Hex(body),
      },
      data: body,
    });
    expect(response.headers()['content-type']).toContain('application/json');
    const answer = (await response.json()) as { error?: { code?: string } };
    // The function's own refusal of an empty body: a bad request, or a missing link token.
    expect(
      [
        [400, 'invalid_request'],
        [403, 'invalid_link'],
      ],
      JSON.stringify(answer),
    ).toContainEqual([response.status(), answer.error?.code]);
  });
}
