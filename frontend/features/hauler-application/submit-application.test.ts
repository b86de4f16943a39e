import { describe, expect, it, vi } from 'vitest';
import { emptyApplication, validateApplication } from './application-values';
import type { ApplicationValues } from './application-values';
import { UPLOAD_FAILED, submitApplication } from './submit-application';
import type { ApplicationDeps } from './submit-application';
import type { FunctionAnswer } from '../../shared/api/call-function';
import { UploadError } from '../../shared/api/put-file';
import { HAULER_API_PATHS } from '#contract/haulers/hauler-api';
import { haulerApplicationRequestSchema } from '#contract/haulers/hauler-schemas';
import { HAULER_MESSAGES } from '#contract/haulers/haulers';
import { VALID_HAULER_APPLICATION } from '../../../test/fixtures/hauler';

const pdf = () =>
  new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], 'c.pdf', { type: 'application/pdf' });

function filled(overrides: Partial<ApplicationValues> = {}): ApplicationValues {
  const { businessName, name, email, phone, baseZipCode, licenceNumber } = VALID_HAULER_APPLICATION;
  return {
    ...emptyApplication(),
    businessName,
    name,
    email,
    phone,
    baseZipCode,
    licenceNumber,
    serviceRadiusMiles: '25',
    truck: 'box-truck',
    insuranceCertificate: pdf(),
    agreement: true,
    ...overrides,
  };
}

const ok = <T>(body: T): FunctionAnswer<T> => ({ ok: true, status: 200, body });

/** The function's id for the n-th attempt it mints. */
const minted = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

/**
 * The functions as the form sees them: the certificate URL mints an id when none is named and
 * answers a named one with the same id, unless `answers` say otherwise.
 */
function fakeDeps(answers: Partial<Record<string, FunctionAnswer<unknown>>> = {}) {
  const calls: Array<{ path: string; payload: unknown }> = [];
  let ids = 0;
  const deps: ApplicationDeps = {
    call: vi.fn(async (path: string, payload: unknown) => {
      calls.push({ path, payload });
      const named = (payload as { applicationId?: string }).applicationId;
      return (answers[path] ??
        (path === HAULER_API_PATHS.certificateUrl
          ? ok({
              applicationId: named ?? minted(++ids),
              url: 'http://s3.test/put',
              headers: { 'content-type': 'application/pdf' },
            })
          : ok({ ok: true }))) as never;
    }) as ApplicationDeps['call'],
    put: vi.fn(async () => undefined),
  };
  return { deps, calls };
}

const idOf = (call: { payload: unknown } | undefined) =>
  (call?.payload as { applicationId?: string } | undefined)?.applicationId;

