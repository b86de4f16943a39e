/**
 * Helpers for the quote loop's end-to-end tests: a lead booked through the real API (upload URLs,
 * PUTs to local S3, the booking call), the emails it produced, and the signed links in them.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { CARD_FIELDS, postForm } from '../../../scripts/local/stripe/testing';
import { VALID_REQUEST_FIELDS } from '../../fixtures/homeowner';
import { sentMail } from './local-stack';
import type { SentMail } from './local-stack';
import { makePhoto } from './photos';
import { API_PATHS } from '#contract/core/api';
import { tokenFromHash } from '#contract/core/pages';
import { OFFER_DEFAULTS } from '#contract/loop/offers';
import { checkoutReturnOf } from '#contract/money/payments';

export async function postJson(
  request: APIRequestContext,
  path: string,
  payload: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const body = JSON.stringify(payload);
  const response = await request.post(path, {
    data: body,
    headers: {
      'content-type': 'application/json',
      'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'),
    },
  });
  return { status: response.status(), json: (await response.json()) as Record<string, unknown> };
}

/** Books a request with two photos through the API, as the form does; returns its ids. */
export async function bookLead(
  request: APIRequestContext,
  email: string,
  options: { submissionId?: string; fields?: Record<string, string> } = {},
): Promise<{ submissionId: string; reference: string }> {
  const payload = { ...(await uploadForBooking(request, email, options)), ...options.fields };
  const booking = await postJson(request, API_PATHS.sendBookingEmails, payload);
  if (booking.status !== 200) throw new Error(`send-booking-emails answered ${booking.status}`);
  return { submissionId: payload.submissionId, reference: String(booking.json.reference) };
}

/** Uploads two photos as the form does; returns the booking body that would send them. */
export async function uploadForBooking(
  request: APIRequestContext,
  email: string,
  { submissionId = randomUUID() }: { submissionId?: string } = {},
): Promise<Record<string, unknown> & { submissionId: string }> {
  const photos = [
    await makePhoto('couch.jpg', { hue: 10 }),
    await makePhoto('boxes.jpg', { hue: 200 }),
  ];
  const urls = await postJson(request, API_PATHS.uploadUrls, {
    submissionId,
    files: photos.map((photo) => ({
      kind: 'photo',
      contentType: photo.mimeType,
      size: photo.buffer.length,
    })),
  });
  if (urls.status !== 200) throw new Error(`upload-urls answered ${urls.status}`);
  const uploads = urls.json.uploads as {
    url: string;
    headers: Record<string, string>;
    publicUrl: string;
  }[];
  for (const [i, upload] of uploads.entries()) {
    const put = await request.put(upload.url, { headers: upload.headers, data: photos[i]!.buffer });
    if (!put.ok()) throw new Error(`PUT answered ${put.status()}`);
  }
  const fields = {
    ...VALID_REQUEST_FIELDS,
    email,
  };
  return {
    ...fields,
    photoUrls: uploads.map((upload) => upload.publicUrl),
    photoCount: uploads.length,
    hasVideo: false,
    submissionId,
  };
}

/** A quote email's subject: "Queen City Haul-Away: $285, Sat morning" (quoteSubject). */
export const QUOTE_SUBJECT = /^.+: \$[\d,]+, (Sun|Mon|Tue|Wed|Thu|Fri|Sat)\b/;

/** Mail whose subject or recipient matches, oldest first. */
export async function mailWhere(
  request: APIRequestContext,
  match: (mail: SentMail) => boolean,
): Promise<SentMail[]> {
  return (await sentMail(request)).filter(match);
}

/** The URL after `label: ` in a plain-text email ('Send a quote: http://…'). */
export function linkIn(mail: SentMail | undefined, label: string): string {
  const line = mail?.body.text?.split('\n').find((l) => l.startsWith(`${label}: `));
  if (line === undefined) throw new Error(`no "${label}" link in ${mail?.subject ?? 'no mail'}`);
  return line.slice(label.length + 2).trim();
}

/** The e2e stack's generated link secret (scripts/local/link-secret.ts, LOCAL_DATA_DIR .local/e2e). */
export function e2eLinkSecret(): Buffer {
  const file = path.resolve(import.meta.dirname, '../../../.local/e2e/link-secret');
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8');
}

