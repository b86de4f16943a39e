/**
 * forgetLead against the local stand-ins (dynalite and s3rver, real SDK clients), and its
 * versioned-bucket and CloudFront paths against aws-sdk-client-mock (s3rver keeps no versions,
 * and there is no local CloudFront).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import {
  DeleteObjectsCommand,
  ListObjectVersionsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimUploadBatch,
  getUploadBatch,
  reserveConfirmation,
} from '../../lambdas/shared/runtime/abuse-counters';
import { createLead, getLead, newLead } from '../../lambdas/shared/leads/lead-store';
import { startTestLeadTable } from '../../test/support/testing-leads';
import type { TestLeadTable } from '../../test/support/testing-leads';
import { LOCAL_BUCKET, startS3 } from '../local/aws-stand-ins';
import { forgetLead } from './forget';
import type { BookingRequest } from '#contract/booking/booking';

const ID = '5b3c2a10-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
const NEIGHBOUR = '5b3c2a10-0000-4000-8000-000000000000';

let dynamo: TestLeadTable;
let s3Server: Awaited<ReturnType<typeof startS3>>;
let s3: S3Client;
let dataDir: string;

beforeAll(async () => {
  dynamo = await startTestLeadTable();
  dataDir = mkdtempSync(path.join(tmpdir(), 'forget-'));
  s3Server = await startS3({ port: 0, dataDir, siteOrigins: ['http://localhost'] });
  s3 = new S3Client({
    endpoint: `http://127.0.0.1:${s3Server.port}`,
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});

afterAll(async () => {
  s3.destroy();
  await s3Server.close();
  await dynamo.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function request(submissionId: string): BookingRequest {
  return {
    name: 'Ann Homeowner',
    phone: '602-555-0100',
    email: `ann.${submissionId.slice(0, 4)}@example.com`,
    city: 'Phoenix',
    state: 'Arizona',
    zipCode: '85001',
    description: 'An old couch and two mattresses.',
    photoUrls: [],
    photoCount: 0,
    hasVideo: true,
    videoUrl: `https://example.com/quote-photos/${submissionId}/1_1.mp4`,
    submissionId,
  };
}

async function put(key: string) {
  await s3.send(new PutObjectCommand({ Bucket: LOCAL_BUCKET, Key: key, Body: 'bytes' }));
}

async function keys(): Promise<string[]> {
  const page = await s3.send(new ListObjectsV2Command({ Bucket: LOCAL_BUCKET }));
  return (page.Contents ?? []).map((o) => o.Key ?? '').sort();
}

/** One booked homeowner and a neighbour whose id shares the first 8 characters. */
async function seed(submissionId: string) {
  await createLead(dynamo.table, newLead(request(submissionId), new Date()));
  await claimUploadBatch(
    dynamo.table,
    submissionId,
    [{ kind: 'video', contentType: 'video/mp4', size: 5 }],
    new Date(),
  );
  await reserveConfirmation(dynamo.table, request(submissionId).email, new Date());
  await put(`incoming/${submissionId}/1_1.mp4`);
  await put(`quote-photos/${submissionId}/1_1.mp4`);
  await put(`leads/${submissionId}.json`);
  // The job's receipt: waiting in quarantine, and the checked copy.
  await put(`incoming/jobs/${submissionId}/1-1-receipt.pdf`);
  await put(`job-proof/${submissionId}/1-1-receipt.pdf`);
}

describe('forgetLead, on the local stand-ins', () => {
  it("deletes the homeowner's lead, counters, media, job proof and archive, and nothing of anyone else", async () => {
    await seed(ID);
    await seed(NEIGHBOUR);
    await put(`leads/${ID}.json.bak`);

    const report = await forgetLead(` ${ID.toUpperCase()} `, {
      leads: dynamo.table,
      s3,
      bucket: LOCAL_BUCKET,
      now: () => new Date(),
    });

    expect(report).toMatchObject({ submissionId: ID, leadFound: true });
    expect(report.tableItems).toHaveLength(3);
    expect(report.objectVersions.map((o) => o.key).sort()).toEqual([
      `incoming/${ID}/1_1.mp4`,
      `incoming/jobs/${ID}/1-1-receipt.pdf`,
      `job-proof/${ID}/1-1-receipt.pdf`,
      `leads/${ID}.json`,
      `quote-photos/${ID}/1_1.mp4`,
    ]);
    expect(report).not.toHaveProperty('invalidationId');
    expect(await getLead(dynamo.table, ID)).toBeUndefined();
    expect(await getUploadBatch(dynamo.table, ID)).toBeUndefined();
    // Its window is gone: 3 fresh confirmations (with it, only 2 were left).
    const email = request(ID).email;
    const grants = [];
    for (let i = 0; i < 3; i += 1)
      grants.push(await reserveConfirmation(dynamo.table, email, new Date()));
    expect(grants).toEqual(['granted', 'granted', 'granted']);
    expect(await keys()).toEqual(
      [
        `incoming/${NEIGHBOUR}/1_1.mp4`,
        `incoming/jobs/${NEIGHBOUR}/1-1-receipt.pdf`,
        `job-proof/${NEIGHBOUR}/1-1-receipt.pdf`,
        `leads/${ID}.json.bak`,
        `leads/${NEIGHBOUR}.json`,
        `quote-photos/${NEIGHBOUR}/1_1.mp4`,
      ].sort(),
    );
    expect(await getLead(dynamo.table, NEIGHBOUR)).toBeDefined();
  });

  it('says so when there is nothing left to forget, and can be run again', async () => {
    const report = await forgetLead(ID, {
      leads: dynamo.table,
      s3,
      bucket: LOCAL_BUCKET,
      now: () => new Date(),
    });
    expect(report).toMatchObject({ leadFound: false, objectVersions: [] });
  });

  it.each(['', '*', '5b3c2a10', `${ID}/..`, 'quote-photos/'])(
    'refuses %j: never a prefix wider than one submission',
    async (id) => {
      await expect(
        forgetLead(id, { leads: dynamo.table, s3, bucket: LOCAL_BUCKET, now: () => new Date() }),
      ).rejects.toThrow('Not a submission id');
    },
  );
});

