/**
 * The offer email to a hauler and the escalation email to operations. An offer carries the job
 * (where to the ZIP, size, day and window, description, photos) and never the homeowner's name,
 * phone, email or street: those reach a hauler only when the homeowner accepts their quote.
 */
import {
  actions,
  email,
  escapeHtml,
  greeting,
  heading,
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
import type { EmailMessage } from '../shared/mail/email-kit';
import { withoutContact } from '../shared/text/contact-mask';
import { jobSummary, loadSizeText, pickupText } from '../shared/jobs/job-summary';
import type { Lead } from '../shared/models/lead-model';
import type { BookingRequest } from '#contract/booking/booking';
import { LOAD_SIZE_LABELS } from '#contract/booking/job-choices';
import { JOB_LIMITS, JOB_TEXTS } from '#contract/loop/jobs';
import { OFFERS_ENDED_TEXTS, OFFER_TEXTS } from '#contract/loop/offers';
import type { LeadOffer } from '#contract/loop/offers';

function near(request: BookingRequest): { zip: string; place: string } {
  const zip = zipDigits(request.zipCode).slice(0, 5);
  // City and state are typed by the homeowner too: the same rule as the description.
  const place = [
    plainWords(withoutContact(request.city), 60),
    plainWords(withoutContact(request.state), 40),
  ]
    .filter(Boolean)
    .join(', ');
  return { zip, place: place === '' ? zip : `${zip} (${place})` };
}

export function offerSubject(request: BookingRequest): string {
  const size =
    request.loadSize === undefined ? 'Size not given' : LOAD_SIZE_LABELS[request.loadSize].label;
  return subjectSafe(OFFER_TEXTS.offerSubject(near(request).zip, size, pickupText(request)));
}

function media(request: BookingRequest): { html: string; text: string[] } {
  if (request.videoUrl !== undefined) {
    return {
      html: row(
        'Video',
        `<a href="${safeHref(request.videoUrl)}" target="_blank" rel="noopener">Watch the video</a>`,
      ),
      text: [`Video: ${request.videoUrl}`],
    };
  }
  return {
    html: row(`Photos (${request.photoUrls.length})`, thumbnails(request.photoUrls)),
    text: [
      `Photos (${request.photoUrls.length}):`,
      ...request.photoUrls.map((url, i) => `${i + 1}. ${url}`),
    ],
  };
}

export function offerEmail(
  lead: Pick<Lead, 'reference' | 'request'>,
  offer: LeadOffer,
  quoteLink: string,
  offerHours: number,
): EmailMessage {
  const { request } = lead;
  const subject = offerSubject(request);
  const where = near(request);
  const intro = `A homeowner near ${where.zip} asked for a flat-rate quote, and you are one of the nearest haulers. Send your price, day and window from the button below.`;
  const details = rows([
    ['Reference', lead.reference],
    ['Near', where.place],
    ['From your base', `${offer.miles} miles`],
    ['Load size', loadSizeText(request) ?? 'Not given'],
    ['Pickup', pickupText(request)],
    ['Description', withoutContact(request.description, request)],
  ]);
  const photos = media(request);
  const button = actions([{ label: OFFER_TEXTS.sendQuote, href: quoteLink }]);
  const privacy = `The homeowner's name and contact details reach you only if they accept your quote. This offer ends when they accept a quote, cancel, or ${offerHours} hours after they asked.`;
  return email(
    subject,
    [
      heading(subject),
      paragraph(escapeHtml(intro)),
      button.html,
      table([...details.html, photos.html]),
      smallPrint(escapeHtml(privacy)),
    ],
    [intro, '', ...button.text, '', ...details.text, '', ...photos.text, '', privacy],
  );
}

/** To the homeowner, once: the offers' hours ended and no hauler quoted (issue 40, item 5). */
export function offersEndedEmail(
  lead: Pick<Lead, 'reference' | 'request'>,
  requestLink: string,
  newRequestLink: string,
  offerHours: number,
): EmailMessage {
  const T = OFFERS_ENDED_TEXTS;
  const subject = subjectSafe(T.subject(lead.reference));
  const hello = greeting(lead.request.name);
  const intro = T.intro(near(lead.request).zip, offerHours);
  const buttons = actions([
    { label: T.viewRequest, href: requestLink },
    { label: T.newRequest, href: newRequestLink, secondary: true },
  ]);
  const items = T.next.map((item) => `<li style="margin:0 0 8px;">${escapeHtml(item)}</li>`);
  return email(
    subject,
    [
      heading(T.heading),
      paragraph(escapeHtml(hello)),
      paragraph(escapeHtml(intro)),
      paragraph(escapeHtml(T.team)),
      subheading(T.nextHeading),
      `<ul style="margin:0 0 8px;padding-left:20px;">${items.join('')}</ul>`,
      buttons.html,
    ],
    [
      hello,
      '',
      intro,
      '',
      T.team,
      '',
      `${T.nextHeading}:`,
      ...T.next.map((item) => `- ${item}`),
      '',
      ...buttons.text,
    ],
    intro,
  );
}

export type EscalationReason = 'no-hauler' | 'no-quote';

export function escalationEmail(
  lead: Pick<Lead, 'reference' | 'request' | 'receivedAt'>,
  reason: EscalationReason,
  offers: readonly LeadOffer[],
  sendQuoteLink: string | undefined,
  escalationMinutes: number,
): EmailMessage {
  const { request } = lead;
  const subject = subjectSafe(OFFER_TEXTS.escalationSubject(lead.reference));
  const why =
    reason === 'no-hauler'
      ? `No active hauler covers ${near(request).zip} with a current certificate and offers to spare today: nobody was offered this job.`
      : `Nobody has quoted within ${escalationMinutes} minutes of the booking. Offers continue to nearby haulers meanwhile.`;
  const details = rows([
    ['Reference', lead.reference],
    ['Near', near(request).place],
    ['Job', jobSummary(request)],
    ['Booked', lead.receivedAt],
    [
      'Offered to',
      offers.length === 0
        ? 'nobody'
        : offers.map((offer) => `${offer.businessName} (${offer.miles} mi)`).join('\n'),
    ],
  ]);
  const button =
    sendQuoteLink === undefined
      ? undefined
      : actions([{ label: OFFER_TEXTS.sendQuote, href: sendQuoteLink }]);
  return email(
    subject,
    [
      heading(subject),
      paragraph(escapeHtml(why)),
      ...(button === undefined ? [] : [button.html]),
      table(details.html),
    ],
    [why, '', ...(button === undefined ? [] : [...button.text, '']), ...details.text],
  );
}

/** To operations: a hauler's job still not marked done hours after its window ended. */
export function notDoneEmail(
  lead: Lead,
  hauler: { businessName: string; phone: string; email: string } | undefined,
  pickup: string,
  jobStatus: string,
): EmailMessage {
  const subject = subjectSafe(JOB_TEXTS.notDoneSubject(lead.reference));
  const { request } = lead;
  const intro = `The pickup window (${pickup}) ended more than ${JOB_LIMITS.notDoneHours} hours ago and the hauler has not marked the job done. Please call the hauler, then the homeowner.`;
  const details = rows([
    ['Reference', lead.reference],
    ['Status', jobStatus],
    ['Hauler', hauler?.businessName],
    ['Hauler phone', hauler?.phone, 'tel'],
    ['Hauler email', hauler?.email],
    ['Homeowner', request.name],
    ['Phone', request.phone, 'tel'],
    ['Email', request.email],
    ['Location', `${request.city}, ${request.state} ${request.zipCode}`],
  ]);
  return email(
    subject,
    [heading(subject), paragraph(escapeHtml(intro)), table(details.html)],
    [subject, '', intro, '', ...details.text],
  );
}
