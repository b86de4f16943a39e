/**
 * Local stand-ins for AWS: s3rver for S3 (data under .local/) and aws-ses-v2-local for SES v2
 * with its mail viewer. The Lambda handlers' real SDK clients are pointed at them through the
 * environment variables they read in production (plus the *_ENDPOINT overrides).
 */
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import sesLocalModule from 'aws-ses-v2-local';
import S3rver from 's3rver';
import { UPLOAD_HEADER_NAMES } from '../../lambdas/shared/upload-headers';

export const LOCAL_BUCKET = 'quote-photos';

// aws-ses-v2-local is CommonJS with `exports.default`; under ESM the function sits one level down.
const sesLocal =
  (sesLocalModule as unknown as { default?: typeof sesLocalModule }).default ?? sesLocalModule;

/** What the browser's presigned PUT needs from the bucket: the site's origin, PUT, our headers. */
function corsXml(siteOrigins: readonly string[]): string {
  const origins = siteOrigins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join('');
  const headers = UPLOAD_HEADER_NAMES.map((h) => `<AllowedHeader>${h}</AllowedHeader>`).join('');
  return `<CORSConfiguration><CORSRule>${origins}<AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>${headers}<ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

export async function startS3(options: {
  port: number;
  dataDir: string;
  siteOrigins: readonly string[];
}): Promise<{ close: () => Promise<void> }> {
  const directory = path.resolve(options.dataDir, 's3');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port,
    directory,
    silent: true,
    // Path-style URLs only: the presigned URL's host stays localhost:{port}.
    vhostBuckets: false,
    configureBuckets: [{ name: LOCAL_BUCKET, configs: [corsXml(options.siteOrigins)] }],
  });
  await server.run();
  return { close: () => server.close() };
}

export async function startSes(options: { port: number }): Promise<{ close: () => Promise<void> }> {
  const server: Server = await sesLocal({ host: '127.0.0.1', port: options.port });
  return {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
