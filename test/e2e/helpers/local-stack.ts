import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Page, expect } from '@playwright/test';
import type { Faults } from '../../../scripts/local/fault-proxy';
import { VALID_FIELDS } from '../../fixtures/homeowner';
import { E2E_SES_PORT } from '../../../playwright.config';

export interface SentMail {
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  /** As aws-ses-v2-local keeps them: `content` in base64, as SES received it. */
  attachments?: { content: string; contentType: string; filename?: string; size: number }[];
}

/** Every email aws-ses-v2-local has received, oldest first. */
export async function sentMail(request: APIRequestContext): Promise<SentMail[]> {
  const response = await request.get(`http://localhost:${E2E_SES_PORT}/store`);
  const store = (await response.json()) as { emails: SentMail[] };
  return store.emails;
}

/**
 * The two emails one booking sends, once both have arrived: the confirmation to the homeowner
 * (their unique address) and the operations notification about them (which names that address).
 */
export async function bookingMail(
  request: APIRequestContext,
  address: string,
): Promise<{ confirmation: SentMail; notification: SentMail }> {
  const mine = async () =>
    (await sentMail(request)).filter(
      (m) => m.destination.to.includes(address) || m.body.html?.includes(address),
    );
  await expect.poll(async () => (await mine()).length).toBe(2);
  const mail = await mine();
  const confirmation = mail.find((m) => m.destination.to.includes(address));
  const notification = mail.find((m) => !m.destination.to.includes(address));
  if (!confirmation || !notification)
    throw new Error(`no confirmation and notification for ${address}`);
  return { confirmation, notification };
}

export async function setFaults(request: APIRequestContext, faults: Partial<Faults>) {
  const response = await request.post('/__local/faults', { data: faults });
  if (!response.ok()) throw new Error(`could not set faults: ${response.status()}`);
}

/** SES calls the local stack still holds back (`sesDelayMs`) or is delivering. */
export async function delayedSesCalls(request: APIRequestContext): Promise<number> {
  const response = await request.get('/__local/faults');
  return ((await response.json()) as { delayedSesCalls: number }).delayedSesCalls;
}

/**
 * Runs the outbox's sender as if hours had passed, an hour more on each run (past any backoff),
 * until a run finds nothing due: then every email the outbox kept is sent or given up. The local
 * server runs the sender one run at a time, as the job's reserved concurrency does in AWS.
 */
export async function drainOutboxUntilEmpty(request: APIRequestContext): Promise<void> {
  let hours = 1;
  await expect
    .poll(
      async () => {
        hours += 1;
        const at = new Date(Date.now() + hours * 60 * 60_000).toISOString();
        const response = await request.post('/__local/drain-outbox', { data: { at } });
        expect(response.ok()).toBe(true);
        return ((await response.json()) as { due: number }).due;
      },
      { timeout: 120_000, intervals: [100] },
    )
    .toBe(0);
}

export { VALID_FIELDS };

/** Fills the seven text fields with valid values; `overrides` changes some of them. */
export async function fillQuoteFields(page: Page, overrides: Record<string, string> = {}) {
  const values: Record<string, string> = { ...VALID_FIELDS, ...overrides };
  for (const [label, value] of Object.entries(values)) {
    await page.locator('#quote-form').getByLabel(label).fill(value);
  }
  return values;
}

/** Where s3rver keeps the e2e stack's bucket (LOCAL_DATA_DIR in playwright.config.ts). */
const s3Dir = path.resolve(import.meta.dirname, '../../../.local/e2e/s3/quote-photos');

/** Objects s3rver holds under a prefix (it keeps each object as a folder of data + metadata). */
export function storedKeys(prefix: string): string[] {
  const base = path.join(s3Dir, prefix);
  const found: string[] = [];
  const walk = (dir: string) => {
    let entries: string[] = [];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry);
      if (entry.endsWith('._S3rver_object'))
        found.push(path.relative(s3Dir, full).replace(/\._S3rver_object$/, ''));
      else if (statSync(full).isDirectory()) walk(full);
    }
  };
  walk(base);
  return found;
}