describe('the hauler application form', () => {
  it('asks for every required field of an empty form, with the contract’s messages', () => {
    const errors = validateApplication(emptyApplication());
    expect(Object.keys(errors).sort()).toEqual(
      [
        'agreement',
        'baseZipCode',
        'businessName',
        'email',
        'insuranceCertificate',
        'name',
        'phone',
        'serviceRadiusMiles',
        'truck',
      ].sort(),
    );
    expect(errors.businessName).toBe(HAULER_MESSAGES.businessNameRequired);
    expect(errors.agreement).toBe(HAULER_MESSAGES.agreementRequired);
  });

  it('refuses a certificate that is not a PDF, JPEG or PNG before anything is uploaded', () => {
    const word = new File(['x'], 'c.docx', { type: 'application/msword' });
    expect(validateApplication(filled({ insuranceCertificate: word })).insuranceCertificate).toBe(
      HAULER_MESSAGES.certificateType,
    );
  });

  it('sends the body the function’s strict schema accepts', async () => {
    const { deps, calls } = fakeDeps();
    expect(validateApplication(filled())).toEqual({});
    const { outcome } = await submitApplication(filled(), undefined, deps);
    expect(outcome).toEqual({ kind: 'sent' });
    expect(calls.map((call) => call.path)).toEqual([
      HAULER_API_PATHS.certificateUrl,
      HAULER_API_PATHS.apply,
    ]);
    expect(haulerApplicationRequestSchema.safeParse(calls[1]?.payload).success).toBe(true);
    expect(deps.put).toHaveBeenCalledOnce();
  });

  it('never makes the application’s id: it asks for the certificate URL with none and applies with the one minted', async () => {
    const { deps, calls } = fakeDeps();
    await submitApplication(filled(), undefined, deps);
    expect(calls[0]?.payload).not.toHaveProperty('applicationId');
    expect(idOf(calls[1])).toBe(minted(1));
  });

  it('reuses the minted id when the upload failed and “Try again” is pressed with the same file, and mints anew for another file', async () => {
    const { deps, calls } = fakeDeps();
    deps.put = vi.fn().mockRejectedValueOnce(new UploadError('the connection was lost'));
    const values = filled();
    const first = await submitApplication(values, undefined, deps);
    expect(first.outcome.kind).toBe('failed');
    expect(first.attempt).toMatchObject({ applicationId: minted(1), uploaded: false });
    const second = await submitApplication(values, first.attempt, deps);
    expect(second.outcome).toEqual({ kind: 'sent' });
    expect(calls.map((call) => [call.path, idOf(call)])).toEqual([
      [HAULER_API_PATHS.certificateUrl, undefined],
      [HAULER_API_PATHS.certificateUrl, minted(1)],
      [HAULER_API_PATHS.apply, minted(1)],
    ]);
    // Another file is another attempt: the same form, a certificate chosen again.
    const other = fakeDeps();
    await submitApplication(filled({ insuranceCertificate: pdf() }), first.attempt, other.deps);
    expect(idOf(other.calls[0])).toBeUndefined();
  });

  it('starts afresh when the function no longer knows the id: says so, and the next press mints a new one', async () => {
    const unknown: FunctionAnswer<unknown> = {
      ok: false,
      status: 400,
      message: HAULER_MESSAGES.applicationIdUnknown,
      fields: { applicationId: HAULER_MESSAGES.applicationIdUnknown },
    };
    const { deps } = fakeDeps({ [HAULER_API_PATHS.apply]: unknown });
    const values = filled();
    const first = await submitApplication(values, undefined, deps);
    expect(first).toEqual({
      outcome: { kind: 'failed', message: HAULER_MESSAGES.applicationIdUnknown },
      attempt: undefined,
    });
    const again = fakeDeps();
    await submitApplication(values, first.attempt, again.deps);
    expect(again.calls.map((call) => [call.path, idOf(call)])).toEqual([
      [HAULER_API_PATHS.certificateUrl, undefined],
      [HAULER_API_PATHS.apply, minted(1)],
    ]);
  });

  it('starts afresh when the id has had all its certificate URLs (429)', async () => {
    const limited: FunctionAnswer<unknown> = { ok: false, status: 429, message: 'Too many URLs' };
    const { deps } = fakeDeps({ [HAULER_API_PATHS.certificateUrl]: limited });
    const file = pdf();
    const previous = { applicationId: minted(7), file, uploaded: false };
    const result = await submitApplication(filled({ insuranceCertificate: file }), previous, deps);
    expect(result).toEqual({
      outcome: { kind: 'failed', message: 'Too many URLs' },
      attempt: undefined,
    });
  });

  it('leaves an empty licence number out of the body', async () => {
    const { deps, calls } = fakeDeps();
    await submitApplication(filled({ licenceNumber: '  ' }), undefined, deps);
    expect(calls[1]?.payload).not.toHaveProperty('licenceNumber');
  });

  it('puts the function’s per-field refusals under the fields, and a retry with the same file does not upload it again', async () => {
    const refusal: FunctionAnswer<unknown> = {
      ok: false,
      status: 400,
      message: 'Invalid request',
      fields: { baseZipCode: HAULER_MESSAGES.baseZipCodeUnknown },
    };
    const { deps, calls } = fakeDeps({ [HAULER_API_PATHS.apply]: refusal });
    const values = filled();
    const first = await submitApplication(values, undefined, deps);
    expect(first.outcome).toEqual({ kind: 'fields', fields: refusal.fields });
    const again = fakeDeps();
    const second = await submitApplication(values, first.attempt, again.deps);
    expect(second.outcome).toEqual({ kind: 'sent' });
    expect(again.calls.map((call) => call.path)).toEqual([HAULER_API_PATHS.apply]);
    expect(idOf(again.calls[0])).toBe(idOf(calls[1]));
  });

  it('names the upload’s failure and sends no application when the PUT fails', async () => {
    const { deps, calls } = fakeDeps();
    deps.put = vi.fn(async () => {
      throw new UploadError('the connection was lost');
    });
    const { outcome } = await submitApplication(filled(), undefined, deps);
    expect(outcome).toEqual({ kind: 'failed', message: UPLOAD_FAILED('the connection was lost') });
    expect(calls.map((call) => call.path)).toEqual([HAULER_API_PATHS.certificateUrl]);
  });

  it('shows the limit’s message when the function refuses with a 429', async () => {
    const limited: FunctionAnswer<unknown> = { ok: false, status: 429, message: 'Too many' };
    const { deps } = fakeDeps({ [HAULER_API_PATHS.apply]: limited });
    const { outcome } = await submitApplication(filled(), undefined, deps);
    expect(outcome).toEqual({ kind: 'failed', message: 'Too many' });
  });
});
