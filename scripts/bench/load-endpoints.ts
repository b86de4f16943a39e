/**
 * The load test's endpoints (section 4, scripts/bench/load.ts): a new one is one entry of
 * LOAD_ENDPOINTS. An entry makes every request body before the clock starts (unique submission IDs
 * and email addresses, media already in local S3, quote-loop leads already in the server's table
 * with links signed by the server's secret), so each request takes the same path a real visitor's
 * does and no rate rule or idempotency short cut answers instead.
 */
import { randomUUID } from 'node:crypto';
import { createLead, getLead } from '../../lambdas/shared/leads/lead-store';
import type { Lead, LeadStatus } from '../../lambdas/shared/leads/lead-store';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import { haulerIn } from '../../test/support/testing-haulers';
import { seedOffers } from '../../test/support/testing-offers';
import {
  bookedLead,
  bookingRequest,
  cancelRequestBody,
  decideQuoteBody,
  haulerQuoteBody,
  leadViewBody,
  sendQuoteBody,
} from './load-bodies';
import sharp from 'sharp';
import { API_PATHS, CONTENT_SHA256_HEADER, sha256Hex } from '#contract/core/api';
import type { BookingRequestInput } from '#contract/booking/booking';
import type { PresignedUpload, UploadUrlsRequest } from '#contract/booking/upload-urls';

/** An entry's request bodies, one per request, and what to check once they have all been sent. */
export interface Prepared {
  bodies: unknown[];
  /** Throws unless every request left what it should have (a changed lead, a sent email). */
  check?: () => Promise<void>;
}

/** What an entry's body maker may use: the site, the server's lead table and its link secret. */
export interface LoadContext {
  siteOrigin: string;
  leads: LeadTable;
  /** The secret the server verifies links with: links signed here are links it mailed. */
  linkSecret: Buffer;
}

export interface LoadEndpoint {
  name: string;
  path: string;
  /** What one request does, for the report. */
  does: string;
  /** Requests in the measured runs: one connection (latency), then CONNECTIONS (throughput). */
  requests: { sequential: number; concurrent: number };
  /** The status a successful request answers. */
  okStatus: number;
  /**
   * Makes `count` distinct request bodies (and anything they need to exist first), and optionally
   * a check, run after the measured runs, that every request did what `does` says (throws if not).
   */
  prepare: (count: number, context: LoadContext) => Promise<Prepared>;
}
/** A POST as the site's own code sends it (frontend/features/quote-form/submission/submit-quote.ts). */
export async function postJson<T>(url: string, payload: unknown): Promise<T> {
  const body = JSON.stringify(payload);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CONTENT_SHA256_HEADER]: await sha256Hex(body) },
    body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** A real (tiny) JPEG: the booking function checks that each photo exists and is an image. */
const tinyJpeg = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#8a6' } })
    .jpeg()
    .toBuffer();

function uploadUrlsRequest(photos: number, size: number): UploadUrlsRequest {
  return {
    submissionId: randomUUID(),
    files: Array.from({ length: photos }, () => ({
      kind: 'photo' as const,
      contentType: 'image/jpeg',
      size,
    })),
  };
}

/** How many preparation calls run at once (before the clock starts). */
const PREPARE_CONCURRENCY = 8;

/**
 * `count` new leads, each stored with the lead store's own create (conditional put) in the table
 * the server reads, as a booking stores them. Booking each through the API (upload URLs, two
 * PUTs, the booking and its two emails: about 20 a second) would take minutes, and past the daily
 * cap of confirmation emails (500 by default) the bookings would take another path.
 */
async function storeLeads(count: number, context: LoadContext, now: Date): Promise<Lead[]> {
  const run = `${Date.now().toString(36)}-${randomUUID().slice(0, 4)}`;
  const leads = Array.from({ length: count }, (_, i) =>
    bookedLead(context.siteOrigin, run, i, now),
  );
  await eachLimit(leads, PREPARE_CONCURRENCY, async (lead) => {
    const stored = await createLead(context.leads, lead);
    if (stored.outcome !== 'created') throw new Error(`lead ${lead.submissionId} already existed`);
  });
  return leads;
}

