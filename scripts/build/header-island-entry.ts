/**
 * A Vite plugin that adds the content pages' header island (frontend/entry.islands.tsx) to the
 * client build as an entry of its own, next to React Router's, so it shares the React chunk with
 * the app (docs/decisions/024-content-page-islands.md). It writes `build/header-island.json`, its
 * URL and every module it imports statically, outside the deployed folder: postbuild puts them in
 * the content pages, where React Router's bootstrap is not.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

export const HEADER_ISLAND_ENTRY = 'frontend/entry.islands.tsx';
export const HEADER_ISLAND_CHUNK_NAME = 'header-island';

export interface HeaderIslandManifest {
  /** The entry's URL, e.g. `/assets/header-island-abc123.js`. */
  entry: string;
  /** Every module the entry imports statically, directly or not: preloaded with it. */
  imports: string[];
}

/** The entry chunk and its static import closure, as site-absolute URLs. */
export function headerIslandManifest(bundle: OutputBundle, base: string): HeaderIslandManifest {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry && c.name === HEADER_ISLAND_CHUNK_NAME);
  if (!entry) throw new Error(`the client build has no ${HEADER_ISLAND_CHUNK_NAME} entry chunk`);
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    for (const imported of (bundle[fileName] as OutputChunk).imports) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      visit(imported);
    }
  };
  visit(entry.fileName);
  const url = (fileName: string) => `${base}${fileName}`;
  return { entry: url(entry.fileName), imports: [...seen].sort().map(url) };
}

export function headerIslandEntry(): Plugin {
  let manifest: HeaderIslandManifest | undefined;
  return {
    name: 'header-island-entry',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildStart() {
      if (this.environment.config.command !== 'build') return;
      this.emitFile({ type: 'chunk', id: HEADER_ISLAND_ENTRY, name: HEADER_ISLAND_CHUNK_NAME });
    },
    generateBundle(_options, bundle) {
      manifest = headerIslandManifest(bundle, this.environment.config.base);
    },
    writeBundle() {
      const outDir = path.resolve(this.environment.config.root, this.environment.config.build.outDir);
      writeFileSync(
        path.join(path.dirname(outDir), 'header-island.json'),
        `${JSON.stringify(manifest, null, 2)}\n`,
      );
    },
  };
}
