import { type ZipPrefixFile, zipPrefixPath } from '../../../shared/zip-files';

export type ZipLookup =
  | { kind: 'found'; city: string; state: string }
  /** No such ZIP in the dataset: the visitor gets 'Please enter a valid zip code'. */
  | { kind: 'unknown' }
  /** Offline or a server error: we cannot tell, so we say nothing and fill nothing. */
  | { kind: 'unavailable' };

/** The five digits a lookup needs: '85201' and '85201-1234' qualify, anything else does not. */
export function lookupDigits(zipCode: string): string | undefined {
  return /^(\d{5})(?:-\d{4})?$/.exec(zipCode.trim())?.[1];
}

function isPrefixFile(value: unknown): value is ZipPrefixFile {
  if (typeof value !== 'object' || value === null) return false;
  const { states, zips } = value as Partial<ZipPrefixFile>;
  return Array.isArray(states) && typeof zips === 'object' && zips !== null;
}

type Fetch = (url: string) => Promise<Response>;

/**
 * Looks a five-digit ZIP up in its prefix file. Each file is fetched once per page (a visitor
 * correcting a digit usually stays in the same prefix); a failed fetch is forgotten, so the next
 * keystroke tries again.
 */
export function createZipLookup(fetchFile: Fetch) {
  const files = new Map<string, Promise<ZipPrefixFile | null | undefined>>();

  const load = (prefix: string): Promise<ZipPrefixFile | null | undefined> => {
    let file = files.get(prefix);
    if (!file) {
      file = fetchFile(zipPrefixPath(prefix)).then(
        async (response) => {
          // No file for the prefix: no ZIP code starts with these three digits.
          if (response.status === 404) return null;
          const json: unknown = response.ok
            ? await response.json().catch(() => undefined)
            : undefined;
          return isPrefixFile(json) ? json : undefined;
        },
        () => undefined,
      );
      files.set(prefix, file);
      void file.then((loaded) => {
        if (loaded === undefined) files.delete(prefix);
      });
    }
    return file;
  };

  return async (zip: string): Promise<ZipLookup> => {
    const file = await load(zip.slice(0, 3));
    if (file === undefined) return { kind: 'unavailable' };
    const entry = file?.zips[zip.slice(3)];
    const state = entry ? file?.states[entry[1]] : undefined;
    if (!entry || state === undefined) return { kind: 'unknown' };
    return { kind: 'found', city: entry[0], state };
  };
}
