/**
 * The hauler's own page behind "Open your hauler page": profile, coverage and certificate expiry;
 * radius and phone, pause and resume, and a new certificate. Opening it changes nothing.
 */
import { useState } from 'react';
import { ActionForm, Announcement } from '../action-form';
import type { FieldValues } from '../action-form';
import { CoverageList, FactList, profileRows, statusText } from '../hauler-facts';
import { RenewalForm } from './renewal-form';
import { HaulerStanding } from './hauler-standing';
import { WorkLists } from './work-lists';
import { PayoutsCard } from './payouts-card';
import { Card } from '../../../components/signed-page/page-parts';
import { SignedPage } from '../../../components/signed-page/signed-page';
import { useSignedView } from '../../../shared/api/use-signed-view';
import { addDays, formatLongDate, utcToday } from '#contract/core/calendar-date';
import { HAULER_API_MESSAGES, HAULER_API_PATHS, HAULER_TEXTS } from '#contract/haulers/hauler-api';
import { HAULER_STATUS_MESSAGES } from '#contract/haulers/hauler-status';
import type { HaulerAccountView } from '#contract/haulers/hauler-api';
import { homeownerFieldsSchema } from '#contract/core/fields';
import {
  HAULER_FIELD_LABELS,
  HAULER_LIMITS,
  HAULER_MESSAGES,
  SERVICE_RADII_MILES,
  pauseUntilError,
} from '#contract/haulers/haulers';
import { LIMITS } from '#contract/core/limits';

const pickAccount = (body: unknown) =>
  (body as { account?: HaulerAccountView } | undefined)?.account;

function detailsChange(values: FieldValues, account: HaulerAccountView) {
  const radius = Number(values.serviceRadiusMiles);
  return {
    kind: 'details',
    ...(radius === account.hauler.serviceRadiusMiles ? {} : { serviceRadiusMiles: radius }),
    ...(values.phone === account.hauler.phone ? {} : { phone: values.phone }),
  };
}

function validateDetails(values: FieldValues, account: HaulerAccountView) {
  const change = detailsChange(values, account);
  if (Object.keys(change).length === 1) return { phone: HAULER_MESSAGES.nothingToChange };
  if ('phone' in change) {
    const result = homeownerFieldsSchema.shape.phone.safeParse(values.phone);
    if (!result.success) return { phone: result.error.issues[0]?.message ?? '' };
  }
  return {};
}

function Changes({
  token,
  account,
  onView,
  onDone,
}: {
  token: string;
  account: HaulerAccountView;
  onView: (view: HaulerAccountView) => void;
  onDone: (text: string) => void;
}) {
  const today = utcToday(new Date());
  const common = { token, path: HAULER_API_PATHS.accountChange, onView, onDone, pick: pickAccount };
  const { can, hauler } = account;
  return (
    <>
      {can.changeDetails ? (
        <Card title="Change your radius or phone">
          <ActionForm
            {...common}
            // A new view resets the form to what is now stored.
            key={`${hauler.serviceRadiusMiles}-${hauler.phone}`}
            idPrefix="details"
            inputs={[
              {
                name: 'serviceRadiusMiles',
                label: HAULER_FIELD_LABELS.serviceRadiusMiles,
                kind: 'select',
                options: SERVICE_RADII_MILES.map((miles) => ({
                  value: String(miles),
                  label: `${miles} miles`,
                })),
              },
              {
                name: 'phone',
                label: HAULER_FIELD_LABELS.phone,
                kind: 'tel',
                maxLength: LIMITS.phone.max,
                autoComplete: 'tel',
              },
            ]}
            initialValues={{
              serviceRadiusMiles: String(hauler.serviceRadiusMiles),
              phone: hauler.phone,
            }}
            validate={(values) => validateDetails(values, account)}
            body={(values) => ({ change: detailsChange(values, account) })}
            button={HAULER_TEXTS.saveDetailsButton}
            busy="Saving…"
            done="Saved. Your coverage now follows the new radius."
          />
        </Card>
      ) : null}
      {can.pause ? (
        <Card title={hauler.status === 'paused' ? 'Change your pause' : 'Pause'}>
          <ActionForm
            {...common}
            idPrefix="pause"
            inputs={[
              {
                name: 'until',
                label: 'Not taking jobs until',
                kind: 'date',
                min: addDays(today, 1),
                max: addDays(today, HAULER_LIMITS.pauseMaxDaysAhead),
              },
            ]}
            initialValues={{ until: hauler.pausedUntil ?? '' }}
            validate={(values) => {
              const error = pauseUntilError(values.until ?? '', today);
              return error === undefined ? {} : { until: error };
            }}
            body={(values) => ({ change: { kind: 'pause', until: values.until } })}
            button={HAULER_TEXTS.pauseButton}
            busy="Pausing…"
            done="Paused: you get no new jobs until that day."
          >
            <p className="text-slate-800">
              You get no new jobs until the day you choose; you can resume sooner.
            </p>
          </ActionForm>
        </Card>
      ) : null}
      {can.resume ? (
        <Card title="Resume">
          <ActionForm
            {...common}
            idPrefix="resume"
            inputs={[]}
            initialValues={{}}
            body={() => ({ change: { kind: 'resume' } })}
            button={HAULER_TEXTS.resumeButton}
            busy="Resuming…"
            tone="secondary"
            done="Welcome back: you are taking jobs again."
          />
        </Card>
      ) : null}
    </>
  );
}

export function HaulerAccountPage() {
  const [state, setView] = useSignedView(HAULER_API_PATHS.account, pickAccount);
  const [said, setSaid] = useState<string>();
  return (
    <SignedPage title="Your hauler page" state={state} loadingText="Loading your hauler page…">
      {({ token, view }) => (
        <>
          <p className="text-lg text-slate-800">
            <strong>{view.hauler.businessName}</strong> · {statusText(view.hauler)}
          </p>
          <Announcement text={said} />
          {view.hauler.pausedForInsurance === true ? (
            <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-950">
              {HAULER_API_MESSAGES.insuranceExpiredPaused}
            </p>
          ) : null}
          {view.hauler.pausedForStrike === true ? (
            <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-950">
              {HAULER_STATUS_MESSAGES.strikePaused}
            </p>
          ) : null}
          <PayoutsCard token={token} view={view} onView={setView} />
          <WorkLists work={view.work} />
          <Card title="Your details">
            <FactList rows={profileRows(view.hauler, 'hauler')} />
          </Card>
          <Card title="Your rating and strikes">
            <HaulerStanding rating={view.rating} strikes={view.strikes} />
          </Card>
          <Card title="Where you work">
            <CoverageList coverage={view.coverage} />
          </Card>
          <Changes token={token} account={view} onView={setView} onDone={setSaid} />
          <Card title="Insurance certificate">
            <p className="text-slate-800">
              {view.hauler.insuranceExpiresOn === undefined
                ? 'No expiry date is recorded.'
                : `Your certificate expires on ${formatLongDate(view.hauler.insuranceExpiresOn)}.`}
            </p>
            {view.renewalPending ? (
              <p className="mt-2 font-semibold text-slate-900">{HAULER_TEXTS.renewalPending}</p>
            ) : null}
            {view.can.renewCertificate ? <RenewalForm token={token} onView={setView} /> : null}
          </Card>
        </>
      )}
    </SignedPage>
  );
}