/**
 * Reads every lead back and throws unless each reached the status its request should have left
 * (and the email it should have sent is recorded as sent): a 200 that changed nothing would not
 * be the path measured.
 */
async function checkLeads(
  context: LoadContext,
  leads: readonly Lead[],
  expected: (index: number) => { status: LeadStatus; email: string },
): Promise<void> {
  const wrong: string[] = [];
  await eachLimit(
    leads.map((lead, i) => ({ lead, i })),
    PREPARE_CONCURRENCY,
    async ({ lead, i }) => {
      const { status, email } = expected(i);
      const stored = await getLead(context.leads, lead.submissionId);
      if (stored?.status !== status || stored.emails[email] !== 'sent') {
        wrong.push(
          `${lead.submissionId}: ${stored?.status ?? 'missing'}, ${email} ${stored?.emails[email] ?? 'not sent'} (expected ${status}, sent)`,
        );
      }
    },
  );
  if (wrong.length > 0) {
    throw new Error(
      `${wrong.length} of ${leads.length} leads not changed: ${wrong.slice(0, 3).join('; ')}`,
    );
  }
}

/** Runs `work` over `items`, `limit` at a time. */
async function eachLimit<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * The prepare step of an endpoint that changes one received lead per request: the leads written
 * beforehand, a body each, and afterwards every lead checked to be in `expected` with its email sent.
 */
function onStoredLeads(
  body: (secret: Buffer, lead: Lead, now: Date) => unknown,
  expected: { status: LeadStatus; email: string },
): LoadEndpoint['prepare'] {
  return async (count, context) => {
    const now = new Date();
    const leads = await storeLeads(count, context, now);
    return {
      bodies: leads.map((lead) => body(context.linkSecret, lead, now)),
      check: () => checkLeads(context, leads, () => expected),
    };
  };
}

