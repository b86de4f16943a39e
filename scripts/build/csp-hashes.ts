import { createHash } from 'node:crypto';

/** Inline, executable scripts: no src, and not a JSON or JSON-LD data block (CSP does not govern those). */
const INLINE_SCRIPT =
  /<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g;
/** Inline style elements (the stylesheet, inlined by critical-path.ts). */
const INLINE_STYLE = /<style[^>]*>([\s\S]*?)<\/style>/g;
/** style="…" attributes in the markup (Headless UI renders one on a hidden element). */
const STYLE_ATTRIBUTE = /\sstyle="([^"]*)"/g;
const CSP_META = /<meta http-equiv="Content-Security-Policy"[^>]*>/;

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The CSP source expression of each inline script's SHA-256, e.g. `'sha256-abc…='`. */
export function inlineScriptHashes(html: string): string[] {
  return [...new Set([...html.matchAll(INLINE_SCRIPT)].map((m) => sha256(m[1] ?? '')))];
}

/** The CSP source expression of each inline `<style>` element's SHA-256. */
export function inlineStyleHashes(html: string): string[] {
  return [...new Set([...html.matchAll(INLINE_STYLE)].map((m) => sha256(m[1] ?? '')))];
}

/** The SHA-256 of each distinct style attribute value, as the browser sees it (decoded). */
export function styleAttributeHashes(html: string): string[] {
  return [
    ...new Set([...html.matchAll(STYLE_ATTRIBUTE)].map((m) => sha256(decodeAttribute(m[1] ?? '')))),
  ];
}

/** This page's own policy: scripts and styles from its origin, its inline ones by hash only. */
export function pagePolicy(html: string): string {
  const styleHashes = styleAttributeHashes(html);
  return [
    ["script-src 'self'", ...inlineScriptHashes(html)].join(' '),
    ["style-src 'self'", ...inlineStyleHashes(html)].join(' '),
    styleHashes.length
      ? ["style-src-attr 'unsafe-hashes'", ...styleHashes].join(' ')
      : "style-src-attr 'none'",
  ].join('; ');
}

/**
 * Puts a `<meta http-equiv="Content-Security-Policy">` first in <head> with the page's own
 * policy, never 'unsafe-inline'. The server's CSP header carries every other directive; a
 * browser enforces both.
 */
export function withPagePolicy(html: string): string {
  const page = html.replace(CSP_META, '');
  return page.replace(
    '<head>',
    `<head><meta http-equiv="Content-Security-Policy" content="${pagePolicy(page)}">`,
  );
}
