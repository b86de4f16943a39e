/**
 * "Job done": the receipt and after-photos the hauler uploaded (keys this job was given), each
 * checked by its bytes and copied, pinned to the version checked, to the private
 * `job-proof/{submissionId}/` prefix; then the job is marked done in one conditional write, and
 * only then are the homeowner and operations emailed (each email claimed: twice is once).
 */
import { checkUpload, copyChecked } from '../../shared/media/certificate-check';
import type { CheckedUpload, DocumentType } from '../../shared/media/certificate-check';
import { getHauler } from '../../shared/haulers/hauler-store';
import { countDoneJob } from '../../shared/haulers/hauler-jobs-done';
import type { JsonResult } from '../../shared/runtime/http';
import { authoriseLink } from '../../shared/auth/link-auth';
import { refusedLinkResult } from '../../shared/auth/link-results';
import { jobOf, jobPrice } from '../../shared/jobs/lead-job';
import { jobMoneyEvent } from '../../shared/payments/money-due';
import { quotePayments } from '../../shared/payments/money-start';
import type { StoredJob, StoredReceipt } from '../../shared/models/job-model';
import type { Lead } from '../../shared/models/lead-model';
import type { Mail } from '../../shared/mail/mailer';
import type { LinkHolder } from '../../shared/auth/link-view';
import { linkClaims, linkUrl, signLink } from '../../shared/links/signed-links';
import { applyJob, jobPatch } from '../apply-job';
import { doneEmail, doneOperationsEmail } from './done-emails';
import type { JobDeps } from '../job-deps';
import { decideDone } from './job-uploads';
import { answered, badRequest, deliverAll, fieldError, refused } from '../respond';
import {
  AFTER_PHOTO_CONTENT_TYPES,
  JOB_LIMITS,
  JOB_MESSAGES,
  RECEIPT_CONTENT_TYPES,
} from '#contract/loop/jobs';
import { jobDoneRequestSchema } from '#contract/loop/job-schemas';
import type { ReceiptContentType } from '#contract/loop/jobs';
import { jobProofKey, parseIncomingJobKey } from '#contract/booking/media-keys';
import type { JobUploadKind } from '#contract/booking/media-keys';
import { LOOP_PAGE_PATHS } from '#contract/core/pages';

const typeByExtension = <T extends string>(types: Record<T, string>) =>
  new Map(Object.entries(types).map(([type, extension]) => [extension as string, type as T]));
const RECEIPT_TYPES = typeByExtension(RECEIPT_CONTENT_TYPES);
const AFTER_PHOTO_TYPES = typeByExtension(AFTER_PHOTO_CONTENT_TYPES);

interface GivenUpload {
  incomingKey: string;
  name: string;
  contentType: DocumentType;
}

/** The upload behind `key` when this job gave it out (its quote, a number counted, its kind). */
function givenUpload(
  key: string,
  lead: Lead,
  job: StoredJob,
  kind: JobUploadKind,
): GivenUpload | undefined {
  const parsed = parseIncomingJobKey(key, lead.submissionId);
  if (parsed === undefined || parsed.kind !== kind || parsed.quote !== job.quote) return undefined;
  if (parsed.number < 1 || parsed.number > (job.uploadUrls ?? 0)) return undefined;
  const contentType = (kind === 'receipt' ? RECEIPT_TYPES : AFTER_PHOTO_TYPES).get(
    parsed.extension,
  );
  return contentType === undefined
    ? undefined
    : { incomingKey: key, name: parsed.name, contentType };
}

type Field = 'receiptKey' | 'afterPhotoKeys';

const FIELD_MESSAGES: Record<Field, { missing: string; wrong: string }> = {
  receiptKey: { missing: JOB_MESSAGES.receiptNotUploaded, wrong: JOB_MESSAGES.receiptType },
  afterPhotoKeys: {
    missing: JOB_MESSAGES.afterPhotoNotUploaded,
    wrong: JOB_MESSAGES.afterPhotoType,
  },
};

/** Checked and copied to the proof prefix, or the 400 naming the field. */
async function keepProof(
  deps: JobDeps,
  lead: Lead,
  upload: GivenUpload,
  field: Field,
): Promise<{ ok: true; key: string } | { ok: false; result: JsonResult }> {
  const messages = FIELD_MESSAGES[field];
  const check = await checkUpload(deps, upload.incomingKey, {
    contentType: upload.contentType,
    maxBytes: field === 'receiptKey' ? JOB_LIMITS.receiptMaxBytes : JOB_LIMITS.afterPhotoMaxBytes,
  });
  if (!check.ok) {
    const message = check.reason === 'not-uploaded' ? messages.missing : messages.wrong;
    return { ok: false, result: fieldError(field, message) };
  }
  const checked: CheckedUpload = check.checked;
  const key = jobProofKey(lead.submissionId, upload.name);
  if (!(await copyChecked(deps, checked, key))) {
    return { ok: false, result: fieldError(field, messages.missing) };
  }
  return { ok: true, key };
}

async function requestLinks(deps: JobDeps, lead: Lead) {
  const { current } = await deps.secrets();
  const now = deps.now();
  const link = (role: 'homeowner' | 'operations', action: 'view' | 'quote', path: string) =>
    linkUrl(
      deps.publicBaseUrl,
      path,
      signLink(linkClaims(lead.submissionId, role, action, now), current),
    );
  return {
    homeowner: link('homeowner', 'view', LOOP_PAGE_PATHS.request),
    operations: link('operations', 'quote', LOOP_PAGE_PATHS.operationsQuote),
  };
}

