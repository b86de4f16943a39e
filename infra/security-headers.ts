// The site's security headers, for CloudFront's response headers policy and the local server
// alike (so no aws-cdk import). The header's CSP admits inline code; each page's meta CSP narrows
// it to that page's hashes, and the browser enforces both (decisions 005, 019, 023).

export interface SecurityHeadersOptions {
  /**
   * The private bucket's origin: where the browser PUTs uploads (connect-src) and where a job's
   * receipt and after-photos are shown from short-lived presigned GETs (img-src).
   */
  uploadOrigin: string;
  /** Default true; off for plain-http localhost, whose uploads would otherwise be upgraded and fail. */
  upgradeInsecureRequests?: boolean;
}

export function securityHeaders(opts: SecurityHeadersOptions): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    "style-src-attr 'unsafe-inline'",
    "frame-src 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    `img-src 'self' data: blob: ${opts.uploadOrigin}`,
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

/** Whatever the uploader asked for. */
export const PHOTO_CACHE_CONTROL = 'max-age=3600';

/** Never on a photo response, whatever the stored object says. */
export const PHOTO_REMOVED_HEADERS = ['content-disposition'] as const;

/** The site's headers, but a CSP under which a response can do nothing at all. */
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
