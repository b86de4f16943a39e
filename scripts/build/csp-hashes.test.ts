import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  inlineScriptHashes,
  inlineStyleHashes,
  pagePolicy,
  styleAttributeHashes,
  withPagePolicy,
} from './csp-hashes';

const hash = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('per-page CSP', () => {
  it('hashes inline scripts but not external scripts or JSON-LD data blocks', () => {
    const html =
      '<script>window.a=1</script><script type="module">import("/x.js")</script>' +
      '<script src="/assets/a.js"></script><script type="application/ld+json">{"a":1}</script>';
    expect(inlineScriptHashes(html)).toEqual([hash('window.a=1'), hash('import("/x.js")')]);
  });

  it('hashes style attributes as the browser decodes them', () => {
    const html = '<span style="clip:rect(0, 0, 0, 0);font-family:&quot;x&quot;"></span>';
    expect(styleAttributeHashes(html)).toEqual([hash('clip:rect(0, 0, 0, 0);font-family:"x"')]);
  });

  it('allows an inline style element by its hash in style-src', () => {
    const html = '<html><head><style>a{color:red}</style></head><body></body></html>';
    expect(inlineStyleHashes(html)).toEqual([hash('a{color:red}')]);
    expect(pagePolicy(html)).toContain(`style-src 'self' ${hash('a{color:red}')};`);
  });

  it("never allows 'unsafe-inline' and forbids style attributes when a page has none", () => {
    const policy = pagePolicy('<html><head></head><body><script>a()</script></body></html>');
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).toBe(`script-src 'self' ${hash('a()')}; style-src 'self'; style-src-attr 'none'`);
  });

  it('puts the policy first in <head> and replaces an earlier one when run twice', () => {
    const once = withPagePolicy('<html><head><title>x</title></head><body></body></html>');
    expect(once).toMatch(/^<html><head><meta http-equiv="Content-Security-Policy" content="[^"]+"><title>/);
    const twice = withPagePolicy(once);
    expect(twice).toBe(once);
  });
});