/**
 * Both emails of a done job, rendered for the lead as "done" leaves it: before its write, so that
 * they are stored with it (decision 059), or after, for a retry.
 */
async function doneMails(deps: JobDeps, lead: Lead): Promise<Mail[]> {
  const job = jobOf(lead);
  const receipt = job?.receipt;
  if (job === undefined || receipt === undefined) return [];
  const hauler = job.haulerId === undefined ? undefined : await getHauler(deps.table, job.haulerId);
  const facts = {
    receipt,
    hauler: hauler?.businessName,
    priceDollars: jobPrice(lead, job),
    afterPhotos: job.afterPhotoKeys?.length ?? 0,
    // An operations quote's job is paid directly, whatever the stage's setting (decision 062).
    ...(deps.payments === undefined
      ? {}
      : { payments: quotePayments({ haulerId: job.haulerId }, deps.payments.setting) }),
  };
  const links = await requestLinks(deps, lead);
  return [
    { key: 'done', to: lead.request.email, message: doneEmail(lead, facts, links.homeowner) },
    {
      key: 'done-ops',
      to: deps.operationsAddress,
      ...(deps.operationsConfigurationSet === undefined
        ? {}
        : { configurationSet: deps.operationsConfigurationSet }),
      message: doneOperationsEmail(lead, facts, links.operations),
    },
  ];
}

export async function jobDone(body: Record<string, unknown>, deps: JobDeps): Promise<JsonResult> {
  const auth = await authoriseLink(body, deps, { hauler: ['job'] });
  if (!auth.ok) return refusedLinkResult(auth);
  const parsed = jobDoneRequestSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues);
  const { receiptKey, facility } = parsed.data;
  const afterPhotoKeys = [...new Set(parsed.data.afterPhotoKeys ?? [])];
  const holder: LinkHolder = { claims: auth.claims, viewer: auth.viewer };
  const actor = { role: 'hauler' as const, haulerId: auth.hauler.haulerId };
  const { lead } = auth;
  const job = jobOf(lead);

  // Decided before any file is read: a job not this hauler's, or done already, reads nothing.
  const before = decideDone(lead, actor.haulerId, deps.now());
  if (before.kind === 'refuse') return refused(before.message, lead, holder, deps);
  let done = lead;
  // The emails written with "done" (decision 059); none when it was done already.
  let owed: readonly Mail[] = [];
  if (before.kind === 'change' && job !== undefined) {
    const receipt = givenUpload(receiptKey, lead, job, 'receipt');
    if (receipt === undefined) return fieldError('receiptKey', JOB_MESSAGES.receiptNotUploaded);
    const photos: GivenUpload[] = [];
    for (const key of afterPhotoKeys) {
      const photo = givenUpload(key, lead, job, 'after');
      if (photo === undefined) {
        return fieldError('afterPhotoKeys', JOB_MESSAGES.afterPhotoNotUploaded);
      }
      photos.push(photo);
    }
    const kept = await keepProof(deps, lead, receipt, 'receiptKey');
    if (!kept.ok) return kept.result;
    const photoKeys: string[] = [];
    for (const photo of photos) {
      const keptPhoto = await keepProof(deps, lead, photo, 'afterPhotoKeys');
      if (!keptPhoto.ok) return keptPhoto.result;
      photoKeys.push(keptPhoto.key);
    }
    const at = deps.now().toISOString();
    const stored: StoredReceipt = {
      key: kept.key,
      contentType: receipt.contentType as ReceiptContentType,
      facility,
      at,
    };
    const applied = await applyJob('done', lead, deps, actor, {
      // Rendered before the write and stored with it: a call dying after it loses no email.
      owes: (next) => doneMails(deps, next),
      patch: (current) =>
        jobPatch(current, {
          doneAt: at,
          receipt: stored,
          ...(photoKeys.length === 0 ? {} : { afterPhotoKeys: photoKeys }),
        }),
    });
    if (applied.kind === 'refused') return refused(applied.message, applied.lead, holder, deps);
    done = applied.lead;
    owed = applied.owed;
    console.info('job: done', { submissionId: done.submissionId, outcome: applied.kind });
  }
  // Counted on every call that finds the job done: a retry after a lost count counts it then.
  const doneJob = jobOf(done);
  if (doneJob?.haulerId !== undefined && doneJob.doneAt !== undefined) {
    await countDoneJob(deps.table, {
      haulerId: doneJob.haulerId,
      submissionId: done.submissionId,
      quote: doneJob.quote,
      at: doneJob.doneAt,
    });
  }
  // The receipt starts the objection window; the charge comes after it (decision 057).
  if (doneJob?.doneAt !== undefined && doneJob.receipt !== undefined) {
    await jobMoneyEvent(
      deps,
      { submissionId: done.submissionId, quote: doneJob.quote },
      { type: 'job-done', at: doneJob.doneAt, receipt: true },
    );
  }
  // Each email once whatever the retries and races.
  const sent = await deliverAll(done, owed.length > 0 ? owed : await doneMails(deps, done), deps);
  return answered(sent, done, holder, deps);
}
