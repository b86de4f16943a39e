/**
 * Writes build/client/zip/{prefix}.json from the `zipcodes` package: the quote form fetches the
 * file of a ZIP's first three digits to fill City and State (frontend/shared/zip-files.ts).
 *
 * Only ZIP codes of the 50 states and the District of Columbia are written: the site serves the
 * 50 states, and the State field gets the state's full name. Run after `react-router build`
 * (which empties build/client) and before postbuild.ts (which precompresses the files).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zipcodes from 'zipcodes';
import { states } from '../../frontend/content/states';
import { ZIP_FILES_DIR, type ZipPrefixFile } from '../../frontend/shared/zip-files';

export interface ZipRecord {
  zip: string;
  city: string;
  state: string;
  country: string;
}

/** Two-letter code → full name: our 50 states, plus DC, which the dataset lists as a state. */
export const STATE_NAMES: ReadonlyMap<string, string> = new Map([
  ...states.map((state) => [state.abbreviation, state.name] as const),
  ['DC', 'District of Columbia'],
]);

/** Groups US ZIP codes of known states by their first three digits. */
export function zipPrefixFiles(
  records: Iterable<ZipRecord>,
  stateNames: ReadonlyMap<string, string> = STATE_NAMES,
): Map<string, ZipPrefixFile> {
  const files = new Map<string, ZipPrefixFile>();
  for (const record of records) {
    const name = stateNames.get(record.state);
    if (record.country !== 'US' || !/^\d{5}$/.test(record.zip) || name === undefined) continue;
    const prefix = record.zip.slice(0, 3);
    const file = files.get(prefix) ?? { states: [], zips: {} };
    files.set(prefix, file);
    let index = file.states.indexOf(name);
    if (index === -1) index = file.states.push(name) - 1;
    file.zips[record.zip.slice(3)] = [record.city, index];
  }
  return files;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outDir = path.resolve(import.meta.dirname, '../../build/client', ZIP_FILES_DIR);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const files = zipPrefixFiles(Object.values(zipcodes.codes as Record<string, ZipRecord>));
  let bytes = 0;
  let largest = 0;
  for (const [prefix, file] of files) {
    const json = JSON.stringify(file);
    writeFileSync(path.join(outDir, `${prefix}.json`), json);
    bytes += json.length;
    largest = Math.max(largest, json.length);
  }
  console.log(
    `zip-files: ${files.size} files in build/client/${ZIP_FILES_DIR}, ${(bytes / 1024).toFixed(0)} KB in all, largest ${(largest / 1024).toFixed(1)} KB`,
  );
}