/** The token of a link (`…#t=TOKEN`). */
export function tokenOf(link: string): string {
  return new URL(link).hash.replace(/^#t=/, '');
}

/** One tick of the offer job at `at`, for this request only: other specs' requests keep their clock. */
export async function runOffers(
  request: APIRequestContext,
  submissionId: string,
  at: Date = new Date(),
): Promise<void> {
  const response = await request.post('/__local/run-offers', {
    data: { at: at.toISOString(), submissionId },
  });
  expect(response.ok()).toBe(true);
}

/** This request's offer emails (their links carry its id), to anyone. */
export async function offersFor(
  request: APIRequestContext,
  submissionId: string,
): Promise<SentMail[]> {
  return (await sentMail(request)).filter(
    (mail) =>
      mail.subject.startsWith('New job near ') &&
      (mail.body.text ?? '').includes(`#t=lead.${submissionId}.hauler.offer.`),
  );
}

/** Offer rounds for one request, a round apart, until each of `emails` has its offer email. */
export async function offeredTo(
  request: APIRequestContext,
  submissionId: string,
  emails: readonly string[],
): Promise<Map<string, SentMail>> {
  const offered = new Map<string, SentMail>();
  for (let round = 0; round < 12 && offered.size < emails.length; round += 1) {
    const at = new Date(Date.now() + round * (OFFER_DEFAULTS.roundMinutes + 1) * 60_000);
    await runOffers(request, submissionId, at);
    for (const mail of await offersFor(request, submissionId)) {
      const to = mail.destination.to[0]!;
      if (emails.includes(to)) offered.set(to, mail);
    }
  }
  expect([...offered.keys()].sort()).toEqual([...emails].sort());
  return offered;
}

/** Stripe's test cards the stand-in knows: saved, and declined on the card page. */
export const TEST_CARDS = { good: '4242424242424242', declined: '4000000000000002' } as const;

/**
 * Accepts a quote as the homeowner does with payments on (the e2e stack runs them on): "Confirm"
 * answers the card page's URL, the card is saved there (a form POST, as the browser sends it),
 * and the page that comes back confirms with the session. A refusal before the card page (a quote
 * no longer live) is the answer as it came; `confirm: false` stops at the saved card.
 */
export async function acceptWithCard(
  request: APIRequestContext,
  body: { token: string; quote?: number },
  { card = TEST_CARDS.good, confirm = true }: { card?: string; confirm?: boolean } = {},
): Promise<{ status: number; json: Record<string, unknown>; returnUrl?: string }> {
  const started = await postJson(request, API_PATHS.decideQuote, { ...body, decision: 'accept' });
  const url = started.json.checkoutUrl;
  if (started.status !== 200 || typeof url !== 'string') return started;
  const saved = await postForm(url, { number: card, ...CARD_FIELDS });
  if (saved.status !== 303 || saved.location === null) {
    throw new Error(`card ${card} was not saved: ${saved.status}`);
  }
  if (!confirm) return { ...started, returnUrl: saved.location };
  return { ...(await confirmCheckout(request, saved.location)), returnUrl: saved.location };
}

/** On Stripe's card page (the stand-in's): a card saved, or refused in place. */
export async function fillCardPage(page: Page, card: string = TEST_CARDS.good): Promise<void> {
  await page.waitForURL(/\/c\/pay\//);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date').fill(CARD_FIELDS.expiry);
  await page.getByLabel('Security code').fill(CARD_FIELDS.cvc);
  await page.getByRole('button', { name: 'Save card' }).click();
}

/**
 * The browser's acceptance: "Confirm: accept this quote", the card (Stripe's good test card unless
 * told) saved on the card page, and the request page back saying the quote is accepted.
 */
export async function confirmWithCard(
  page: Page,
  confirm: Locator,
  card: string = TEST_CARDS.good,
): Promise<void> {
  await confirm.click();
  await fillCardPage(page, card);
  await page.waitForURL(/\/request/);
}

/** The request page back from the card page (`returnUrl`) confirming its session, as it POSTs. */
export async function confirmCheckout(
  request: APIRequestContext,
  returnUrl: string,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const back = new URL(returnUrl).hash;
  return postJson(request, API_PATHS.decideQuote, {
    token: tokenFromHash(back),
    decision: 'accept',
    checkout: checkoutReturnOf(back),
  });
}
