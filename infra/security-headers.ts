/**
 * The security headers every response of the site carries: one source for CloudFront's response
 * headers policy (infra/site-headers.ts) and for the local Node server (scripts/), so both send the
 * same values.
 *
 * Pure and dependency-free on purpose: no aws-cdk import, so the local server can import it. In the
 * CDK app `uploadOrigin` is a token string (the quote-photos bucket's regional endpoint, resolved by
 * CloudFormation); plain string concatenation keeps it intact.
 *
 * The CSP deliberately has NO default-src and NO script-src: each pre-rendered page carries its own
 * `<meta http-equiv="Content-Security-Policy">` with `script-src 'self' 'sha256-…'` for its inline
 * scripts (injected at build time). Browsers enforce both policies, so this header adds the
 * directives a meta tag cannot carry (frame-ancestors) or that hold for every response, and the page
 * adds the script allowance that only the build knows.
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
