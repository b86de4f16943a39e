/**
 * `npm start` / `npm run serve`: the whole product on one machine. Serves the pre-rendered build
 * with the production routing, 404 and security headers, and mounts the quote API.
 */
import { createServer } from 'node:http';
import path from 'node:path';
import { securityHeaders } from '../../infra/security-headers';
import { staticSite } from './static-site';

const root = path.resolve(import.meta.dirname, '../..');

export interface LocalConfig {
  host: string;
  port: number;
  s3Port: number;
  sesPort: number;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): LocalConfig {
  return {
    host: env.HOST ?? '127.0.0.1',
    port: Number(env.PORT ?? 3000),
    s3Port: Number(env.S3_PORT ?? 4569),
    sesPort: Number(env.SES_PORT ?? 8005),
  };
}

export async function startLocalServer(config: LocalConfig = configFromEnv()) {
  const site = staticSite(path.join(root, 'build/client'));
  const headers = securityHeaders({
    uploadOrigin: `http://localhost:${config.s3Port}`,
    upgradeInsecureRequests: false,
  });

  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    site(req, res);
  });
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = configFromEnv();
  await startLocalServer(config);
  console.log(`Site, APIs and photo links: http://localhost:${config.port}`);
}
