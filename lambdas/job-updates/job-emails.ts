/**
 * The job's emails between the homeowner, the accepted hauler and operations. User text (the
 * address, reasons, descriptions) is escaped by email-kit's rows and paragraphs; links are our own
 * signed links, built by the caller.
 */
import {
  actions,
  email,
  escapeHtml,
  greeting,
  heading,
  multiline,
  paragraph,
  rows,
  subjectSafe,
  table,
} from '../shared/mail/email-kit';
import type { EmailMessage, Row } from '../shared/mail/email-kit';
import type { StoredAddress, StoredPriceChange, StoredProblem } from '../shared/models/job-model';
import type { Lead } from '../shared/models/lead-model';
import { addressLine } from '#contract/core/contact-links';
import { JOB_TEXTS, PROBLEM_KINDS } from '#contract/loop/jobs';
import { STATUS_LABELS, formatPrice } from '#contract/loop/quote-loop';

function build(
  subject: string,
  intro: string,
  details: readonly Row[],
  links: Parameters<typeof actions>[0] = [],
) {
  const safe = subjectSafe(subject);
  const list = rows(details);
  const buttons = actions(links);
  return email(
    safe,
    [
      heading(safe),
      paragraph(multiline(intro)),
      table(list.html),
      ...(links.length > 0 ? [buttons.html] : []),
    ],
    [safe, '', intro, '', ...list.text, ...(links.length > 0 ? ['', ...buttons.text] : [])],
  );
}

/** To the homeowner when the hauler presses "On my way". */
export function onTheWayEmail(
  lead: Lead,
  hauler: { businessName: string; phone: string },
  viewLink: string,
): EmailMessage {
  const intro = `${greeting(lead.request.name)} ${hauler.businessName} is on the way to pick up your items (reference ${lead.reference}). If you need to reach them, call ${hauler.phone}.`;
  return build(
    JOB_TEXTS.onTheWaySubject,
    intro,
    [
      ['Hauler', hauler.businessName],
      ['Phone', hauler.phone, 'tel'],
    ],
    [{ label: 'View your request', href: viewLink }],
  );
}

/** To the accepted hauler when the homeowner gives (or corrects) the address. */
export function addressEmail(lead: Lead, address: StoredAddress, jobLink: string): EmailMessage {
  const { request } = lead;
  return build(
    JOB_TEXTS.addressSubject(lead.reference),
    'The homeowner gave the pickup address. It is also on your job page.',
    [
      ['Street', address.street, { map: addressLine(address.street, request) }],
      ['City', `${request.city}, ${request.state} ${request.zipCode}`],
      ['Access notes', address.accessNotes],
    ],
    [{ label: 'View the job', href: jobLink }],
  );
}

/** To the homeowner: a new price to approve or decline; the price moves only on approval. */
export function priceChangeEmail(
  lead: Lead,
  change: StoredPriceChange,
  hauler: string,
  links: { approve: string; decline: string },
): EmailMessage {
  const intro = `${greeting(lead.request.name)} ${hauler} asks to change the price of your pickup (reference ${lead.reference}) from ${formatPrice(change.fromDollars)} to ${formatPrice(change.priceDollars)}. The price changes only if you approve. If you decline, the price stays ${formatPrice(change.fromDollars)}.`;
  return build(
    JOB_TEXTS.priceChangeSubject(lead.reference, change.priceDollars),
    intro,
    [
      ['Current price', formatPrice(change.fromDollars)],
      ['New price', formatPrice(change.priceDollars)],
      ['Reason', change.reason],
    ],
    [
      { label: JOB_TEXTS.approve, href: links.approve },
      { label: JOB_TEXTS.decline, href: links.decline, secondary: true },
    ],
  );
}

/** To the hauler and operations: the homeowner's answer to a price change. */
export function priceAnsweredEmail(lead: Lead, change: StoredPriceChange): EmailMessage {
  const approved = change.state === 'approved';
  const subject = approved
    ? JOB_TEXTS.priceApprovedSubject(lead.reference, change.priceDollars)
    : JOB_TEXTS.priceDeclinedSubject(lead.reference, change.fromDollars);
  const intro = approved
    ? `The homeowner approved the new price of ${formatPrice(change.priceDollars)}.`
    : `The homeowner declined the new price of ${formatPrice(change.priceDollars)}. The price stays ${formatPrice(change.fromDollars)}. If the job cannot be done at that price, contact operations before the pickup.`;
  return build(subject, intro, [
    ['Reference', lead.reference],
    ['Asked', formatPrice(change.priceDollars)],
    ['Reason given', change.reason],
  ]);
}

/** To the homeowner: their hauler gave the job up; it is offered to other haulers again. */
export function reassignedHomeownerEmail(lead: Lead, viewLink: string): EmailMessage {
  const intro = `${greeting(lead.request.name)} The hauler who accepted your pickup (reference ${lead.reference}) can no longer do it. We are offering it to other local haulers now, and you will get their quotes by email. Nothing is charged.`;
  return build(
    JOB_TEXTS.reassignedSubject(lead.reference),
    intro,
    [],
    [{ label: 'View your request', href: viewLink }],
  );
}

/** To operations: who gave the job up, why, and whether it counts as a strike. */
export function reassignedOperationsEmail(
  lead: Lead,
  hauler: string,
  reason: string,
  late: boolean,
): EmailMessage {
  return build(
    `Reassigned: ${lead.reference}`,
    `${hauler} can't do this job. It is back in offers.`,
    [
      ['Reference', lead.reference],
      ['Hauler', hauler],
      ['Reason', reason],
      ['Strike', late ? 'Yes: less than 24 hours before the pickup' : 'No'],
    ],
  );
}

/** To operations, from "Report a problem", with the job's timeline. */
export function problemEmail(
  lead: Lead,
  problem: StoredProblem,
  hauler: string | undefined,
): EmailMessage {
  const { request } = lead;
  const timeline = (lead.statusHistory ?? []).map(
    ({ status, at }) => `${STATUS_LABELS[status] ?? status}: ${at}`,
  );
  const intro = `The homeowner of ${lead.reference} reported a problem: ${PROBLEM_KINDS[problem.kind]}.`;
  const details: Row[] = [
    ['Reference', lead.reference],
    ['Problem', PROBLEM_KINDS[problem.kind]],
    ['Description', problem.description],
    ['Hauler', hauler],
    ['Homeowner', request.name],
    ['Phone', request.phone, 'tel'],
    ['Email', request.email],
    ['Timeline', timeline.join('\n')],
  ];
  const subject = subjectSafe(JOB_TEXTS.problemSubject(lead.reference, problem.kind));
  const list = rows(details);
  return email(
    subject,
    [heading(subject), paragraph(escapeHtml(intro)), table(list.html)],
    [subject, '', intro, '', ...list.text],
  );
}
