/**
 * The two emails of a quote request, as pure functions of the stored lead.
 *
 * The confirmation goes to whatever address the visitor typed, so anyone can make us send it to
 * anyone. It therefore carries no attacker-chosen link or markup: the description is never shown,
 * and the name, city and state are reduced to letters, spaces, apostrophes and hyphens (the ZIP to
 * digits and a hyphen). Without '.', ':', '/', '@' or digits nothing survives that a mail client
 * could turn into a link ('http://x.com' becomes 'httpxcom'), and HTML escaping stops markup.
 *
 * The operations notification goes to our own team and shows every field as typed, HTML-escaped.
 *
 * The quote loop adds one link of our own to each (docs/decisions/021-quote-loop.md): "View your
 * request" in the confirmation and "Send a quote" in the notification, both signed links to our
 * site built by the caller, never from anything the visitor typed.
 */
import { jobSummary, loadSizeText, pickupText } from './job-summary';
import type { BookingRequest } from '#contract/booking';
import { ESTIMATE_NOTE } from '#contract/pricing';

export interface LeadForEmail {
  reference: string;
  submissionId: string;
  /** ISO 8601, UTC. */
  receivedAt: string;
  request: BookingRequest;
  /** The quote loop's signed links, when the caller has a link secret. */
  links?: { viewRequest?: string; sendQuote?: string };
  /** Set when an abuse limit kept the homeowner's confirmation from going out. */
  confirmationWithheld?: 'limit' | 'daily-cap';
}

/** The operations email's marker for a confirmation an abuse limit kept back. */
export function withheldMarker(reason: 'limit' | 'daily-cap'): string {
  return `confirmation withheld: ${reason === 'limit' ? 'limit' : 'daily cap'}`;
}

