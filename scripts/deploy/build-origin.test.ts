import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOriginProblem, expectedSiteOrigin, readBuildOrigins } from './build-origin';
import { builtSite } from './test-fixtures';

describe('readBuildOrigins', () => {
  it('finds the origin in the sitemap, robots.txt, the canonical tag and og:url', () => {
    const origins = readBuildOrigins(builtSite('https://www.haul.com'));
    expect([...origins]).toEqual([
      ['https://www.haul.com', ['sitemap.xml', 'robots.txt', 'canonical tag', 'og:url']],
    ]);
  });
});

describe('buildOriginProblem', () => {
  it('refuses a build made without VITE_SITE_ORIGIN, naming what says localhost and the fix', () => {
    const problem = buildOriginProblem(
      builtSite('http://localhost:3000'),
      'https://www.haul.com',
      'prod',
    );
    expect(problem).toMatch(
      /names http:\/\/localhost:3000 \(sitemap\.xml, robots\.txt, canonical tag, og:url\), but stage prod's site is https:\/\/www\.haul\.com: rebuild with VITE_SITE_ORIGIN=https:\/\/www\.haul\.com npm run deploy -- prod\.$/,
    );
  });

  it("accepts a build that names the site's own origin, whatever its case or final slash", () => {
    expect(
      buildOriginProblem(builtSite('https://WWW.haul.com'), 'https://www.haul.com', 'prod'),
    ).toBeUndefined();
  });

  it('refuses a folder that names no origin at all', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'bulk-trash-empty-'));
    expect(buildOriginProblem(empty, 'https://www.haul.com', 'dev')).toMatch(/names no origin/);
  });
});

describe('expectedSiteOrigin', () => {
  it('is siteUrl, else the custom domain, else the deployed SiteUrl, else unknown', () => {
    const deployed = 'https://d111.cloudfront.net';
    expect(
      expectedSiteOrigin({ siteUrl: 'https://a.com/', domainName: 'www.b.com' }, deployed),
    ).toBe('https://a.com');
    expect(expectedSiteOrigin({ domainName: 'WWW.b.com.' }, deployed)).toBe('https://www.b.com');
    expect(expectedSiteOrigin({}, deployed)).toBe(deployed);
    expect(expectedSiteOrigin({}, undefined)).toBeUndefined();
  });
});
