/**
 * Section 2: ten 4-6 MB photos through the quote flow over an emulated 4G uplink, two ways.
 * - ours: the real form on the home page (the browser re-encodes each photo at most 1280 px long,
 *   WebP where it can, then PUTs three at a time);
 * - naive: the same originals PUT one after another, as a form without that work would send them.
 * Both run in the same headless chromium, with the same DevTools network emulation, against the
 * same local stack; each span runs from the submit to the booking's answer.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';
import { type Photo, makePhotos } from './photos';
import { VALID_FIELDS } from '../../test/fixtures/homeowner';
import { API_PATHS } from '#contract/core/api';
import type { BookingRequestInput } from '#contract/booking/booking';
import type { HomeownerFields } from '#contract/core/fields';
import type { UploadUrlsRequest } from '#contract/booking/upload-urls';

/**
 * Chrome DevTools' "Fast 4G" preset (the same numbers as Puppeteer's PredefinedNetworkConditions):
 * 9 Mbit/s down and 1.5 Mbit/s up, each times 0.9, and 60 ms RTT times 2.75.
 */
export const NETWORK_PROFILE = {
  name: 'Chrome DevTools "Fast 4G"',
  latencyMs: 60 * 2.75,
  downloadBytesPerSecond: ((9 * 1000 * 1000) / 8) * 0.9,
  uploadBytesPerSecond: ((1.5 * 1000 * 1000) / 8) * 0.9,
};

/** The form's labels and valid values, as the end-to-end tests fill them. */
const FORM_VALUES = VALID_FIELDS;
const QUOTE_FIELDS: HomeownerFields = {
  name: FORM_VALUES.Name,
  phone: FORM_VALUES.Phone,
  email: FORM_VALUES.Email,
  city: FORM_VALUES.City,
  state: FORM_VALUES.State,
  zipCode: FORM_VALUES['Zip Code'],
  description: FORM_VALUES.Description,
};

/** Long enough for the naive flow on a slow uplink; a hang still ends the section. */
const FLOW_TIMEOUT_MS = 10 * 60_000;

export interface FlowResult {
  seconds: number;
  /** Sum of the PUT requests' Content-Length: the bytes that crossed the uplink as bodies. */
  uploadedBytes: number;
  puts: number;
  /** From the submit to the first PUT: the browser's preparation and the upload-URL call. */
  firstPutSeconds: number;
  /** From the submit to the last PUT's start, which must come before the presigned URL expires. */
  lastPutSeconds: number;
  /** The Content-Type of each PUT: what the browser's encoding produced. */
  contentTypes: string[];
}

export interface UploadsResult {
  photos: Photo[];
  ours: FlowResult;
  naive: FlowResult;
}

/** A fresh context whose page sits behind the network profile and counts its PUTs. */
async function throttledPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: NETWORK_PROFILE.latencyMs,
    downloadThroughput: NETWORK_PROFILE.downloadBytesPerSecond,
    uploadThroughput: NETWORK_PROFILE.uploadBytesPerSecond,
  });
  const putSizes: Promise<number>[] = [];
  const putStarts: number[] = [];
  const contentTypes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'PUT') return;
    putStarts.push(performance.now());
    contentTypes.push(request.headers()['content-type'] ?? 'none');
    // Chromium adds Content-Length itself; it is in the raw headers, not the page's request.
    const size = request.allHeaders().then((headers) => {
      const length = Number(headers['content-length']);
      if (!Number.isFinite(length)) throw new Error(`PUT ${request.url()} has no Content-Length`);
      return length;
    });
    // measure() awaits it; when the flow fails first nobody does, and the context's closing must
    // not become an unhandled rejection that ends the whole bench.
    size.catch(() => undefined);
    putSizes.push(size);
  });
  const measure = async (started: number, finished: number): Promise<FlowResult> => {
    const sizes = await Promise.all(putSizes);
    return {
      seconds: (finished - started) / 1000,
      uploadedBytes: sizes.reduce((a, b) => a + b, 0),
      puts: sizes.length,
      firstPutSeconds: (Math.min(...putStarts) - started) / 1000,
      lastPutSeconds: (Math.max(...putStarts) - started) / 1000,
      contentTypes,
    };
  };
  return { context, page, measure };
}

