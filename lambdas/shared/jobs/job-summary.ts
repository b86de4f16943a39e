/**
 * The job at a glance, for both emails: "Half truck · est. $250–$400 · Tue, Nov 24, morning".
 * Every part comes from an enum, the price table or a validated YYYY-MM-DD date, never from the
 * visitor's free text (the state text only picks a row of the table).
 */
import type { BookingRequest } from '#contract/booking/booking';
import { formatPickupDate } from '#contract/core/calendar-date';
import { LOAD_SIZE_LABELS } from '#contract/booking/job-choices';
import type { PickupWindow } from '#contract/booking/job-choices';
import { estimateFor, formatRange } from '#contract/booking/pricing';

const WINDOW_WORDS: Record<PickupWindow, string> = {
  any: 'any time',
  morning: 'morning',
  afternoon: 'afternoon',
};

/** 'Half truck · est. $250–$400', or undefined when no size was chosen. */
export function loadSizeText(request: BookingRequest): string | undefined {
  if (request.loadSize === undefined) return undefined;
  const range = formatRange(estimateFor(request.loadSize, request.state));
  return `${LOAD_SIZE_LABELS[request.loadSize].label} · est. ${range}`;
}

/** 'Tue, Nov 24, morning', or 'As soon as possible, any time' when no day was chosen. */
export function pickupText(request: BookingRequest): string {
  const window = WINDOW_WORDS[request.pickupWindow ?? 'any'];
  const day =
    request.pickupDate === undefined ? 'As soon as possible' : formatPickupDate(request.pickupDate);
  return `${day}, ${window}`;
}

/** The operations email's first line. */
export function jobSummary(request: BookingRequest): string {
  return [loadSizeText(request) ?? 'Load size not given', pickupText(request)].join(' · ');
}
