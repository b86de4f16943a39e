/**
 * Helpers for the hauler side's end-to-end tests: a real (tiny) PDF certificate, an application
 * sent through the API as the form sends it, and the mail it produced.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { VALID_HAULER_APPLICATION } from '../../fixtures/hauler';
import { postJson } from './quote-loop';
import { HAULER_API_PATHS } from '#contract/hauler-api';

/** The smallest file every PDF reader opens: a real PDF by its bytes. */
export function certificatePdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );
}

export const uniqueHaulerEmail = (label: string) =>
  `hauler-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

/**
 * An application through the API: the certificate's URL, its PUT into quarantine, then the
 * application. Returns the last answer and the id.
 */
export async function applyByApi(
  request: APIRequestContext,
  overrides: Record<string, unknown> = {},
): Promise<{ status: number; json: Record<string, unknown>; applicationId: string }> {
  const applicationId = randomUUID();
  const pdf = certificatePdf();
  const insuranceCertificate = { contentType: 'application/pdf', size: pdf.length };
  const url = await postJson(request, HAULER_API_PATHS.certificateUrl, {
    applicationId,
    insuranceCertificate,
  });
  if (url.status !== 200) return { ...url, applicationId };
  const upload = url.json as { url: string; headers: Record<string, string> };
  const put = await request.put(upload.url, { headers: upload.headers, data: pdf });
  if (!put.ok()) throw new Error(`certificate PUT answered ${put.status()}`);
  const applied = await postJson(request, HAULER_API_PATHS.apply, {
    ...VALID_HAULER_APPLICATION,
    insuranceCertificate,
    applicationId,
    ...overrides,
  });
  return { ...applied, applicationId };
}
