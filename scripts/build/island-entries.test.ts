import type { OutputBundle, OutputChunk } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { ISLAND_ENTRIES, islandModules } from './island-entries';

const HEADER_ISLAND_CHUNK_NAME = ISLAND_ENTRIES.header.chunkName;

const chunk = (fileName: string, imports: string[], entryName?: string) =>
  ({
    type: 'chunk',
    fileName,
    imports,
    isEntry: entryName !== undefined,
    name: entryName ?? fileName,
  }) as unknown as OutputChunk;

describe('islandModules', () => {
  it("lists the island entry and every module it imports statically, and nothing of the app's", () => {
    const bundle = {
      'assets/header-island-1.js': chunk(
        'assets/header-island-1.js',
        ['assets/site-header-2.js', 'assets/react-3.js'],
        HEADER_ISLAND_CHUNK_NAME,
      ),
      'assets/site-header-2.js': chunk('assets/site-header-2.js', ['assets/react-3.js', 'assets/paths-4.js']),
      'assets/react-3.js': chunk('assets/react-3.js', []),
      'assets/paths-4.js': chunk('assets/paths-4.js', []),
      'assets/entry.client-5.js': chunk('assets/entry.client-5.js', ['assets/router-6.js'], 'entry.client'),
      'assets/router-6.js': chunk('assets/router-6.js', ['assets/react-3.js']),
    } as unknown as OutputBundle;
    expect(islandModules(bundle, '/', HEADER_ISLAND_CHUNK_NAME)).toEqual({
      entry: '/assets/header-island-1.js',
      imports: ['/assets/paths-4.js', '/assets/react-3.js', '/assets/site-header-2.js'],
    });
  });

  it('fails when the build has no island entry', () => {
    expect(() => islandModules({} as OutputBundle, '/', 'form-island')).toThrow(
      /no form-island entry/,
    );
  });
});
