import { describe, expect, it } from 'vitest';
import { findCoveringHaulers } from '../shared/haulers/coverage-store';
import { certificatesDueOn } from '../shared/haulers/hauler-indexes';
import { getHauler } from '../shared/haulers/hauler-store';
import type { Hauler, StoredDocument } from '../shared/models/hauler-model';
import { haulerIn } from '../../test/support/testing-haulers';
import {
  NOW,
  deps,
  sentMails,
  sign,
  table,
  tokenIn,
  useHaulerWorld,
} from '../../test/support/testing-hauler-world';
import { decide, review } from './hauler-review';
import { addDays, utcToday } from '#contract/core/calendar-date';
import {
  CERTIFICATE_REMINDER_DAYS,
  HAULER_API_MESSAGES,
  HAULER_COUNTED_LIMITS,
  HAULER_TEXTS,
} from '#contract/haulers/hauler-api';
import type { HaulerReviewView } from '#contract/haulers/hauler-api';
import { HAULER_STATUS_MESSAGES } from '#contract/haulers/hauler-status';
import { HAULER_MESSAGES } from '#contract/haulers/haulers';
import { LOOP_MESSAGES } from '#contract/loop/quote-loop';
import { KEY_PREFIXES } from '#contract/core/table-keys';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';

useHaulerWorld();

const json = (result: { body: string }) =>
  JSON.parse(result.body) as {
    review?: HaulerReviewView;
    error?: { code: string; message: string; fields?: Record<string, string> };
  };
const TODAY = utcToday(NOW);
const EXPIRES = addDays(TODAY, 365);
const opsToken = (hauler: Hauler) => sign(hauler.haulerId, 'operations', 'review');
const withCertificate = async (
  hauler: Hauler,
  field: 'certificate' | 'renewal' = 'certificate',
) => {
  const document: StoredDocument = {
    key: `hauler-documents/${hauler.haulerId}/${field}.pdf`,
    contentType: 'application/pdf',
    size: 480,
    uploadedAt: NOW.toISOString(),
  };
  await table.client.send(
    new UpdateCommand({
      TableName: table.tableName,
      Key: { pk: `${KEY_PREFIXES.hauler}${hauler.haulerId}`, sk: 'PROFILE' },
      UpdateExpression: 'SET #field = :document',
      ExpressionAttributeNames: { '#field': field },
      ExpressionAttributeValues: { ':document': document },
    }),
  );
  return document;
};

