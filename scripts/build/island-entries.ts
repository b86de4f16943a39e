/**
 * A Vite plugin that adds the pre-rendered pages' islands to the client build as entries of their
 * own, next to React Router's, so they share the React chunk with the app: the header island
 * (frontend/entry.islands.tsx, docs/decisions/024-content-page-islands.md) and the home page's
 * quote-form island (frontend/entry.quote-form.ts, docs/decisions/041-home-page-islands.md). It
 * writes `build/islands.json`, each entry's URL and every module it imports statically, outside
 * the deployed folder: postbuild puts them in the pages that name them, where React Router's
 * bootstrap is not.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import type { IslandName } from '../../frontend/shared/hydration/page-hydration';

/** Each island's entry module and the name of its chunk (`/assets/<name>-<hash>.js`). */
export const ISLAND_ENTRIES: Record<IslandName, { module: string; chunkName: string }> = {
  header: { module: 'frontend/entry.islands.tsx', chunkName: 'header-island' },
  'quote-form': { module: 'frontend/entry.quote-form.ts', chunkName: 'form-island' },
};

export interface IslandModules {
  /** The entry's URL, e.g. `/assets/header-island-abc123.js`. */
  entry: string;
  /** Every module the entry imports statically, directly or not: preloaded with it. */
  imports: string[];
}

export type IslandsManifest = Record<IslandName, IslandModules>;

/** One entry chunk and its static import closure, as site-absolute URLs. */
export function islandModules(bundle: OutputBundle, base: string, chunkName: string): IslandModules {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry && c.name === chunkName);
  if (!entry) throw new Error(`the client build has no ${chunkName} entry chunk`);
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

export function islandEntries(): Plugin {
  let manifest: IslandsManifest | undefined;
  const islands = Object.entries(ISLAND_ENTRIES) as [IslandName, { module: string; chunkName: string }][];
  return {
    name: 'island-entries',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildStart() {
      if (this.environment.config.command !== 'build') return;
      for (const [, { module, chunkName }] of islands) {
        this.emitFile({ type: 'chunk', id: module, name: chunkName });
      }
    },
    generateBundle(_options, bundle) {
      const base = this.environment.config.base;
      manifest = Object.fromEntries(
        islands.map(([name, { chunkName }]) => [name, islandModules(bundle, base, chunkName)]),
      ) as IslandsManifest;
    },
    writeBundle() {
      const outDir = path.resolve(this.environment.config.root, this.environment.config.build.outDir);
      writeFileSync(
        path.join(path.dirname(outDir), 'islands.json'),
        `${JSON.stringify(manifest, null, 2)}\n`,
      );
    },
  };
}
