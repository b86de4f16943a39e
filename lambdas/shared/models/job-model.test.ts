import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { countedUploads, storedJobSchema } from './job-model';
import { jobFacts } from '../jobs/job-status';
import { pickupAddressOf } from '../jobs/lead-job';
import { parseLead } from './lead-model';
import { StoredItemError } from '../runtime/stored-item';
import addressBeforeCorrections from '../../../test/fixtures/stored/lead-address-before-corrections.json';
import everyAttribute from '../../../test/fixtures/stored/lead-every-attribute.json';

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
});
afterEach(() => vi.restoreAllMocks());

describe('a stored job', () => {
  it('of today, with every part a writer sets, reads as stored', () => {
    expect(z.parse(storedJobSchema, everyAttribute.job)).toStrictEqual(everyAttribute.job);
  });

  it('whose rating is malformed makes its lead a StoredItemError naming the lead and the part', () => {
    const job = { ...everyAttribute.job, rating: { ...everyAttribute.job.rating, stars: 'four' } };
    const read = () => parseLead({ ...everyAttribute, job });
    expect(read).toThrow(StoredItemError);
    expect(read).toThrow(
      `Stored lead ${everyAttribute.pk} does not parse: job.rating.stars: expected number, received string`,
    );
  });

  it('with a problem or a reassignment that is malformed is no lead either', () => {
    const problems = [{ ...everyAttribute.problems[0], kind: 'rude' }];
    const reassignments = [{ ...everyAttribute.reassignments[0], late: 'no' }];
    expect(() => parseLead({ ...everyAttribute, problems, reassignments })).toThrow(
      /problems\.0\.kind: expected "no-show" \| .*; reassignments\.0\.late: expected boolean/,
    );
  });
});

describe('a stored pickup address', () => {
  it('from before corrections were counted (2ce8ceb) reads without a version: none counted', () => {
    const lead = parseLead(addressBeforeCorrections);
    expect(pickupAddressOf(lead)).toStrictEqual(addressBeforeCorrections.pickupAddress);
    expect(jobFacts(lead).addresses).toBe(0);
  });

  it('of today reads with its version', () => {
    expect(jobFacts(parseLead(everyAttribute)).addresses).toBe(2);
  });
});

describe('an upload count as its write returns it', () => {
  it('reads the count under the job', () => {
    expect(countedUploads({ job: { uploadUrls: 3 }, version: 7 }, 'abc')).toEqual({
      job: { uploadUrls: 3 },
    });
  });

  it('that is malformed is a StoredItemError naming the lead', () => {
    expect(() => countedUploads({ job: { uploadUrls: '3' } }, 'abc')).toThrow(
      'Stored lead LEAD#abc does not parse: job.uploadUrls: expected number, received string',
    );
    expect(logged).toHaveBeenCalledOnce();
  });
});
