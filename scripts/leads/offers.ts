// `npm run leads -- show`: each offer, and the delays from booking to the first offer and the
// first quote, the figures "quotes within minutes" is held to.
import type { Lead } from '../../lambdas/shared/models/lead-model';
import { leadOffers } from '../../lambdas/shared/models/offer-model';

/** 42 → '42 s', 310 → '5 min 10 s', 7380 → '2 h 3 min'. */
export function formatDelay(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 === 0 ? '' : ` ${s % 60} s`}`;
  const minutes = Math.floor((s % 3600) / 60);
  return `${Math.floor(s / 3600)} h${minutes === 0 ? '' : ` ${minutes} min`}`;
}

function since(lead: Lead, at: unknown): string {
  if (typeof at !== 'string') return 'not yet';
  return `${at} (${formatDelay((Date.parse(at) - Date.parse(lead.receivedAt)) / 1000)} after booking)`;
}

export function offerLines(lead: Lead): string[] {
  const offers = leadOffers(lead);
  return [
    `  first offer ${since(lead, lead.firstOfferAt)}`,
    `  first quote ${since(lead, lead.firstQuoteAt)}`,
    ...(offers.length === 0
      ? [`  offers     none${typeof lead.dueAt === 'string' ? `, next run due ${lead.dueAt}` : ''}`]
      : offers.map(
          ([number, offer], i) =>
            `${i === 0 ? '  offers    ' : '            '} #${number} ${offer.businessName} · ${offer.miles} mi · round ${offer.round} · ${offer.sentAt} · email ${lead.emails?.[`offer-${number}`] ?? 'not sent'}`,
        )),
  ];
}