export interface EmailMessage {
  subject: string;
  html: string;
  text: string;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

function truncate(text: string, maxCodePoints: number): string {
  return Array.from(text).slice(0, maxCodePoints).join('').trim();
}

/**
 * Letters (any script, with their accents), spaces, apostrophes and hyphens only; NFKC first, so
 * full-width look-alikes ('ｘ．ｃｏｍ') fold to ASCII and are stripped like the real thing.
 */
export function plainWords(text: string, maxCodePoints: number): string {
  const words = text
    .normalize('NFKC')
    .replace(/[^\p{L}\p{M}\s'’-]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
  return truncate(words, maxCodePoints);
}

/** A ZIP code as digits and a hyphen ('85001-1234'), nothing else. */
export function zipDigits(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[^0-9-]/g, '')
    .slice(0, 10);
}

/** Subject lines: no control or format characters (line breaks, bidi overrides), bounded length. */
export function subjectSafe(text: string): string {
  return truncate(text.replace(/[\p{Cc}\p{Cf}]/gu, ' ').replace(/\s+/gu, ' '), 150);
}

/** Links in the notification point at our own media; anything else becomes inert. */
function safeHref(url: string): string {
  return /^https?:\/\//i.test(url) ? escapeHtml(url) : '#';
}

function mediaSummary(request: BookingRequest): string {
  if (request.videoUrl !== undefined) return '1 video';
  return request.photoUrls.length === 1 ? '1 photo' : `${request.photoUrls.length} photos`;
}

export function layout(title: string, bodyHtml: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;line-height:1.5;">',
    '<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;">',
    bodyHtml,
    '</div></body></html>',
  ].join('\n');
}

const NEXT_STEPS = [
  'A verified, licensed and insured local hauler reviews your request.',
  'You typically get a flat-rate quote within minutes, with no hidden fees.',
  'Pickup is often available the same day or the next day.',
] as const;

/** A link styled as a button: inline styles only, as mail clients need. */
export function linkButtonHtml(href: string, label: string): string {
  return `<p style="margin:24px 0;"><a href="${escapeHtml(href)}" style="display:inline-block;background:#047857;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;">${escapeHtml(label)}</a></p>`;
}

const NOT_YOU =
  'Did not request a quote? You can ignore this email; nothing is booked without you.';

/** Load size with its estimate (when chosen) and the pickup time, as label and value. */
function jobRows(request: BookingRequest): Array<readonly [string, string]> {
  const size = loadSizeText(request);
  return [
    ...(size === undefined ? [] : [['Load size', size] as const]),
    ['Pickup', pickupText(request)],
  ];
}

/** The homeowner's confirmation: reference, a neutral summary, what happens next. No links. */
export function confirmationEmail(lead: LeadForEmail): EmailMessage {
  const { request, reference } = lead;
  const name = plainWords(request.name, 40);
  const greeting = name.length >= 2 ? `Hi ${name},` : 'Hello,';
  const location = [
    [plainWords(request.city, 60), plainWords(request.state, 40)].filter(Boolean).join(', '),
    zipDigits(request.zipCode),
  ]
    .filter(Boolean)
    .join(' ');
  const media = mediaSummary(request);
  const subject = `We received your bulk trash pickup request (ref. ${reference})`;

  const html = layout(
    subject,
    [
      '<h1 style="font-size:20px;margin:0 0 16px;">We received your quote request</h1>',
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>Thanks for your bulk trash pickup request. Your reference is <strong>${escapeHtml(reference)}</strong>.</p>`,
      '<h2 style="font-size:16px;margin:24px 0 8px;">Your request</h2>',
      '<table role="presentation" style="border-collapse:collapse;">',
      `<tr><td style="padding:2px 16px 2px 0;color:#71717a;">Location</td><td>${escapeHtml(location)}</td></tr>`,
      `<tr><td style="padding:2px 16px 2px 0;color:#71717a;">Media</td><td>${escapeHtml(media)}</td></tr>`,
      ...jobRows(request).map(
        ([label, value]) =>
          `<tr><td style="padding:2px 16px 2px 0;color:#71717a;">${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`,
      ),
      '</table>',
      ...(request.loadSize === undefined
        ? []
        : [`<p style="font-size:12px;color:#71717a;">${escapeHtml(ESTIMATE_NOTE)}</p>`]),
      '<h2 style="font-size:16px;margin:24px 0 8px;">What happens next</h2>',
      `<ol>${NEXT_STEPS.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ol>`,
      ...(lead.links?.viewRequest === undefined
        ? []
        : [linkButtonHtml(lead.links.viewRequest, 'View your request')]),
      `<p style="margin-top:24px;font-size:12px;color:#71717a;">${escapeHtml(NOT_YOU)}</p>`,
    ].join('\n'),
  );

  const text = [
    greeting,
    '',
    `Thanks for your bulk trash pickup request. Your reference is ${reference}.`,
    '',
    'Your request',
    `Location: ${location}`,
    `Media: ${media}`,
    ...jobRows(request).map(([label, value]) => `${label}: ${value}`),
    ...(request.loadSize === undefined ? [] : [ESTIMATE_NOTE]),
    '',
    'What happens next',
    ...NEXT_STEPS.map((step, i) => `${i + 1}. ${step}`),
    '',
    ...(lead.links?.viewRequest === undefined
      ? []
      : [`View your request: ${lead.links.viewRequest}`, '']),
    NOT_YOU,
    '',
  ].join('\n');

  return { subject, html, text };
}

function multilineHtml(text: string): string {
  return escapeHtml(text.replace(/\r\n?/g, '\n')).replace(/\n/g, '<br>');
}

function row(label: string, valueHtml: string): string {
  return `<tr><th align="left" valign="top" style="padding:4px 16px 4px 0;color:#71717a;font-weight:normal;white-space:nowrap;">${escapeHtml(label)}</th><td style="padding:4px 0;">${valueHtml}</td></tr>`;
}

function photoThumbnails(photoUrls: readonly string[]): string {
  return photoUrls
    .map((url, i) => {
      const href = safeHref(url);
      return `<a href="${href}" target="_blank" rel="noopener"><img src="${href}" alt="Photo ${i + 1}" width="160" style="width:160px;height:auto;border:1px solid #e4e4e7;border-radius:4px;margin:0 8px 8px 0;"></a>`;
    })
    .join('');
}

/** The operations notification: every field, the photos as linked thumbnails, the video link. */
export function operationsEmail(lead: LeadForEmail): EmailMessage {
  const { request, reference, submissionId, receivedAt } = lead;
  const marker =
    lead.confirmationWithheld === undefined ? undefined : withheldMarker(lead.confirmationWithheld);
  const subject = subjectSafe(
    `${marker === undefined ? '' : `[${marker}] `}New quote request ${reference}: ${request.city}, ${request.state} ${request.zipCode}`,
  );
  const fields: ReadonlyArray<readonly [string, string]> = [
    ['Name', request.name],
    ['Phone', request.phone],
    ['Email', request.email],
    ['City', request.city],
    ['State', request.state],
    ['Zip code', request.zipCode],
  ];

  const mediaHtml =
    request.videoUrl !== undefined
      ? row(
          'Video',
          `<a href="${safeHref(request.videoUrl)}" target="_blank" rel="noopener">Watch the video</a>`,
        )
      : row(`Photos (${request.photoUrls.length})`, photoThumbnails(request.photoUrls));

  const html = layout(
    subject,
    [
      `<p style="font-size:18px;font-weight:bold;margin:0 0 8px;">${escapeHtml(jobSummary(request))}</p>`,
      `<h1 style="font-size:20px;margin:0 0 16px;">New quote request ${escapeHtml(reference)}</h1>`,
      ...(marker === undefined
        ? []
        : [
            `<p style="padding:8px 12px;background:#fef3c7;border-radius:4px;"><strong>${escapeHtml(marker)}</strong>: the homeowner was not emailed a confirmation.</p>`,
          ]),
      ...(lead.links?.sendQuote === undefined
        ? []
        : [linkButtonHtml(lead.links.sendQuote, 'Send a quote')]),
      '<table role="presentation" style="border-collapse:collapse;width:100%;">',
      row('Reference', escapeHtml(reference)),
      row('Submission ID', escapeHtml(submissionId)),
      row('Received', escapeHtml(receivedAt)),
      ...fields.map(([label, value]) => row(label, escapeHtml(value))),
      ...jobRows(request).map(([label, value]) => row(label, escapeHtml(value))),
      row('Description', multilineHtml(request.description)),
      mediaHtml,
      '</table>',
    ].join('\n'),
  );

  const text = [
    jobSummary(request),
    `New quote request ${reference}`,
    ...(marker === undefined
      ? []
      : ['', `${marker}: the homeowner was not emailed a confirmation.`]),
    '',
    ...(lead.links?.sendQuote === undefined ? [] : [`Send a quote: ${lead.links.sendQuote}`, '']),
    `Reference: ${reference}`,
    `Submission ID: ${submissionId}`,
    `Received: ${receivedAt}`,
    ...fields.map(([label, value]) => `${label}: ${value}`),
    ...jobRows(request).map(([label, value]) => `${label}: ${value}`),
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
    '',
  ].join('\n');

  return { subject, html, text };
}
