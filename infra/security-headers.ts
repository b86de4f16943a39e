/**
 * The security headers every response of the site carries: one source for CloudFront's response
 * headers policy (infra/site-headers.ts) and for the local Node server (scripts/), so both send the
 * same values.
 *
 * Pure and dependency-free on purpose: no aws-cdk import, so the local server can import it. In the
 * CDK app `uploadOrigin` is a token string (the quote-photos bucket's regional endpoint, resolved by
 * CloudFormation); plain string concatenation keeps it intact.
 *
 * Two policies, both enforced by the browser (decisions 005 and 019): this header holds every
 * directive that is the same site-wide, `default-src 'self'` and `frame-src 'none'` included; each
 * pre-rendered page adds a `<meta http-equiv="Content-Security-Policy">` with `script-src 'self'`
 * plus the SHA-256 of each of its inline scripts and the hashes of its style attributes (injected at
 * build time). A header cannot list every page's hashes, so its `script-src` and `style-src-attr`
 * admit inline code and the page's meta narrows that to its own hashes: an inline script runs only
 * if both policies allow it, i.e. only if the page's meta lists its hash.
 */

export interface SecurityHeadersOptions {
  /**
   * Origin the browser PUTs uploads to, e.g. `https://quote-photos-123-us-east-1.s3.us-east-1.amazonaws.com`
   * (locally the s3rver address). Added to connect-src.
   */
  uploadOrigin: string;
  /**
   * Emit `upgrade-insecure-requests` (default true). The local server serves plain http://localhost
   * and turns it off, or the browser would upgrade its uploads to https and fail.
   */
  upgradeInsecureRequests?: boolean;
}

/** Header name (lower case) → value. */
export function securityHeaders(opts: SecurityHeadersOptions): Record<string, string> {
  const csp = [
    "default-src 'self'",
    // Narrowed by each page's meta policy to the hashes of its own inline scripts (see above).
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "frame-src 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    `connect-src 'self' ${opts.uploadOrigin}`,
    "manifest-src 'self'",
    ...(opts.upgradeInsecureRequests === false ? [] : ['upgrade-insecure-requests']),
  ].join('; ');
  return {
    'content-security-policy': csp,
    'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };
}

/** Seconds a photo or video may be cached: the spec's 3600, whatever the uploader asked for. */
export const PHOTO_CACHE_CONTROL = 'max-age=3600';

/** Headers the photo responses must never carry, whatever the stored object says. */
export const PHOTO_REMOVED_HEADERS = ['content-disposition'] as const;

/**
 * The headers of `/quote-photos/*` responses (CloudFront's photo response headers policy and the
 * local server): the site's security headers, but a CSP that lets the response do nothing at all
 * (an image needs no scripts, and were anything but an image ever served it could not act), and
 * Cache-Control fixed at 3600 s.
 */
export function photoResponseHeaders(): Record<string, string> {
  const { 'content-security-policy': _sitePolicy, ...others } = securityHeaders({
    uploadOrigin: "'self'",
  });
  return {
    ...others,
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
    'cache-control': PHOTO_CACHE_CONTROL,
  };
}
