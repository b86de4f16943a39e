/**
 * The local stack's link-signing secret (production's lives in Secrets Manager): LINK_SECRET from
 * the environment when set, else a random one generated once into `{dataDir}/link-secret` (owner
 * read/write only), so links in local emails keep working across restarts. `.local/` is ignored by
 * git: the secret never reaches the repository.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function localLinkSecret(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.LINK_SECRET?.trim();
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'link-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