export const LOAD_ENDPOINTS: readonly LoadEndpoint[] = [
  {
    name: 'upload URLs',
    path: API_PATHS.uploadUrls,
    does: 'validates a request for 10 photos and records the one upload batch (DynamoDB, create-only) and presigns 10 PUT URLs',
    requests: { sequential: 300, concurrent: 1500 },
    okStatus: 200,
    prepare: async (count) => ({
      bodies: Array.from({ length: count }, () => uploadUrlsRequest(10, 1_000_000)),
    }),
  },
  {
    name: 'booking',
    path: API_PATHS.sendBookingEmails,
    does: 'validates a booking, checks its 2 photos in quarantine (HEAD, first bytes), stores the lead (DynamoDB, create-only), releases the photos (S3 copy), archives the lead (S3 PUT), sends 2 emails (SES), records their outcome (DynamoDB)',
    requests: { sequential: 100, concurrent: 300 },
    okStatus: 200,
    // Each booking has its own submission (a repeated one is answered from the stored lead,
    // without email) and its own homeowner address, with two photos really uploaded.
    prepare: async (count, { siteOrigin }) => {
      const bodies: BookingRequestInput[] = [];
      const run = Date.now().toString(36);
      const photo = await tinyJpeg();
      await eachLimit(
        Array.from({ length: count }, (_, i) => i),
        PREPARE_CONCURRENCY,
        async (i) => {
          const request = uploadUrlsRequest(2, photo.length);
          const { uploads } = await postJson<{ uploads: PresignedUpload[] }>(
            siteOrigin + API_PATHS.uploadUrls,
            request,
          );
          for (const upload of uploads) {
            const put = await fetch(upload.url, {
              method: 'PUT',
              headers: upload.headers,
              body: new Uint8Array(photo),
            });
            if (!put.ok) throw new Error(`seeding PUT answered ${put.status}`);
          }
          bodies[i] = bookingRequest({
            run,
            index: i,
            submissionId: request.submissionId,
            photoUrls: uploads.map((upload) => upload.publicUrl),
          });
        },
      );
      return { bodies };
    },
  },
  {
    name: 'lead view',
    path: API_PATHS.lead,
    does: "verifies a signed link (HMAC), reads the lead (DynamoDB, consistent read) and answers the view its role may see: half operations links (the whole request), half homeowner links. Leads written beforehand with the lead store (as the booking stores them) into the server's table",
    requests: { sequential: 200, concurrent: 1000 },
    okStatus: 200,
    prepare: async (count, context) => {
      const now = new Date();
      const leads = await storeLeads(count, context, now);
      return { bodies: leads.map((lead, i) => leadViewBody(context.linkSecret, lead, i, now)) };
    },
  },
  {
    name: 'send quote',
    path: API_PATHS.sendQuote,
    does: 'verifies an operations link, reads the lead, validates the quote, stores it (DynamoDB, conditional on status and version), signs 3 homeowner links, claims the quote email (DynamoDB), sends it to the homeowner (SES), records its outcome (DynamoDB). One quote per request (at most 5 may be sent), each on a received lead written beforehand with the lead store',
    requests: { sequential: 100, concurrent: 300 },
    okStatus: 200,
    prepare: onStoredLeads(sendQuoteBody, { status: 'quoted', email: 'quote-1' }),
  },
  {
    name: 'hauler quote',
    path: API_PATHS.sendQuote,
    does: "verifies a hauler's offer link, reads the lead and the offered hauler's profile (active, insured), validates the quote, stores it under the hauler's business name (DynamoDB, conditional on the lead's version), signs 3 homeowner links, claims the quote email (DynamoDB), sends it to the homeowner (SES), records its outcome (DynamoDB). Each a received lead written beforehand with the lead store and offered to one active hauler (as an offer round records it)",
    requests: { sequential: 100, concurrent: 300 },
    okStatus: 200,
    prepare: async (count, context) => {
      const now = new Date();
      const leads = await storeLeads(count, context, now);
      const hauler = await haulerIn(context.leads, 'active', now);
      await eachLimit(leads, PREPARE_CONCURRENCY, (lead) =>
        seedOffers(context.leads, lead.submissionId, [hauler], now),
      );
      return {
        bodies: leads.map((lead) => haulerQuoteBody(context.linkSecret, lead, 1, now)),
        check: () => checkLeads(context, leads, () => ({ status: 'quoted', email: 'quote-1' })),
      };
    },
  },
  {
    name: 'decide quote',
    path: API_PATHS.decideQuote,
    does: 'verifies a homeowner accept or decline link (half each; a decline with a reason), reads the lead, stores the decision (DynamoDB, conditional on status and version), claims the email (DynamoDB), sends it to operations (SES), records its outcome (DynamoDB). Each lead written beforehand with the lead store and quoted once through the send-quote API',
    requests: { sequential: 100, concurrent: 300 },
    okStatus: 200,
    prepare: async (count, context) => {
      const now = new Date();
      const leads = await storeLeads(count, context, now);
      await eachLimit(leads, PREPARE_CONCURRENCY, async (lead) => {
        await postJson(
          context.siteOrigin + API_PATHS.sendQuote,
          sendQuoteBody(context.linkSecret, lead, now),
        );
      });
      const bodies = leads.map((lead, i) => decideQuoteBody(context.linkSecret, lead, i, now));
      return {
        bodies,
        check: () =>
          checkLeads(context, leads, (i) =>
            bodies[i]!.decision === 'accept'
              ? { status: 'accepted', email: 'accepted-1' }
              : { status: 'declined', email: 'declined-1' },
          ),
      };
    },
  },
  {
    name: 'cancel request',
    path: API_PATHS.cancelRequest,
    does: 'verifies a homeowner link, reads the lead, stores the cancellation (DynamoDB, conditional on status and version), claims the email (DynamoDB), sends it to operations (SES), records its outcome (DynamoDB). Each a received lead written beforehand with the lead store',
    requests: { sequential: 100, concurrent: 300 },
    okStatus: 200,
    prepare: onStoredLeads(cancelRequestBody, { status: 'cancelled', email: 'cancelled' }),
  },
];
