import { describe, expect, it, vi } from 'vitest';
import { createZipLookup, lookupDigits } from './zip-lookup';

const prefix852 = {
  states: ['Arizona'],
  zips: { '01': ['Mesa', 0], '51': ['Scottsdale', 0] },
};

function fakeServer(files: Record<string, unknown>) {
  return vi.fn(async (url: string) =>
    url in files
      ? new Response(JSON.stringify(files[url]), { status: 200 })
      : new Response('<h1>404</h1>', { status: 404 }),
  );
}

describe('the ZIP lookup', () => {
  it('finds the city and the state’s full name from the prefix file', async () => {
    const fetchFile = fakeServer({ '/zip/852.json': prefix852 });
    const lookup = createZipLookup(fetchFile);
    await expect(lookup('85201')).resolves.toEqual({
      kind: 'found',
      city: 'Mesa',
      state: 'Arizona',
    });
    await expect(lookup('85251')).resolves.toEqual({
      kind: 'found',
      city: 'Scottsdale',
      state: 'Arizona',
    });
    // One file per prefix, fetched once.
    expect(fetchFile).toHaveBeenCalledTimes(1);
  });

  it('calls a ZIP unknown when its file has no such code, or there is no file for its prefix', async () => {
    const lookup = createZipLookup(fakeServer({ '/zip/852.json': prefix852 }));
    await expect(lookup('85299')).resolves.toEqual({ kind: 'unknown' });
    await expect(lookup('00000')).resolves.toEqual({ kind: 'unknown' });
  });

  it('says nothing when the file cannot be loaded, and tries again next time', async () => {
    const fetchFile = vi
      .fn<(url: string) => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(new Response('oops', { status: 503 }))
      .mockResolvedValue(new Response(JSON.stringify(prefix852), { status: 200 }));
    const lookup = createZipLookup(fetchFile);
    await expect(lookup('85201')).resolves.toEqual({ kind: 'unavailable' });
    await expect(lookup('85201')).resolves.toEqual({ kind: 'unavailable' });
    await expect(lookup('85201')).resolves.toMatchObject({ kind: 'found', city: 'Mesa' });
    expect(fetchFile).toHaveBeenCalledTimes(3);
  });

  it('looks up five digits, or ZIP+4 by its first five, and nothing else', () => {
    expect(lookupDigits('85201')).toBe('85201');
    expect(lookupDigits(' 85201-1234 ')).toBe('85201');
    expect(lookupDigits('8520')).toBeUndefined();
    expect(lookupDigits('852011')).toBeUndefined();
    expect(lookupDigits('8520a')).toBeUndefined();
  });
});