describe('forgetLead, on a versioned bucket behind CloudFront', () => {
  it('deletes every version and delete marker, and invalidates the cached photos', async () => {
    const s3Mock = mockClient(S3Client);
    const cloudfrontMock = mockClient(CloudFrontClient);
    try {
      s3Mock.on(ListObjectVersionsCommand).callsFake((input: { Prefix?: string }) => ({
        Versions: [
          {
            Key: `${input.Prefix}`.endsWith('/') ? `${input.Prefix}1_1.jpg` : input.Prefix,
            VersionId: 'v2',
          },
          {
            Key: `${input.Prefix}`.endsWith('/') ? `${input.Prefix}1_1.jpg` : input.Prefix,
            VersionId: 'v1',
          },
        ],
        DeleteMarkers: [
          {
            Key: `${input.Prefix}`.endsWith('/') ? `${input.Prefix}1_2.jpg` : input.Prefix,
            VersionId: 'd1',
          },
        ],
      }));
      s3Mock.on(DeleteObjectsCommand).resolves({});
      cloudfrontMock
        .on(CreateInvalidationCommand)
        .resolves({ Invalidation: { Id: 'I123' } as never });

      const report = await forgetLead(ID, {
        leads: dynamo.table,
        s3: new S3Client({ region: 'us-east-1' }),
        bucket: 'quote-photos-bucket',
        cloudfront: { client: new CloudFrontClient({ region: 'us-east-1' }), distributionId: 'E1' },
        now: () => new Date('2026-01-01T00:00:00Z'),
      });

      const deleted = s3Mock
        .commandCalls(DeleteObjectsCommand)
        .flatMap((call) => call.args[0].input.Delete?.Objects ?? []);
      // Four prefixes with two versions and a marker each, and the archive's key alone (2 + 1).
      expect(deleted).toHaveLength(15);
      expect(deleted).toContainEqual({ Key: `job-proof/${ID}/1_1.jpg`, VersionId: 'v1' });
      expect(deleted).toContainEqual({ Key: `incoming/jobs/${ID}/1_2.jpg`, VersionId: 'd1' });
      expect(deleted).toContainEqual({ Key: `quote-photos/${ID}/1_1.jpg`, VersionId: 'v1' });
      expect(deleted).toContainEqual({ Key: `incoming/${ID}/1_2.jpg`, VersionId: 'd1' });
      expect(deleted).toContainEqual({ Key: `leads/${ID}.json`, VersionId: 'v2' });
      expect(cloudfrontMock.commandCalls(CreateInvalidationCommand)[0]?.args[0].input).toEqual({
        DistributionId: 'E1',
        InvalidationBatch: {
          CallerReference: `forget-${ID}-${Date.parse('2026-01-01T00:00:00Z')}`,
          Paths: { Quantity: 1, Items: [`/quote-photos/${ID}/*`] },
        },
      });
      expect(report.invalidationId).toBe('I123');
    } finally {
      s3Mock.restore();
      cloudfrontMock.restore();
    }
  });

  it('fails loudly when S3 could not delete a version', async () => {
    const s3Mock = mockClient(S3Client);
    try {
      s3Mock
        .on(ListObjectVersionsCommand)
        .resolves({ Versions: [{ Key: `quote-photos/${ID}/1_1.jpg`, VersionId: 'v1' }] });
      s3Mock
        .on(DeleteObjectsCommand)
        .resolves({ Errors: [{ Key: `quote-photos/${ID}/1_1.jpg`, Code: 'AccessDenied' }] });
      await expect(
        forgetLead(ID, {
          leads: dynamo.table,
          s3: new S3Client({ region: 'us-east-1' }),
          bucket: 'b',
          now: () => new Date(),
        }),
      ).rejects.toThrow('AccessDenied');
    } finally {
      s3Mock.restore();
    }
  });
});