export async function ourFlow(browser: Browser, siteOrigin: string, photos: Photo[]) {
  const { context, page, measure } = await throttledPage(browser);
  try {
    await page.goto(`${siteOrigin}/#quote-form`);
    await page.waitForLoadState('networkidle');
    const form = page.locator('#quote-form');
    for (const [label, value] of Object.entries(FORM_VALUES)) {
      await form.getByLabel(label).fill(value);
    }
    await form
      .locator('input[type=file][accept="image/*"]')
      .setInputFiles(photos.map((p) => p.path));
    // The thumbnails decode the 12-megapixel originals; let that finish before the clock starts.
    await page.waitForFunction(
      (count) => {
        const images = [
          ...document.querySelectorAll('#quote-form [aria-label="Selected photos"] img'),
        ];
        return images.length === count && images.every((img) => (img as HTMLImageElement).complete);
      },
      photos.length,
      { timeout: 60_000 },
    );

    const started = performance.now();
    await form.getByRole('button', { name: 'Get My Free Quote' }).click();
    const heading = page
      .locator('[role=dialog]')
      .getByRole('heading', { name: /Quote Request Submitted|Submission Failed/ });
    await heading.waitFor({ timeout: FLOW_TIMEOUT_MS });
    const finished = performance.now();
    if ((await heading.textContent()) !== 'Quote Request Submitted') {
      throw new Error(`the form failed: ${await page.locator('[role=dialog]').innerText()}`);
    }
    return await measure(started, finished);
  } finally {
    await context.close();
  }
}

/**
 * Runs in the page: the original files, presigned URLs for their own sizes, one PUT after another,
 * then the booking call. Request shapes as in frontend/features/quote-form/submission/submit-quote.ts.
 */
async function naiveQuote(args: {
  inputId: string;
  submissionId: string;
  fields: HomeownerFields;
  /** API_PATHS, passed in: this function runs in the page, where no import reaches. */
  paths: typeof API_PATHS;
}): Promise<string> {
  const post = async (url: string, payload: unknown) => {
    const body = JSON.stringify(payload);
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
    const sha256 = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-amz-content-sha256': sha256 },
      body,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text}`);
    return JSON.parse(text) as unknown;
  };

  const input = document.getElementById(args.inputId) as HTMLInputElement;
  const files = [...(input.files ?? [])];
  const request: UploadUrlsRequest = {
    submissionId: args.submissionId,
    files: files.map((file) => ({ kind: 'photo', contentType: file.type, size: file.size })),
  };
  const { uploads } = (await post(args.paths.uploadUrls, request)) as {
    uploads: { url: string; headers: Record<string, string>; publicUrl: string }[];
  };
  for (const [i, file] of files.entries()) {
    const response = await fetch(uploads[i]!.url, {
      method: 'PUT',
      headers: uploads[i]!.headers,
      body: file,
    });
    if (!response.ok) {
      throw new Error(
        `PUT of photo ${i + 1} answered ${response.status}: ${await response.text()}`,
      );
    }
  }
  const booking: BookingRequestInput = {
    ...args.fields,
    photoUrls: uploads.map((upload) => upload.publicUrl),
    photoCount: files.length,
    hasVideo: false,
    submissionId: args.submissionId,
  };
  const { reference } = (await post(args.paths.sendBookingEmails, booking)) as {
    reference: string;
  };
  return reference;
}

async function naiveFlow(browser: Browser, siteOrigin: string, photos: Photo[]) {
  const { context, page, measure } = await throttledPage(browser);
  try {
    // tsx compiles with esbuild's keepNames, which wraps naiveQuote's inner functions in __name();
    // the page, where Playwright runs naiveQuote's source, needs that helper too.
    await page.addInitScript('globalThis.__name = (fn) => fn;');
    await page.goto(`${siteOrigin}/`);
    await page.waitForLoadState('networkidle');
    const inputId = 'bench-originals';
    await page.evaluate((id) => {
      const input = document.createElement('input');
      input.type = 'file';
      input.multiple = true;
      input.hidden = true;
      input.id = id;
      document.body.append(input);
    }, inputId);
    await page.setInputFiles(
      `#${inputId}`,
      photos.map((p) => p.path),
    );

    const started = performance.now();
    await page.evaluate(naiveQuote, {
      inputId,
      submissionId: crypto.randomUUID(),
      fields: QUOTE_FIELDS,
      paths: API_PATHS,
    });
    return await measure(started, performance.now());
  } finally {
    await context.close();
  }
}

export async function measureUploads(siteOrigin: string): Promise<UploadsResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-photos-'));
  let browser: Browser | undefined;
  try {
    const photos = await makePhotos(dir);
    console.log(`  ${photos.length} photos generated`);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    const ours = await ourFlow(browser, siteOrigin, photos);
    console.log(`  ours: ${ours.seconds.toFixed(1)} s`);
    const naive = await naiveFlow(browser, siteOrigin, photos);
    console.log(`  naive: ${naive.seconds.toFixed(1)} s`);
    return { photos, ours, naive };
  } finally {
    await browser?.close();
    await rm(dir, { recursive: true, force: true });
  }
}
