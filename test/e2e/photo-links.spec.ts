/**
 * Photo links reach released photos and nothing else: the local stack's `/quote-photos/*` route,
 * asked with the raw request targets an attacker would send (no client-side URL clean-up).
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { API_PATHS } from '#contract/core/api';
import { bookLead, postJson } from './helpers/quote-loop';
import { storedKeys } from './helpers/local-stack';
import { makePhoto } from './helpers/photos';

/** GET with the request target exactly as written: no dot-segment removal, no re-encoding. */
function rawGet(baseURL: string, target: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path: target, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('latin1') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

test('photo links serve a booked photo, never the lead record or an unbooked upload, however encoded', async ({
  request,
  baseURL,
}) => {
  const email = `traversal-${Date.now()}@example.com`;
  const { submissionId: id } = await bookLead(request, email);
  const [photoKey] = storedKeys(`quote-photos/${id}`);
  expect(photoKey).toMatch(new RegExp(`^quote-photos/${id}/\\d+_[12]\\.jpg$`));
  expect(storedKeys('leads')).toContain(`leads/${id}.json`);

  // An upload that is never booked: it waits in incoming/.
  const unbookedId = randomUUID();
  const photo = await makePhoto('unbooked.jpg', { hue: 90 });
  const urls = await postJson(request, API_PATHS.uploadUrls, {
    submissionId: unbookedId,
    files: [{ kind: 'photo', contentType: photo.mimeType, size: photo.buffer.length }],
  });
  const [upload] = urls.json.uploads as { url: string; headers: Record<string, string> }[];
  expect(
    (await request.put(upload!.url, { headers: upload!.headers, data: photo.buffer })).ok(),
  ).toBe(true);
  const [unbookedKey] = storedKeys(`incoming/${unbookedId}`);
  const unbookedFile = unbookedKey!.split('/').at(-1)!;

  const booked = await rawGet(baseURL!, `/${photoKey!}`);
  expect(booked.status).toBe(200);
  expect(booked.body.startsWith('\xff\xd8\xff')).toBe(true);

  const attempts = [
    `/quote-photos/..%2fleads%2f${id}.json`,
    `/quote-photos/..%2Fleads%2F${id}.json`,
    `/quote-photos/%2e%2e%2fleads%2f${id}.json`,
    `/quote-photos/..%252fleads%252f${id}.json`,
    `/quote-photos/..%5cleads%5c${id}.json`,
    `/quote-photos/..\\leads\\${id}.json`,
    `/quote-photos/../leads/${id}.json`,
    `/quote-photos/%2e%2e/leads/${id}.json`,
    `/quote-photos/%2fleads%2f${id}.json`,
    `/quote-photos//leads/${id}.json`,
    `/leads/${id}.json`,
    `/quote-photos/${id}%2f..%2f..%2fleads%2f${id}.json`,
    `/quote-photos/${id}/..%2f..%2fleads%2f${id}.json`,
    `/${photoKey!}%00.json`,
    `/quote-photos/..%2fincoming%2f${unbookedId}%2f${unbookedFile}`,
    `/quote-photos/..%2Fincoming%2F${unbookedId}%2F${unbookedFile}`,
    `/quote-photos/../incoming/${unbookedId}/${unbookedFile}`,
    `/incoming/${unbookedId}/${unbookedFile}`,
    `/quote-photos/${unbookedId}/${unbookedFile}`,
  ];
  for (const target of attempts) {
    const answer = await rawGet(baseURL!, target);
    expect(answer.status, target).toBe(404);
    expect(answer.body, target).not.toContain(email);
    expect(answer.body, target).not.toContain('\xff\xd8\xff');
  }
});