describe('the review', () => {
  it('shows the application, a short-lived inline GET of the certificate, coverage by ZIP and city', async () => {
    const hauler = await haulerIn(table, 'pending-review', NOW, { serviceRadiusMiles: 10 });
    const document = await withCertificate(hauler);
    const answer = await review({ token: opsToken(hauler) }, deps());
    expect(answer.statusCode).toBe(200);
    const view = json(answer).review!;
    expect(view.hauler).toMatchObject({ haulerId: hauler.haulerId, status: 'pending-review' });
    expect(view.hauler).not.toHaveProperty('version');
    const url = new URL(view.certificate!.url);
    expect(url.pathname).toBe(`/${document.key}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe(
      String(HAULER_COUNTED_LIMITS.certificateGetSeconds),
    );
    expect(url.searchParams.get('response-content-disposition')).toBe('inline');
    expect(view.coverage[0]).toEqual({ zipCode: '85001', city: 'Phoenix', state: 'AZ', miles: 0 });
    expect(view.coverage.some((zip) => zip.zipCode === '85257')).toBe(true);
    expect(view.can).toEqual({ approve: true, reject: true, approveRenewal: false });
  });

  it('never shows an application whose email is not confirmed: the same 403 as a bad link', async () => {
    const hauler = await haulerIn(table, 'applied', NOW);
    for (const answer of [
      await review({ token: opsToken(hauler) }, deps()),
      await decide({ token: opsToken(hauler), decision: 'reject', reason: 'No' }, deps()),
    ]) {
      expect([answer.statusCode, json(answer).error?.message]).toEqual([
        403,
        LOOP_MESSAGES.linkInvalid,
      ]);
    }
  });

  it('refuses an applicant’s or a hauler’s link, a tampered one and an expired one', async () => {
    const hauler = await haulerIn(table, 'pending-review', NOW);
    const token = opsToken(hauler);
    const later = new Date(NOW.getTime() + 15 * 86_400_000);
    const answers = [
      await review({ token: sign(hauler.haulerId, 'applicant', 'confirm') }, deps()),
      await review({ token: sign(hauler.haulerId, 'hauler', 'manage', { number: 1 }) }, deps()),
      await review({ token: token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) }, deps()),
      await review({ token }, deps({ now: () => later })),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 403, 403]);
  });
});

describe('the decision', () => {
  it('approves with the expiry date, writes coverage and emails the hauler their page link', async () => {
    const hauler = await haulerIn(table, 'pending-review', NOW, { serviceRadiusMiles: 10 });
    const body = { token: opsToken(hauler), decision: 'approve', insuranceExpiresOn: EXPIRES };
    const first = await decide(body, deps());
    const second = await decide(body, deps());
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(json(first).review?.hauler).toMatchObject({
      status: 'active',
      insuranceExpiresOn: EXPIRES,
    });
    expect(json(first).review?.can.approve).toBe(false);
    expect((await findCoveringHaulers(table, '85257')).map((h) => h.haulerId)).toContain(
      hauler.haulerId,
    );
    const mails = sentMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: hauler.email, subject: HAULER_TEXTS.approvedSubject });
    expect(tokenIn(mails[0]!, HAULER_TEXTS.accountLinkButton)).toMatch(/\.hauler\.manage\.1\./);
    expect(mails[0]!.text).toContain('https://www.example.com/haulers/account#t=');
  });

  it('needs a valid expiry date to approve, on insuranceExpiresOn', async () => {
    const hauler = await haulerIn(table, 'pending-review', NOW);
    const token = opsToken(hauler);
    const cases = [
      [undefined, HAULER_MESSAGES.insuranceExpiryInvalid],
      ['2026-13-01', HAULER_MESSAGES.insuranceExpiryInvalid],
      [TODAY, HAULER_MESSAGES.insuranceExpired],
      [addDays(TODAY, 5 * 366), HAULER_MESSAGES.insuranceExpiryTooFar],
    ] as const;
    for (const [insuranceExpiresOn, message] of cases) {
      const answer = await decide(
        { token, decision: 'approve', ...(insuranceExpiresOn ? { insuranceExpiresOn } : {}) },
        deps(),
      );
      expect([answer.statusCode, json(answer).error?.fields]).toEqual([
        400,
        { insuranceExpiresOn: message },
      ]);
    }
    expect((await getHauler(table, hauler.haulerId))?.status).toBe('pending-review');
  });

  it('rejects with a reason, emailed escaped to the applicant; no reason is a 400 on reason', async () => {
    const hauler = await haulerIn(table, 'pending-review', NOW);
    const token = opsToken(hauler);
    const missing = await decide({ token, decision: 'reject' }, deps());
    expect(json(missing).error?.fields).toEqual({
      reason: HAULER_MESSAGES.rejectionReasonRequired,
    });
    const reason = 'Certificate <b>unreadable</b>';
    const answer = await decide({ token, decision: 'reject', reason }, deps());
    expect(json(answer).review?.hauler).toMatchObject({
      status: 'rejected',
      rejectionReason: reason,
    });
    const [mail] = sentMails();
    expect(mail).toMatchObject({ to: hauler.email, subject: HAULER_TEXTS.rejectedSubject });
    expect(mail!.html).toContain('Certificate &lt;b&gt;unreadable&lt;/b&gt;');
    expect(mail!.text).toContain(reason);
  });

  it('answers approving a rejected application with 409 and the reason, changing nothing', async () => {
    const hauler = await haulerIn(table, 'rejected', NOW);
    const answer = await decide(
      { token: opsToken(hauler), decision: 'approve', insuranceExpiresOn: EXPIRES },
      deps(),
    );
    expect([answer.statusCode, json(answer).error?.message]).toEqual([
      409,
      HAULER_STATUS_MESSAGES.refused.rejected,
    ]);
    expect(sentMails()).toEqual([]);
  });

  it('lets one of two simultaneous decisions win; the other is told, and one email goes', async () => {
    const hauler = await haulerIn(table, 'pending-review', NOW);
    const token = opsToken(hauler);
    const answers = await Promise.all([
      decide({ token, decision: 'approve', insuranceExpiresOn: EXPIRES }, deps()),
      decide({ token, decision: 'reject', reason: 'No certificate' }, deps()),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect([
      HAULER_STATUS_MESSAGES.contended,
      HAULER_STATUS_MESSAGES.refused.rejected,
      HAULER_STATUS_MESSAGES.alreadyApproved,
    ]).toContain(json(loser).error?.message);
    expect(sentMails()).toHaveLength(1);
  });

  it('approves a renewal: the certificate replaced, the new expiry, a hauler paused by expiry resumed', async () => {
    const hauler = await haulerIn(table, 'paused', NOW, { serviceRadiusMiles: 10 });
    const renewal = await withCertificate(hauler, 'renewal');
    await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: { pk: `${KEY_PREFIXES.hauler}${hauler.haulerId}`, sk: 'PROFILE' },
        UpdateExpression: 'SET pausedForInsurance = :yes',
        ExpressionAttributeValues: { ':yes': true },
      }),
    );
    const token = opsToken(hauler);
    const before = json(await review({ token }, deps())).review!;
    expect(before.renewal?.url).toContain(renewal.key);
    expect(before.can.approveRenewal).toBe(true);
    expect(before.hauler.pausedForInsurance).toBe(true);
    const newExpiry = addDays(TODAY, 400);
    const body = { token, decision: 'approve-renewal', insuranceExpiresOn: newExpiry };
    const answer = await decide(body, deps());
    expect(answer.statusCode).toBe(200);
    const stored = (await getHauler(table, hauler.haulerId))!;
    expect(stored).toMatchObject({
      status: 'active',
      insuranceExpiresOn: newExpiry,
      certificate: renewal,
    });
    expect(stored.renewal).toBeUndefined();
    expect(stored.pausedForInsurance).toBeUndefined();
    expect((await findCoveringHaulers(table, '85001')).map((h) => h.haulerId)).toContain(
      hauler.haulerId,
    );
    // The daily job finds the new certificate on its reminder day and its expiry day.
    for (const day of [addDays(newExpiry, -CERTIFICATE_REMINDER_DAYS), newExpiry]) {
      expect(await certificatesDueOn(table, day)).toContainEqual(
        expect.objectContaining({ haulerId: hauler.haulerId, insuranceExpiresOn: newExpiry }),
      );
    }
    expect((await decide(body, deps())).statusCode).toBe(200);
    const other = await decide({ ...body, insuranceExpiresOn: addDays(TODAY, 300) }, deps());
    expect([other.statusCode, json(other).error?.message]).toEqual([
      409,
      HAULER_API_MESSAGES.noRenewal,
    ]);
  });
});
