/**
 * Operations' page behind "Review": the application, its certificate (a short-lived link), the
 * coverage, and the decision. Opening it changes nothing; Approve and Reject are buttons that POST.
 */
import { useState } from 'react';
import { ActionForm, Announcement } from '../action-form';
import type { FieldValues } from '../action-form';
import { CoverageList, FactList, profileRows, statusText } from '../hauler-facts';
import { Card } from '../../../components/signed-page/page-parts';
import { SignedPage } from '../../../components/signed-page/signed-page';
import { useSignedView } from '../../../shared/api/use-signed-view';
import { addDays, formatLongDate, utcToday } from '#contract/core/calendar-date';
import {
  HAULER_API_PATHS,
  HAULER_COUNTED_LIMITS,
  HAULER_TEXTS,
} from '#contract/haulers/hauler-api';
import type { CertificateView, HaulerReviewView } from '#contract/haulers/hauler-api';
import { HAULER_LIMITS, insuranceExpiryError } from '#contract/haulers/haulers';
import { rejectionReasonSchema } from '#contract/haulers/hauler-schemas';

const pickReview = (body: unknown) => (body as { review?: HaulerReviewView } | undefined)?.review;

const FILE_KINDS: Record<CertificateView['contentType'], string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
};

function CertificateLink({ certificate, label }: { certificate: CertificateView; label: string }) {
  return (
    <div className="space-y-2">
      <a
        href={certificate.url}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex min-h-11 items-center font-semibold text-emerald-800 underline"
      >
        {label} ({FILE_KINDS[certificate.contentType]},{' '}
        {Math.max(1, Math.round(certificate.size / 1024))} KB)
      </a>
      <p className="text-sm text-slate-700">
        The link works for {Math.round(HAULER_COUNTED_LIMITS.certificateGetSeconds / 60)} minutes:
        reload this page for a new one.
      </p>
    </div>
  );
}

function expiryInput(today: string) {
  return {
    name: 'insuranceExpiresOn',
    label: HAULER_TEXTS.insuranceExpiresLabel,
    kind: 'date',
    min: addDays(today, 1),
    max: addDays(today, HAULER_LIMITS.insuranceMaxDaysAhead),
  } as const;
}

function validateExpiry(values: FieldValues, today: string) {
  const error = insuranceExpiryError(values.insuranceExpiresOn ?? '', today);
  return error === undefined ? {} : { insuranceExpiresOn: error };
}

function validateReason(values: FieldValues) {
  const result = rejectionReasonSchema.safeParse(values.reason ?? '');
  return result.success ? {} : { reason: result.error.issues[0]?.message ?? '' };
}

function Decisions({
  token,
  review,
  onView,
  onDone,
}: {
  token: string;
  review: HaulerReviewView;
  onView: (view: HaulerReviewView) => void;
  onDone: (text: string) => void;
}) {
  const today = utcToday(new Date());
  const common = { token, path: HAULER_API_PATHS.decide, onView, onDone, pick: pickReview };
  const { can } = review;
  if (!can.approve && !can.reject) {
    return (
      <Card title="Decision">
        <p className="text-slate-800">
          This hauler is “{statusText(review.hauler)}”: there is nothing to decide.
        </p>
      </Card>
    );
  }
  return (
    <>
      {can.approve ? (
        <Card title={HAULER_TEXTS.approveButton}>
          <ActionForm
            {...common}
            idPrefix="approve"
            inputs={[expiryInput(today)]}
            initialValues={{ insuranceExpiresOn: '' }}
            validate={(values) => validateExpiry(values, today)}
            body={(values) => ({
              decision: 'approve',
              insuranceExpiresOn: values.insuranceExpiresOn,
            })}
            button={HAULER_TEXTS.approveButton}
            busy="Approving…"
            done="Approved: the hauler has been emailed a link to their hauler page."
          >
            <p className="text-slate-800">
              Check the certificate first: approving asks for its expiry date, and the hauler is
              paused on that day unless they send a new one.
            </p>
          </ActionForm>
        </Card>
      ) : null}
      {can.reject ? (
        <Card title={HAULER_TEXTS.rejectButton}>
          <ActionForm
            {...common}
            idPrefix="reject"
            inputs={[
              {
                name: 'reason',
                label: HAULER_TEXTS.rejectionReasonLabel,
                kind: 'textarea',
                maxLength: HAULER_LIMITS.rejectionReason.max,
              },
            ]}
            initialValues={{ reason: '' }}
            validate={validateReason}
            body={(values) => ({ decision: 'reject', reason: values.reason })}
            button={HAULER_TEXTS.rejectButton}
            busy="Rejecting…"
            tone="secondary"
            done="Rejected: the applicant has been emailed the reason."
          />
        </Card>
      ) : null}
    </>
  );
}

export function HaulerReviewPage() {
  const [state, setView] = useSignedView(HAULER_API_PATHS.review, pickReview);
  const [said, setSaid] = useState<string>();
  const today = utcToday(new Date());
  return (
    <SignedPage title="Hauler application" state={state} loadingText="Loading the application…">
      {({ token, view }) => (
        <>
          <p className="text-lg text-slate-800">
            <strong>{view.hauler.businessName}</strong> · {statusText(view.hauler)}
          </p>
          <Announcement text={said} />
          <Card title="The application">
            <FactList
              rows={[
                ...profileRows(view.hauler, 'operations'),
                ['Applied', formatLongDate(view.hauler.appliedAt.slice(0, 10))],
              ]}
            />
          </Card>
          <Card title="Insurance certificate">
            {view.certificate === undefined ? (
              <p className="text-slate-800">No certificate is stored for this hauler.</p>
            ) : (
              <CertificateLink certificate={view.certificate} label="Open the certificate" />
            )}
          </Card>
          {view.renewal === undefined ? null : (
            <Card title="New insurance certificate">
              <CertificateLink certificate={view.renewal} label="Open the new certificate" />
              {view.can.approveRenewal ? (
                <div className="mt-4">
                  <ActionForm
                    token={token}
                    path={HAULER_API_PATHS.decide}
                    onView={setView}
                    onDone={setSaid}
                    pick={pickReview}
                    idPrefix="renewal"
                    inputs={[expiryInput(today)]}
                    initialValues={{ insuranceExpiresOn: '' }}
                    validate={(values) => validateExpiry(values, today)}
                    body={(values) => ({
                      decision: 'approve-renewal',
                      insuranceExpiresOn: values.insuranceExpiresOn,
                    })}
                    button={HAULER_TEXTS.approveRenewalButton}
                    busy="Approving…"
                    done="The new certificate is approved."
                  />
                </div>
              ) : null}
            </Card>
          )}
          <Card title="Coverage">
            <CoverageList coverage={view.coverage} />
          </Card>
          <Decisions token={token} review={view} onView={setView} onDone={setSaid} />
        </>
      )}
    </SignedPage>
  );
}
