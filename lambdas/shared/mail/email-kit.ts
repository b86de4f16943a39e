// What every email is built from; parameters named `text` are escaped, `html` ones are not.
import { mapHref, telHref } from '#contract/core/contact-links';
import { EMAIL_BRAND } from '#contract/core/email-brand';

export interface EmailMessage {
  subject: string;
  html: string;
  text: string;
  attachments?: readonly EmailAttachment[];
}

/** A small text file sent with the email (a calendar invitation). */
export interface EmailAttachment {
  fileName: string;
  contentType: string;
  content: string;
}

/** Each text colour passes WCAG AA (4.5:1) on the background it is used on (email-kit.test.ts). */
export const EMAIL_COLOURS = {
  text: '#18181b',
  muted: '#52525b',
  page: '#f4f4f5',
  card: '#ffffff',
  accent: '#047857',
  onAccent: '#ffffff',
  link: '#065f46',
  border: '#e4e4e7',
  notice: '#fef3c7',
} as const;
const C = EMAIL_COLOURS;

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

export function multiline(text: string): string {
  return escapeHtml(text.replace(/\r\n?/g, '\n')).replace(/\n/g, '<br>');
}

function truncate(text: string, maxCodePoints: number): string {
  return Array.from(text).slice(0, maxCodePoints).join('').trim();
}

// Nothing a mail client could turn into a link; NFKC first, so look-alikes ('ｘ．ｃｏｍ') go too.
export function plainWords(text: string, maxCodePoints: number): string {
  const words = text
    .normalize('NFKC')
    .replace(/[^\p{L}\p{M}\s'’-]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
  return truncate(words, maxCodePoints);
}

export function zipDigits(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[^0-9-]/g, '')
    .slice(0, 10);
}

/** No control or format characters (line breaks, bidi overrides) in a header, bounded length. */
export function subjectSafe(text: string): string {
  return truncate(text.replace(/[\p{Cc}\p{Cf}]/gu, ' ').replace(/\s+/gu, ' '), 150);
}

/** An http(s) URL, escaped for an attribute; anything else becomes an inert '#'. */
export function safeHref(url: string): string {
  return /^https?:\/\//i.test(url) ? escapeHtml(url) : '#';
}

/** "Hi Jane Doe," from the name reduced to plain words, or "Hello," when too little survives. */
export function greeting(name: string): string {
  const words = plainWords(name, 40);
  return words.length >= 2 ? `Hi ${words},` : 'Hello,';
}

export function heading(text: string): string {
  return `<h1 style="font-size:20px;margin:0 0 16px;">${escapeHtml(text)}</h1>`;
}

export function subheading(text: string): string {
  return `<h2 style="font-size:16px;margin:24px 0 8px;">${escapeHtml(text)}</h2>`;
}

export function paragraph(html: string): string {
  return `<p>${html}</p>`;
}

export function smallPrint(html: string): string {
  return `<p style="font-size:14px;color:${C.muted};">${html}</p>`;
}

export function notice(html: string): string {
  return `<p style="padding:8px 12px;background:${C.notice};border-radius:4px;">${html}</p>`;
}

export function inlineLink(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="color:${C.link};">${escapeHtml(label)}</a>`;
}

/** A phone number as a `tel:` link, escaped. */
export function phoneLink(phone: string): string {
  return `<a href="${escapeHtml(telHref(phone))}" style="color:${C.link};">${escapeHtml(phone)}</a>`;
}

/** An address shown as written, linked to a maps search for `query` (street, city, state, ZIP). */
export function mapLink(addressText: string, query: string): string {
  return `<a href="${escapeHtml(mapHref(query))}" style="color:${C.link};">${multiline(addressText)}</a>`;
}

/** 'tel': the value is a phone number; `map`: the value is an address, found on a map by `map`. */
export type RowLink = 'tel' | { map: string };
export type Row = readonly [label: string, value: string | undefined, link?: RowLink];

export function row(label: string, valueHtml: string): string {
  return `<tr><td valign="top" style="padding:4px 16px 4px 0;color:${C.muted};white-space:nowrap;">${escapeHtml(label)}</td><td style="padding:4px 0;">${valueHtml}</td></tr>`;
}

function rowValueHtml(value: string, link: RowLink | undefined): string {
  if (link === undefined) return multiline(value);
  return link === 'tel' ? phoneLink(value) : mapLink(value, link.map);
}

/** The text part gives the map's URL after an address (text clients link phone numbers). */
function rowText(label: string, value: string, link: RowLink | undefined): string[] {
  const line = `${label}: ${value}`;
  return link === undefined || link === 'tel' ? [line] : [line, `Map: ${mapHref(link.map)}`];
}

export function rows(list: readonly Row[]): { html: string[]; text: string[] } {
  const present = list.filter((r): r is readonly [string, string, RowLink?] => r[1] !== undefined);
  return {
    html: present.map(([label, value, link]) => row(label, rowValueHtml(value, link))),
    text: present.flatMap(([label, value, link]) => rowText(label, value, link)),
  };
}

export function table(rowsHtml: readonly string[]): string {
  return [
    '<table role="presentation" style="border-collapse:collapse;width:100%;">',
    ...rowsHtml,
    '</table>',
  ].join('\n');
}

export interface Action {
  label: string;
  href: string;
  secondary?: boolean;
}

/** Buttons (inline styles only, as mail clients need) and their "Label: URL" lines. */
export function actions(list: readonly Action[]): { html: string; text: string[] } {
  const buttons = list.map(({ label, href, secondary }) => {
    const colours = secondary
      ? `background:${C.card};color:${C.link};border:2px solid ${C.link};`
      : `background:${C.accent};color:${C.onAccent};border:2px solid ${C.accent};`;
    return `<a href="${escapeHtml(href)}" style="display:inline-block;${colours}padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;margin:0 8px 8px 0;">${escapeHtml(label)}</a>`;
  });
  return {
    html: ['<p style="margin:24px 0 8px;">', ...buttons, '</p>'].join('\n'),
    text: list.map(linkText),
  };
}

export function thumbnails(photoUrls: readonly string[]): string {
  return photoUrls
    .map((url, i) => {
      const href = safeHref(url);
      return `<a href="${href}" target="_blank" rel="noopener"><img src="${href}" alt="Photo ${i + 1}" width="160" style="width:160px;height:auto;border:1px solid ${C.border};border-radius:4px;margin:0 8px 8px 0;"></a>`;
    })
    .join('');
}

export function linkText({ label, href }: Pick<Action, 'label' | 'href'>): string {
  return `${label}: ${href}`;
}

/** Mail clients show this much of the preview text at most. */
const PREHEADER_MAX = 140;

/**
 * The preview text an inbox shows after the subject, hidden in the email itself; the spacers
 * after it keep the client from filling the preview with the header and the body.
 */
function preheaderHtml(text: string): string {
  const spacers = '&#847;&zwnj;&nbsp;'.repeat(30);
  return `<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px;">${escapeHtml(text)}${spacers}</div>`;
}

/** The preview when an email names none: its first line that is not the subject or a greeting. */
export function defaultPreheader(subject: string, textLines: readonly string[]): string {
  const lead = textLines.find(
    (line) => line.trim() !== '' && line !== subject && !/^(Hi .*|Hello),$/.test(line),
  );
  return truncate(subjectSafe(lead ?? subject), PREHEADER_MAX);
}

// The brand band's text is `onAccent` on `accent`, the button's pair (tested for contrast).
function brandHeader(): string {
  return `<div style="max-width:600px;margin:0 auto;background:${C.accent};color:${C.onAccent};border-radius:8px 8px 0 0;padding:12px 24px;font-size:18px;font-weight:bold;">${escapeHtml(EMAIL_BRAND.name)}</div>`;
}

/** Where the mailer puts the footer (`withFooter`): after the card, before the body ends. */
const FOOTER_SLOT = '</body></html>';

function layout(title: string, preheader: string, bodyHtml: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    `<body style="margin:0;padding:24px 12px;background:${C.page};font-family:Arial,Helvetica,sans-serif;color:${C.text};line-height:1.5;">`,
    preheaderHtml(preheader),
    brandHeader(),
    `<div style="max-width:600px;margin:0 auto;background:${C.card};border-radius:0 0 8px 8px;padding:24px;">`,
    bodyHtml,
    `</div>${FOOTER_SLOT}`,
  ].join('\n');
}

