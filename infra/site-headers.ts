import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { Construct } from 'constructs';
import { PHOTO_REMOVED_HEADERS, photoResponseHeaders, securityHeaders } from './security-headers';

export interface SiteHeadersProps {
  uploadOrigin: string;
}

/** CloudFront's two response headers policies: the site's, and the photos' on /quote-photos/*. */
export class SiteHeaders extends Construct {
  readonly policy: cloudfront.ResponseHeadersPolicy;
  readonly photoPolicy: cloudfront.ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: SiteHeadersProps) {
    super(scope, id);
    this.policy = new cloudfront.ResponseHeadersPolicy(this, 'Policy', {
      comment: 'Bulk trash pickup security headers (infra/security-headers.ts)',
      ...responseHeadersBehaviors(securityHeaders({ uploadOrigin: props.uploadOrigin })),
    });
    this.photoPolicy = new cloudfront.ResponseHeadersPolicy(this, 'PhotoPolicy', {
      comment:
        'Quote photos: fixed Cache-Control, no Content-Disposition (infra/security-headers.ts)',
      ...responseHeadersBehaviors(photoResponseHeaders()),
      removeHeaders: [...PHOTO_REMOVED_HEADERS],
    });
  }
}

type Behaviors = Pick<
  cloudfront.ResponseHeadersPolicyProps,
  'securityHeadersBehavior' | 'customHeadersBehavior'
>;

/**
 * CloudFront rejects its "security headers" as custom ones. Throws on a value it cannot express,
 * so no header is silently dropped.
 */
export function responseHeadersBehaviors(headers: Record<string, string>): Behaviors {
  const security: Writable<cloudfront.ResponseSecurityHeadersBehavior> = {};
  const custom: cloudfront.ResponseCustomHeader[] = [];

  for (const [rawName, value] of Object.entries(headers)) {
    const name = rawName.toLowerCase();
    switch (name) {
      case 'content-security-policy':
        security.contentSecurityPolicy = { contentSecurityPolicy: value, override: true };
        break;
      case 'strict-transport-security':
        security.strictTransportSecurity = parseHsts(value);
        break;
      case 'x-content-type-options':
        if (value !== 'nosniff')
          throw new Error(`x-content-type-options can only be nosniff, got '${value}'.`);
        security.contentTypeOptions = { override: true };
        break;
      case 'x-frame-options': {
        const frameOption = Object.values(cloudfront.HeadersFrameOption).find(
          (o) => o === value.toUpperCase(),
        );
        if (frameOption === undefined) throw new Error(`Unsupported x-frame-options '${value}'.`);
        security.frameOptions = { frameOption, override: true };
        break;
      }
      case 'referrer-policy': {
        const referrerPolicy = Object.values(cloudfront.HeadersReferrerPolicy).find(
          (p) => p === value,
        );
        if (referrerPolicy === undefined)
          throw new Error(`Unsupported referrer-policy '${value}'.`);
        security.referrerPolicy = { referrerPolicy, override: true };
        break;
      }
      case 'x-xss-protection':
        throw new Error('x-xss-protection is obsolete; do not send it.');
      default:
        custom.push({ header: name, value, override: true });
    }
  }
  return {
    securityHeadersBehavior: security,
    ...(custom.length > 0 ? { customHeadersBehavior: { customHeaders: custom } } : {}),
  };
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** 'max-age=63072000; includeSubDomains; preload' → CloudFront's HSTS settings. */
function parseHsts(value: string): cloudfront.ResponseHeadersStrictTransportSecurity {
  const parts = value
    .split(';')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '');
  const maxAge = parts.find((part) => part.startsWith('max-age='));
  const seconds = maxAge === undefined ? Number.NaN : Number(maxAge.slice('max-age='.length));
  if (!Number.isInteger(seconds) || seconds < 0)
    throw new Error(`strict-transport-security needs max-age, got '${value}'.`);
  const unknown = parts.filter(
    (part) => part !== maxAge && part !== 'includesubdomains' && part !== 'preload',
  );
  if (unknown.length > 0)
    throw new Error(`Unsupported strict-transport-security directives: ${unknown.join(', ')}.`);
  return {
    accessControlMaxAge: Duration.seconds(seconds),
    includeSubdomains: parts.includes('includesubdomains'),
    preload: parts.includes('preload'),
    override: true,
  };
}
