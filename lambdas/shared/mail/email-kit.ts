// What every email is built from; parameters named `text` are escaped, `html` ones are not.

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

export type Row = readonly [label: string, value: string | undefined];

export function row(label: string, valueHtml: string): string {
  return `<tr><td valign="top" style="padding:4px 16px 4px 0;color:${C.muted};white-space:nowrap;">${escapeHtml(label)}</td><td style="padding:4px 0;">${valueHtml}</td></tr>`;
}

export function rows(list: readonly Row[]): { html: string[]; text: string[] } {
  const present = list.filter((r): r is readonly [string, string] => r[1] !== undefined);
  return {
    html: present.map(([label, value]) => row(label, multiline(value))),
    text: present.map(([label, value]) => `${label}: ${value}`),
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

function layout(title: string, bodyHtml: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    `<body style="margin:0;padding:24px;background:${C.page};font-family:Arial,Helvetica,sans-serif;color:${C.text};line-height:1.5;">`,
    `<div style="max-width:600px;margin:0 auto;background:${C.card};border-radius:8px;padding:24px;">`,
    bodyHtml,
    '</div></body></html>',
  ].join('\n');
}

export function email(
  subject: string,
  htmlBlocks: readonly string[],
  textLines: readonly string[],
): EmailMessage {
  return {
    subject,
    html: layout(subject, htmlBlocks.join('\n')),
    text: [...textLines, ''].join('\n'),
  };
}