/**
 * An email in the one layout: the brand header, the preview text (`preheader`, or the first line
 * of the text part that says something), the body. The mailer adds the footer (`withFooter`).
 */
export function email(
  subject: string,
  htmlBlocks: readonly string[],
  textLines: readonly string[],
  preheader: string = defaultPreheader(subject, textLines),
): EmailMessage {
  return {
    subject,
    html: layout(subject, truncate(subjectSafe(preheader), PREHEADER_MAX), htmlBlocks.join('\n')),
    text: [...textLines, ''].join('\n'),
  };
}

/** The footer of both parts: the brand and the support contact, our own text only. */
export function emailFooter(supportAddress: string): { html: string; text: string } {
  const mailto = `<a href="mailto:${escapeHtml(supportAddress)}" style="color:${C.link};">${escapeHtml(supportAddress)}</a>`;
  const brand = `${EMAIL_BRAND.name} · ${EMAIL_BRAND.tagline}`;
  return {
    html: `<div style="max-width:600px;margin:16px auto 0;padding:0 24px;font-size:13px;color:${C.muted};">${escapeHtml(brand)}<br>${escapeHtml(EMAIL_BRAND.supportLead)} ${mailto}.</div>\n`,
    text: ['--', brand, `${EMAIL_BRAND.supportLead} ${supportAddress}.`, ''].join('\n'),
  };
}

/**
 * Every email leaves with the footer, in both parts. Added once (a message that has it is
 * returned as it is), by the mailer, which knows the support address.
 */
export function withFooter(message: EmailMessage, supportAddress: string): EmailMessage {
  const footer = emailFooter(supportAddress);
  if (message.text.endsWith(footer.text)) return message;
  const at = message.html.lastIndexOf(FOOTER_SLOT);
  const html =
    at === -1
      ? `${message.html}${footer.html}`
      : `${message.html.slice(0, at)}${footer.html}${message.html.slice(at)}`;
  return { ...message, html, text: `${message.text}\n${footer.text}` };
}
