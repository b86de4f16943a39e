import type { Lead } from './lead-store';
import { allowed } from './lead-status';
import type { LeadFacts } from './lead-status';
import type { LinkClaims } from './signed-links';
import { usToday } from '#contract/calendar-date';
import { LOAD_SIZE_LABELS, PICKUP_DAY_LABELS, PICKUP_WINDOW_LABELS } from '#contract/job-choices';
import type { LoadSize } from '#contract/job-choices';
import type { LeadStatus, LeadView, QuoteView } from '#contract/quote-loop';

export function storedQuote(lead: Lead): QuoteView | undefined {
  const quote = lead.quote as QuoteView | undefined;
  return typeof quote === 'object' && quote !== null ? quote : undefined;
}

export function leadFacts(lead: Lead): LeadFacts {
  const quote = storedQuote(lead);
  return {
    status: lead.status,
    ...(quote === undefined ? {} : { quoteNumber: quote.number, pickupDate: quote.pickupDate }),
  };
}

function mediaSummary(lead: Lead): string {
  if (lead.request.videoUrl !== undefined) return '1 video';
  const count = lead.request.photoUrls.length;
  return count === 1 ? '1 photo' : `${count} photos`;
}

/** An optional form value as text: a string, or an object's string parts joined. */
function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'object' && value !== null) {
    const parts = Object.values(value).filter(
      (part): part is string => typeof part === 'string' && part.trim() !== '',
    );
    return parts.length > 0 ? parts.join(', ') : undefined;
  }
  return undefined;
}

/** The value itself when the map does not know it. */
function labelOf<K extends string>(labels: Record<K, string>, value: string): string {
  return Object.hasOwn(labels, value) ? labels[value as K] : value;
}

const LOAD_SIZE_NAMES = Object.fromEntries(
  Object.entries(LOAD_SIZE_LABELS).map(([size, { label }]) => [size, label]),
) as Record<LoadSize, string>;

/** In the words the form showed the homeowner. */
export function requestDetails(
  request: Record<string, unknown>,
): Array<{ label: string; value: string }> {
  const details: Array<{ label: string; value: string }> = [];
  const loadSize = text(request.loadSize);
  if (loadSize !== undefined) {
    details.push({ label: 'Load size', value: labelOf(LOAD_SIZE_NAMES, loadSize) });
  }
  const day = text(request.pickupDay);
  const date = text(request.pickupDate);
  if (day !== undefined || date !== undefined) {
    const value = [
      day === undefined || day === 'date' ? undefined : labelOf(PICKUP_DAY_LABELS, day),
      date,
    ]
      .filter((part): part is string => part !== undefined)
      .join(', ');
    details.push({ label: 'Preferred pickup', value });
  }
  const window = text(request.pickupWindow);
  if (window !== undefined) {
    details.push({ label: 'Preferred window', value: labelOf(PICKUP_WINDOW_LABELS, window) });
  }
  return details;
}

export function leadView(lead: Lead, claims: LinkClaims, now: Date): LeadView {
  const today = usToday(now);
  const facts = leadFacts(lead);
  const quote = storedQuote(lead);
  const decision = lead.decision as { reason?: string } | undefined;
  const history = (lead.statusHistory ?? []).map(({ status, at }) => ({
    status: status as LeadStatus,
    at,
  }));
  const base = {
    reference: lead.reference,
    status: lead.status,
    receivedAt: lead.receivedAt,
    history,
    ...(quote === undefined ? {} : { quote }),
    ...(typeof decision?.reason === 'string' && decision.reason !== ''
      ? { declineReason: decision.reason }
      : {}),
  };
  if (claims.role === 'operations') {
    const { request } = lead;
    return {
      ...base,
      role: 'operations',
      can: { quote: allowed('quote', facts, today), accept: false, decline: false, cancel: false },
      request: {
        name: request.name,
        phone: request.phone,
        email: request.email,
        city: request.city,
        state: request.state,
        zipCode: request.zipCode,
        description: request.description,
        photoUrls: request.photoUrls,
        ...(request.videoUrl === undefined ? {} : { videoUrl: request.videoUrl }),
        details: requestDetails(request as unknown as Record<string, unknown>),
      },
    };
  }
  const forThisQuote = quote !== undefined && claims.quote === quote.number;
  // Only homeowner links reach here (authorise admits no other); anything else reads as a view.
  const action = claims.action === 'accept' || claims.action === 'decline' ? claims.action : 'view';
  return {
    ...base,
    role: 'homeowner',
    action,
    can: {
      quote: false,
      accept: action === 'accept' && forThisQuote && allowed('accept', facts, today),
      decline: action === 'decline' && forThisQuote && allowed('decline', facts, today),
      cancel: action === 'view' && allowed('cancel', facts, today),
    },
    request: {
      city: lead.request.city,
      state: lead.request.state,
      zipCode: lead.request.zipCode,
      media: mediaSummary(lead),
    },
  };
}
