/**
 * A quote request's two emails. The confirmation goes to any address a visitor types, so it shows
 * no description and reduces name and place to plain words: nothing a mail client could make a
 * link, except our own signed "View your request". Operations see every field, escaped.
 */
import { jobSummary, loadSizeText, pickupText } from '../shared/jobs/job-summary';
import {
  actions,
  email,
  escapeHtml,
  greeting,
  heading,
  notice,
  paragraph,
  plainWords,
  row,
  rows,
  safeHref,
  smallPrint,
  subheading,
  subjectSafe,
  table,
  thumbnails,
  zipDigits,
} from '../shared/mail/email-kit';
import type { EmailMessage, Row } from '../shared/mail/email-kit';
import type { BookingRequest } from '#contract/booking/booking';
import { ESTIMATE_NOTE } from '#contract/booking/pricing';

export interface LeadForEmail {
  reference: string;
  submissionId: string;
  /** ISO 8601, UTC. */
  receivedAt: string;
  request: BookingRequest;
  links?: { viewRequest?: string; sendQuote?: string };
  confirmationWithheld?: 'limit' | 'daily-cap';
}

export function withheldMarker(reason: 'limit' | 'daily-cap'): string {
  return `confirmation withheld: ${reason === 'limit' ? 'limit' : 'daily cap'}`;
}

function mediaSummary(request: BookingRequest): string {
  if (request.videoUrl !== undefined) return '1 video';
  return request.photoUrls.length === 1 ? '1 photo' : `${request.photoUrls.length} photos`;
}

const NEXT_STEPS = [
  'A verified, licensed and insured local hauler reviews your request.',
  'You typically get a flat-rate quote within minutes, with no hidden fees.',
  'Pickup is often available the same day or the next day.',
] as const;

const NOT_YOU =
  'Did not request a quote? You can ignore this email; nothing is booked without you.';

function jobRows(request: BookingRequest): Row[] {
  return [
    ['Load size', loadSizeText(request)],
    ['Pickup', pickupText(request)],
  ];
}

export function confirmationEmail(lead: LeadForEmail): EmailMessage {
  const { request, reference } = lead;
  const hello = greeting(request.name);
  const location = [
    [plainWords(request.city, 60), plainWords(request.state, 40)].filter(Boolean).join(', '),
    zipDigits(request.zipCode),
  ]
    .filter(Boolean)
    .join(' ');
  const details = rows([
    ['Location', location],
    ['Media', mediaSummary(request)],
    ...jobRows(request),
  ]);
  const estimate = request.loadSize === undefined ? [] : [ESTIMATE_NOTE];
  const view =
    lead.links?.viewRequest === undefined
      ? undefined
      : actions([{ label: 'View your request', href: lead.links.viewRequest }]);
  const thanks = 'Thanks for your bulk trash pickup request. Your reference is';

  return email(
    `We received your bulk trash pickup request (ref. ${reference})`,
    [
      heading('We received your quote request'),
      paragraph(escapeHtml(hello)),
      paragraph(`${thanks} <strong>${escapeHtml(reference)}</strong>.`),
      subheading('Your request'),
      table(details.html),
      ...estimate.map((note) => smallPrint(escapeHtml(note))),
      subheading('What happens next'),
      `<ol>${NEXT_STEPS.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ol>`,
      ...(view === undefined ? [] : [view.html]),
      smallPrint(escapeHtml(NOT_YOU)),
    ],
    [
      hello,
      '',
      `${thanks} ${reference}.`,
      '',
      'Your request',
      ...details.text,
      ...estimate,
      '',
      'What happens next',
      ...NEXT_STEPS.map((step, i) => `${i + 1}. ${step}`),
      '',
      ...(view === undefined ? [] : [...view.text, '']),
      NOT_YOU,
    ],
  );
}

export function operationsEmail(lead: LeadForEmail): EmailMessage {
  const { request, reference, submissionId, receivedAt } = lead;
  const marker =
    lead.confirmationWithheld === undefined ? undefined : withheldMarker(lead.confirmationWithheld);
  const subject = subjectSafe(
    `${marker === undefined ? '' : `[${marker}] `}New quote request ${reference}: ${request.city}, ${request.state} ${request.zipCode}`,
  );
  const summary = jobSummary(request);
  const title = `New quote request ${reference}`;
  const withheldNote = 'the homeowner was not emailed a confirmation.';
  const sendQuote =
    lead.links?.sendQuote === undefined
      ? undefined
      : actions([{ label: 'Send a quote', href: lead.links.sendQuote }]);
  const details = rows([
    ['Reference', reference],
    ['Submission ID', submissionId],
    ['Received', receivedAt],
    ['Name', request.name],
    ['Phone', request.phone, 'tel'],
    ['Email', request.email],
    ['City', request.city],
    ['State', request.state],
    ['Zip code', request.zipCode],
    ...jobRows(request),
  ]);
  const media =
    request.videoUrl !== undefined
      ? row(
          'Video',
          `<a href="${safeHref(request.videoUrl)}" target="_blank" rel="noopener">Watch the video</a>`,
        )
      : row(`Photos (${request.photoUrls.length})`, thumbnails(request.photoUrls));

  return email(
    subject,
    [
      `<p style="font-size:18px;font-weight:bold;margin:0 0 8px;">${escapeHtml(summary)}</p>`,
      heading(title),
      ...(marker === undefined
        ? []
        : [notice(`<strong>${escapeHtml(marker)}</strong>: ${escapeHtml(withheldNote)}`)]),
      ...(sendQuote === undefined ? [] : [sendQuote.html]),
      table([...details.html, ...rows([['Description', request.description]]).html, media]),
    ],
    [
      summary,
      title,
      ...(marker === undefined ? [] : ['', `${marker}: ${withheldNote}`]),
      '',
      ...(sendQuote === undefined ? [] : [...sendQuote.text, '']),
      ...details.text,
      '',
      'Description:',
      request.description,
      '',
      ...(request.videoUrl !== undefined
        ? [`Video: ${request.videoUrl}`]
        : [
            `Photos (${request.photoUrls.length}):`,
            ...request.photoUrls.map((url, i) => `${i + 1}. ${url}`),
          ]),
    ],
  );
}
