/**
 * Helpers for the hauler side's end-to-end tests: a real (tiny) PDF certificate, an application
 * sent through the API as the form sends it, and the mail it produced.
 */
import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { VALID_HAULER_APPLICATION } from '../../fixtures/hauler';
import { blankPdf } from '../../fixtures/pdf';
import { CONFIRM_SUBJECT } from '../../../lambdas/shared/haulers/hauler-emails';
import { sentMail } from './local-stack';
import type { SentMail } from './local-stack';
import { postJson } from './quote-loop';
import { addDays, utcToday } from '#contract/core/calendar-date';
import { HAULER_API_PATHS, HAULER_TEXTS } from '#contract/haulers/hauler-api';
import type { ApplicationCertificateUpload, HaulerAccountView } from '#contract/haulers/hauler-api';

/** A real one-page PDF, made by pdf-lib: the certificate check reads it whole. */
const CERTIFICATE_PDF = await blankPdf();

export function certificatePdf(): Buffer {
  return CERTIFICATE_PDF;
}

export const uniqueHaulerEmail = (label: string) =>
  `hauler-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

/**
 * An application through the API: the certificate's URL (which mints the application's id,
 * decision 044), its PUT into quarantine, then the application. Returns the last answer and the id.
 */
export async function applyByApi(
  request: APIRequestContext,
  overrides: Record<string, unknown> = {},
): Promise<{ status: number; json: Record<string, unknown>; applicationId: string }> {
  const pdf = certificatePdf();
  const insuranceCertificate = { contentType: 'application/pdf', size: pdf.length };
  const url = await postJson(request, HAULER_API_PATHS.certificateUrl, { insuranceCertificate });
  if (url.status !== 200) return { ...url, applicationId: '' };
  const upload = url.json as unknown as ApplicationCertificateUpload;
  const { applicationId } = upload;
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

/** The token of the email button `label`: its "Label: URL" line in the text part. */
export function buttonToken(mail: SentMail, label: string): string {
  const line = (mail.body.text ?? '').split('\n').find((l) => l.startsWith(`${label}: `));
  const token = line?.split('#t=')[1]?.trim();
  if (token === undefined) throw new Error(`no "${label}" link in ${mail.subject}`);
  return token;
}

/** The one email with `subject` whose recipients or text name every needle, once it has arrived. */
export async function mailWith(
  request: APIRequestContext,
  subject: string | RegExp,
  ...needles: [string, ...string[]]
): Promise<SentMail> {
  const find = async () =>
    (await sentMail(request)).find(
      (m) =>
        (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)) &&
        needles.every((needle) =>
          `${m.destination.to.join(',')}${m.body.text ?? ''}`.includes(needle),
        ),
    );
  await expect.poll(async () => (await find()) !== undefined).toBe(true);
  return (await find())!;
}

/**
 * An active hauler through the real path: apply (certificate and all), confirm from the email,
 * approve from operations' Review email with a certificate valid for a year.
 */
export async function approvedHauler(
  request: APIRequestContext,
  overrides: { businessName: string; baseZipCode: string; serviceRadiusMiles: number },
  /** `payouts: false` leaves payouts not set up, as for a hauler approved before them. */
  { payouts = true }: { payouts?: boolean } = {},
): Promise<{ email: string; businessName: string; manageToken: string }> {
  const email = uniqueHaulerEmail(overrides.baseZipCode);
  const applied = await applyByApi(request, { ...overrides, email });
  expect(applied.status).toBe(200);
  const confirm = await mailWith(request, CONFIRM_SUBJECT, email);
  const confirmed = await postJson(request, HAULER_API_PATHS.confirm, {
    token: buttonToken(confirm, HAULER_TEXTS.confirmButton),
  });
  expect(confirmed.status).toBe(200);
  const review = await mailWith(
    request,
    HAULER_TEXTS.operationsSubject(overrides.businessName),
    email,
  );
  const approved = await postJson(request, HAULER_API_PATHS.decide, {
    token: buttonToken(review, HAULER_TEXTS.reviewButton),
    decision: 'approve',
    insuranceExpiresOn: addDays(utcToday(new Date()), 365),
  });
  expect(approved.status).toBe(200);
  // Payments are on in the local stack: a hauler quotes only with payouts enabled (decision 055).
  const welcome = await mailWith(request, HAULER_TEXTS.approvedSubject, email);
  const manageToken = buttonToken(welcome, HAULER_TEXTS.accountLinkButton);
  if (payouts) await setUpPayouts(request, manageToken);
  return { email, businessName: overrides.businessName, manageToken };
}

/** The Express onboarding on the stand-in's hosted page, submitted as the hauler would. */
export async function finishOnboarding(request: APIRequestContext, url: string): Promise<string> {
  const opened = await request.get(url);
  expect(opened.status()).toBe(200);
  const finished = await request.post(url, {
    form: {
      action: 'finish',
      name: 'Pat Hauler',
      routingNumber: '110000000',
      accountNumber: '000123456789',
    },
    maxRedirects: 0,
  });
  expect(finished.status()).toBe(303);
  return finished.headers().location ?? '';
}

/**
 * Payouts set up through the hauler page's endpoint and the stand-in's onboarding page (what
 * "Set up payouts" does in the browser), then the state read back until it says enabled.
 */
export async function setUpPayouts(request: APIRequestContext, manageToken: string) {
  const link = await postJson(request, HAULER_API_PATHS.payouts, {
    token: manageToken,
    step: 'link',
  });
  expect(link.status, JSON.stringify(link.json)).toBe(200);
  await finishOnboarding(request, String(link.json.url));
  await expect
    .poll(async () => {
      const read = await postJson(request, HAULER_API_PATHS.payouts, {
        token: manageToken,
        step: 'refresh',
      });
      return (read.json.account as HaulerAccountView | undefined)?.payouts?.state;
    })
    .toBe('enabled');
}
