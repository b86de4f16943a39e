import { formatLongDate } from '#contract/core/calendar-date';
import { HAULER_STATUS_LABELS } from '#contract/haulers/hauler-status';
import { HAULER_TEXTS } from '#contract/haulers/hauler-api';
import type { CoveredZipView, HaulerProfileView } from '#contract/haulers/hauler-api';
import {
  HAULER_CONTACT_NAME_LABEL,
  HAULER_FIELD_LABELS,
  TRUCK_LABELS,
} from '#contract/haulers/haulers';

/** "Active", or "Not taking jobs until December 1, 2026" for a hauler who paused. */
export function statusText(hauler: HaulerProfileView): string {
  if (hauler.status === 'paused' && hauler.pausedUntil !== undefined) {
    return HAULER_TEXTS.pausedUntil(formatLongDate(hauler.pausedUntil));
  }
  return HAULER_STATUS_LABELS[hauler.status];
}

export function FactList({ rows }: { rows: ReadonlyArray<readonly [string, string]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-slate-600 sm:font-normal">{label}</dt>
          <dd className="mb-2 break-words text-slate-900 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The profile as the application gave it, plus what operations set on approval. The form's "Your
 * name" is right on the hauler's own page; operations read it as the business's contact.
 */
export function profileRows(
  hauler: HaulerProfileView,
  reader: 'hauler' | 'operations',
): Array<readonly [string, string]> {
  return [
    ['Status', statusText(hauler)],
    [HAULER_FIELD_LABELS.businessName, hauler.businessName],
    [reader === 'operations' ? HAULER_CONTACT_NAME_LABEL : HAULER_FIELD_LABELS.name, hauler.name],
    [HAULER_FIELD_LABELS.email, hauler.email],
    [HAULER_FIELD_LABELS.phone, hauler.phone],
    [HAULER_FIELD_LABELS.baseZipCode, hauler.baseZipCode],
    [HAULER_FIELD_LABELS.serviceRadiusMiles, `${hauler.serviceRadiusMiles} miles`],
    [HAULER_FIELD_LABELS.truck, TRUCK_LABELS[hauler.truck]],
    [HAULER_FIELD_LABELS.licenceNumber, hauler.licenceNumber ?? 'None given'],
    [
      'Insurance expires',
      hauler.insuranceExpiresOn === undefined
        ? 'Not approved yet'
        : formatLongDate(hauler.insuranceExpiresOn),
    ],
  ];
}

/**
 * The covered ZIPs, nearest first: a count and the cities up front, the full table on request (100
 * miles around a city is hundreds of ZIPs).
 */
export function CoverageList({ coverage }: { coverage: readonly CoveredZipView[] }) {
  const cities = [...new Set(coverage.map((zip) => `${zip.city}, ${zip.state}`))];
  const shown = cities.slice(0, 12);
  return (
    <div>
      <p className="text-slate-800">
        {coverage.length} ZIP codes in {cities.length} {cities.length === 1 ? 'city' : 'cities'}
        {shown.length > 0
          ? `: ${shown.join('; ')}${cities.length > shown.length ? '; …' : ''}`
          : ''}
      </p>
      <details className="mt-3">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-emerald-800 underline">
          Every ZIP code
        </summary>
        <div className="mt-2 max-h-96 overflow-auto rounded border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Covered ZIP codes, nearest first</caption>
            <thead className="sticky top-0 bg-slate-100">
              <tr>
                <th scope="col" className="px-3 py-2">
                  ZIP
                </th>
                <th scope="col" className="px-3 py-2">
                  City
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Miles
                </th>
              </tr>
            </thead>
            <tbody>
              {coverage.map((zip) => (
                <tr key={zip.zipCode} className="border-t border-slate-100">
                  <td className="px-3 py-1.5 tabular-nums">{zip.zipCode}</td>
                  <td className="px-3 py-1.5">
                    {zip.city}, {zip.state}
                  </td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{zip.miles.toFixed(1)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
