/**
 * The hauler application path through the API of the running local stack, as the pages will drive
 * it: certificate upload URL, PUT to local S3, apply, the "Confirm my email" link from the mail
 * viewer, operations' "Review" link, the certificate opened through its presigned GET, approval.
 */
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { VALID_HAULER_APPLICATION } from '../fixtures/hauler';
import { blankPdf } from '../fixtures/pdf';
import { sentMail } from './helpers/local-stack';
import type { SentMail } from './helpers/local-stack';
import { postJson } from './helpers/quote-loop';
import { API_PATHS } from '#contract/core/api';
import { addDays, utcToday } from '#contract/core/calendar-date';
import { HAULER_TEXTS } from '#contract/haulers/hauler-api';
import type { ApplicationCertificateUpload, HaulerReviewView } from '#contract/haulers/hauler-api';
import { LOOP_MESSAGES } from '#contract/loop/quote-loop';

/** A real one-page PDF, made by pdf-lib: the certificate check reads it whole. */
const PDF = await blankPdf();

/** The one email whose subject is `subject` and that names `needle`, once it has arrived. */
async function mailWith(request: APIRequestContext, subject: string, needle: string) {
  const find = async () =>
    (await sentMail(request)).find(
      (m) =>
        m.subject === subject &&
        `${m.destination.to.join(',')}${m.body.text ?? ''}${m.body.html ?? ''}`.includes(needle),
    );
  await expect.poll(async () => (await find()) !== undefined).toBe(true);
  return (await find())!;
}

/** The token of the button `label`: from the text part's "Label: URL" line, else the HTML's link. */
function tokenOf(mail: SentMail, label: string): string {
  const line = (mail.body.text ?? '').split('\n').find((l) => l.startsWith(`${label}: `));
  const button = (mail.body.html ?? '').match(new RegExp(`href="[^"]*#t=([^"]+)"[^>]*>${label}<`));
  const token = line?.split('#t=')[1]?.trim() ?? button?.[1];
  if (token === undefined) throw new Error(`no "${label}" link in ${mail.subject}`);
  return token;
}

async function applyWithCertificate(request: APIRequestContext) {
  const insuranceCertificate = { contentType: 'application/pdf', size: PDF.length };
  // The certificate's URL mints the application's id (decision 044).
  const upload = await postJson(request, API_PATHS.certificateUrl, { insuranceCertificate });
  expect(upload.status).toBe(200);
  const { applicationId, url, headers } = upload.json as unknown as ApplicationCertificateUpload;
  const email = `hauler.${applicationId.slice(0, 8)}@example.com`;
  const businessName = `Desert Haul ${applicationId.slice(0, 8)}`;
  const put = await request.put(url, { headers, data: PDF });
  expect(put.ok()).toBe(true);
  const applied = await postJson(request, API_PATHS.apply, {
    ...VALID_HAULER_APPLICATION,
    applicationId,
    email,
    businessName,
    insuranceCertificate,
  });
  expect([applied.status, applied.json]).toEqual([200, { ok: true }]);
  return { applicationId, email, businessName };
}

test('a hauler applies, confirms their email, and operations review the certificate and approve', async ({
  request,
}) => {
  const { email, businessName } = await applyWithCertificate(request);
  const confirmMail = await mailWith(request, 'Confirm your email to haul with us', email);
  expect(confirmMail.destination.to).toEqual([email]);
  const confirmToken = tokenOf(confirmMail, HAULER_TEXTS.confirmButton);

  const confirmed = await postJson(request, API_PATHS.confirm, { token: confirmToken });
  expect([confirmed.status, confirmed.json]).toEqual([200, { status: 'pending-review' }]);

  const opsMail = await mailWith(request, HAULER_TEXTS.operationsSubject(businessName), email);
  const reviewToken = tokenOf(opsMail, HAULER_TEXTS.reviewButton);
  const shown = await postJson(request, API_PATHS.review, { token: reviewToken });
  expect(shown.status).toBe(200);
  const view = shown.json.review as HaulerReviewView;
  expect(view.hauler).toMatchObject({ businessName, status: 'pending-review' });
  expect(view.coverage[0]).toMatchObject({ zipCode: '85001', city: 'Phoenix', state: 'AZ' });
  expect(view.can).toEqual({ approve: true, reject: true, approveRenewal: false });
  const certificate = await request.get(view.certificate!.url);
  expect(Buffer.from(await certificate.body()).equals(PDF)).toBe(true);

  const insuranceExpiresOn = addDays(utcToday(new Date()), 365);
  const approved = await postJson(request, API_PATHS.decide, {
    token: reviewToken,
    decision: 'approve',
    insuranceExpiresOn,
  });
  expect(approved.status).toBe(200);
  expect((approved.json.review as HaulerReviewView).hauler).toMatchObject({
    status: 'active',
    insuranceExpiresOn,
  });
  // Its own welcome, by its address: other specs approve haulers at the same time.
  const welcome = await mailWith(request, HAULER_TEXTS.approvedSubject, email);
  expect(welcome.destination.to).toEqual([email]);
  expect(tokenOf(welcome, HAULER_TEXTS.accountLinkButton)).toContain('.hauler.manage.');
});

test('a tampered confirm link changes nothing, and operations never hear of the application', async ({
  request,
}) => {
  const { email, businessName } = await applyWithCertificate(request);
  const confirmMail = await mailWith(request, 'Confirm your email to haul with us', email);
  const token = tokenOf(confirmMail, HAULER_TEXTS.confirmButton);
  const tampered = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
  const refused = await postJson(request, API_PATHS.confirm, { token: tampered });
  expect([refused.status, (refused.json.error as { message: string }).message]).toEqual([
    403,
    LOOP_MESSAGES.linkInvalid,
  ]);
  const subjects = (await sentMail(request)).map((m) => m.subject);
  expect(subjects).not.toContain(HAULER_TEXTS.operationsSubject(businessName));
});
