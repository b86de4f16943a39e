// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mintApplicationId,
  reserveFreshLinkEmail,
  reserveHaulerEmail,
} from '../../lambdas/shared/runtime/abuse-counters';
import { haulerLedger } from '../../lambdas/shared/haulers/hauler-mail';
import { haulerIn } from '../../test/support/testing-haulers';
import { startTestLeadTable } from '../../test/support/testing-leads';
import type { TestLeadTable } from '../../test/support/testing-leads';
import { LOCAL_BUCKET, startS3 } from '../local/aws-stand-ins';
import { forgetHaulerData } from './forget';

let dynamo: TestLeadTable;
let s3Server: Awaited<ReturnType<typeof startS3>>;
let s3: S3Client;
let dataDir: string;

beforeAll(async () => {
  dynamo = await startTestLeadTable();
  dataDir = mkdtempSync(path.join(tmpdir(), 'forget-hauler-'));
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

const put = (key: string) =>
  s3.send(new PutObjectCommand({ Bucket: LOCAL_BUCKET, Key: key, Body: 'bytes' }));
const keys = async () =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: LOCAL_BUCKET }))).Contents ?? [])
    .map((o) => o.Key ?? '')
    .sort();
const items = async (table: TestLeadTable['table']) =>
  ((await table.client.send(new ScanCommand({ TableName: table.tableName }))).Items ?? []).map(
    (item) => `${String(item.pk)}/${String(item.sk)}`,
  );

describe('forgetting a hauler', () => {
  it('deletes their items, coverage, counters and documents, and nobody else’s', async () => {
    const table = await dynamo.freshTable();
    const now = new Date();
    // The id minted as the certificate URL mints it (decision 044): its counter item is forgotten too.
    const applicationId = await mintApplicationId(table, now);
    const hauler = await haulerIn(table, 'active', now, { serviceRadiusMiles: 10, applicationId });
    const other = await haulerIn(table, 'active', now, { serviceRadiusMiles: 10 });
    const ledger = await haulerLedger(table, hauler.haulerId);
    await ledger.claim('approved', now);
    await ledger.record('approved', { status: 'sent' }, now);
    await reserveHaulerEmail(table, hauler.email, now);
    await reserveFreshLinkEmail(table, hauler.email, now);
    for (const id of [hauler.haulerId, other.haulerId]) {
      await put(`hauler-documents/${id}/certificate.pdf`);
      await put(`incoming/haulers/${id}/certificate.pdf`);
    }
    const before = await items(table);

    const report = await forgetHaulerData(hauler.haulerId, { table, s3, bucket: LOCAL_BUCKET });

    expect(report.found).toBe(true);
    expect(report.coverageRemoved).toBeGreaterThan(50);
    const after = await items(table);
    expect(after.some((key) => key.includes(hauler.haulerId))).toBe(false);
    expect(after.filter((key) => key.startsWith('CONFIRM#'))).toEqual([]);
    expect(after.filter((key) => key.includes(other.haulerId)).length).toBe(
      before.filter((key) => key.includes(other.haulerId)).length,
    );
    expect(await keys()).toEqual([
      `hauler-documents/${other.haulerId}/certificate.pdf`,
      `incoming/haulers/${other.haulerId}/certificate.pdf`,
    ]);
    expect(
      await forgetHaulerData(hauler.haulerId, { table, s3, bucket: LOCAL_BUCKET }),
    ).toMatchObject({
      found: false,
      objectVersions: [],
    });
  });
});
