import { describe, expect, it } from 'vitest';
import { getHauler } from '../shared/haulers/hauler-store';
import { itemsOf } from '../../test/support/testing-haulers';
import {
  CERTIFICATES,
  NOW,
  OPS,
  application,
  deps,
  mintedId,
  objects,
  sentMails,
  sign,
  table,
  tokenIn,
  uploadCertificate,
  useHaulerWorld,
} from '../../test/support/testing-hauler-world';
import { MEDIA_SAMPLES } from '../../test/support/testing';
import { PDF_POLYGLOT } from '../../test/fixtures/pdf';
import { apply, certificateUrl, confirm } from './hauler-apply';
import { haulerLedger } from '../shared/haulers/hauler-mail';
import { OUTBOX_GRACE_MS, dynamoOutbox } from '../shared/mail/outbox';
import { drainOutbox } from '../shared/mail/outbox-sender';
import {
  HAULER_API_MESSAGES,
  HAULER_COUNTED_LIMITS,
  HAULER_TEXTS,
} from '#contract/haulers/hauler-api';
import { HAULER_MESSAGES } from '#contract/haulers/haulers';
import { LOOP_MESSAGES } from '#contract/loop/quote-loop';

useHaulerWorld();

const json = (result: { body: string }) =>
  JSON.parse(result.body) as {
    ok?: boolean;
    status?: string;
    applicationId?: string;
    url?: string;
    headers?: Record<string, string>;
    error?: { code: string; message: string; fields?: Record<string, string> };
  };

describe('the certificate upload URL', () => {
  const pdf = { contentType: 'application/pdf', size: 9 } as const;

  it('mints the application’s id and presigns a PUT into quarantine for it, its type and its size signed', async () => {
    const answer = await certificateUrl(
      { insuranceCertificate: { contentType: 'image/png', size: 1234 } },
      deps(),
    );
    expect(answer.statusCode).toBe(200);
    const { applicationId, url, headers } = json(answer);
    expect(applicationId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const signed = new URL(url!);
    expect(signed.pathname).toBe(`/incoming/haulers/${applicationId}/certificate.png`);
    expect(signed.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(headers).toEqual({ 'Content-Type': 'image/png' });
    const again = json(await certificateUrl({ insuranceCertificate: pdf }, deps()));
    expect(again.applicationId).not.toBe(applicationId);
  });

  it('mints at most the counted number of URLs for one application id', async () => {
    const first = json(await certificateUrl({ insuranceCertificate: pdf }, deps()));
    const body = { applicationId: first.applicationId, insuranceCertificate: pdf };
    const statuses: number[] = [];
    for (let i = 0; i < 50; i += 1) statuses.push((await certificateUrl(body, deps())).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(
      HAULER_COUNTED_LIMITS.certificateUrlsPerApplication - 1,
    );
    const refused = await certificateUrl(body, deps());
    expect(refused.statusCode).toBe(429);
    expect(json(refused).error?.message).toBe(HAULER_API_MESSAGES.tooManyCertificateUrls);
  });

  it('gives a retry a URL for the id it minted, and refuses an id it did not mint or minted over two days ago', async () => {
    const minted = json(await certificateUrl({ insuranceCertificate: pdf }, deps()));
    const retry = await certificateUrl(
      { applicationId: minted.applicationId, insuranceCertificate: pdf },
      deps(),
    );
    expect([retry.statusCode, json(retry).applicationId]).toEqual([200, minted.applicationId]);
    const later = new Date(NOW.getTime() + 2 * 86_400_000);
    for (const [id, at] of [
      [crypto.randomUUID(), NOW],
      [minted.applicationId, later],
    ] as const) {
      const answer = await certificateUrl(
        { applicationId: id, insuranceCertificate: pdf },
        deps({ now: () => at }),
      );
      expect(answer.statusCode).toBe(400);
      expect(json(answer).error?.fields).toEqual({
        applicationId: HAULER_MESSAGES.applicationIdUnknown,
      });
    }
  });

  it('refuses a type that is not a PDF, JPEG or PNG, naming the field, and mints nothing', async () => {
    const answer = await certificateUrl(
      { insuranceCertificate: { contentType: 'text/html', size: 10 } },
      deps(),
    );
    expect(answer.statusCode).toBe(400);
    expect(json(answer).error?.fields).toEqual({
      insuranceCertificate: HAULER_MESSAGES.certificateType,
    });
    expect(json(answer).applicationId).toBeUndefined();
  });
});

describe('an application whose call dies right after it is stored (decision 059)', () => {
  it('still emails "Confirm my email" once: the outbox’s sender delivers what the write stored', async () => {
    const body = await application();
    const outbox = dynamoOutbox(table);
    const withOutbox = deps({ outbox });
    let stored = false;
    table.client.middlewareStack.add(
      (next, context) => async (args) => {
        if (stored) throw new Error('the call died');
        const output = await next(args);
        if (String(context.commandName).startsWith('TransactWriteItems')) stored = true;
        return output;
      },
      { step: 'initialize', name: 'dieAfterTheWrite' },
    );
    try {
      await apply(body, withOutbox).catch(() => undefined);
    } finally {
      table.client.middlewareStack.remove('dieAfterTheWrite');
    }
    expect(stored).toBe(true);
    expect(sentMails()).toEqual([]);
    const send = () =>
      drainOutbox(
        {
          ...withOutbox,
          outbox,
          now: () => new Date(NOW.getTime() + OUTBOX_GRACE_MS + 1_000),
          sleep: async () => undefined,
          openLedger: (ref) => haulerLedger(table, ref.id),
        },
        { ratePerSecond: 1000, budgetMs: 60_000 },
      );
    expect((await send()).sent).toBe(1);
    expect((await send()).due).toBe(0);
    expect(sentMails().map((mail) => mail.to)).toEqual([String(body.email)]);
    // "Try again" finds it sent.
    expect((await apply(body, withOutbox)).statusCode).toBe(200);
    expect(sentMails()).toHaveLength(1);
  });
});

describe('an application', () => {
  it('stores the hauler with a private copy of the certificate before emailing "Confirm my email"', async () => {
    const body = await application();
    const answer = await apply(body, deps());
    expect(answer.statusCode).toBe(200);
    expect(json(answer)).toEqual({ ok: true });
    const hauler = await getHauler(table, String(body.applicationId));
    expect(hauler?.status).toBe('applied');
    const key = `hauler-documents/${String(body.applicationId)}/certificate.pdf`;
    expect(hauler?.certificate).toMatchObject({ key, contentType: 'application/pdf' });
    expect(objects.get(key)?.contentType).toBe('application/pdf');
    const [mail, ...others] = sentMails();
    expect(others).toEqual([]);
    expect(mail?.to).toBe(body.email);
    expect(tokenIn(mail!, HAULER_TEXTS.confirmButton)).toMatch(
      /^hauler\.[0-9a-f-]{36}\.applicant\.confirm\.0\./,
    );
    expect(mail?.text).toContain('https://www.example.com/haulers/confirm#t=');
  });

  it('accepts a JPEG and a PNG certificate by their bytes', async () => {
    for (const type of ['image/jpeg', 'image/png'] as const) {
      const id = await mintedId();
      const answer = await apply(
        await application({ applicationId: id, insuranceCertificate: uploadCertificate(id, type) }),
        deps(),
      );
      expect(answer.statusCode, type).toBe(200);
    }
  });

  it.each([
    ['a web page declared as a PDF', Buffer.from('<html><script>alert(1)</script></html>')],
    ['a web page between a PDF header and an end-of-file marker', PDF_POLYGLOT],
    ['a PDF cut short (no end-of-file marker)', CERTIFICATES['application/pdf'].subarray(0, 60)],
    ['a JPEG declared as a PDF', MEDIA_SAMPLES['image/jpeg']],
  ])('refuses %s on insuranceCertificate and stores nothing', async (_, bytes) => {
    const id = await mintedId();
    const body = await application({
      applicationId: id,
      insuranceCertificate: uploadCertificate(id, 'application/pdf', bytes),
    });
    const answer = await apply(body, deps());
    expect(answer.statusCode).toBe(400);
    expect(json(answer).error?.fields).toEqual({
      insuranceCertificate: HAULER_API_MESSAGES.certificateNotReal,
    });
    expect(await getHauler(table, id)).toBeUndefined();
    expect([...objects.keys()].some((k) => k.startsWith('hauler-documents/'))).toBe(false);
    expect(sentMails()).toEqual([]);
  });

  it('refuses a web page behind a JPEG’s first bytes', async () => {
    const id = await mintedId();
    const forged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html>')]);
    const answer = await apply(
      await application({
        applicationId: id,
        insuranceCertificate: uploadCertificate(id, 'image/jpeg', forged),
      }),
      deps(),
    );
    expect(json(answer).error?.fields?.insuranceCertificate).toBe(
      HAULER_API_MESSAGES.certificateNotReal,
    );
  });

  it('asks for the certificate again when it is missing or not of the declared size', async () => {
    const missing = await application();
    objects.clear();
    const size = await application();
    const answers = [
      await apply(missing, deps()),
      await apply(
        { ...size, insuranceCertificate: { contentType: 'application/pdf', size: 5 } },
        deps(),
      ),
    ];
    for (const answer of answers) {
      expect(json(answer).error?.fields).toEqual({
        insuranceCertificate: HAULER_API_MESSAGES.certificateNotUploaded,
      });
    }
  });

  it('refuses an id the certificate URL did not mint, before reading anything under it: nothing stored or sent', async () => {
    const id = crypto.randomUUID();
    const body = await application({
      applicationId: id,
      insuranceCertificate: uploadCertificate(id),
    });
    const answer = await apply(body, deps());
    expect([answer.statusCode, json(answer).error?.fields]).toEqual([
      400,
      { applicationId: HAULER_MESSAGES.applicationIdUnknown },
    ]);
    expect(await getHauler(table, id)).toBeUndefined();
    expect([...objects.keys()].some((k) => k.startsWith('hauler-documents/'))).toBe(false);
    expect(sentMails()).toEqual([]);
  });

  it('refuses an unknown base ZIP on baseZipCode', async () => {
    const answer = await apply(await application({ baseZipCode: '00000' }), deps());
    expect(answer.statusCode).toBe(400);
    expect(json(answer).error?.fields).toEqual({ baseZipCode: HAULER_MESSAGES.baseZipCodeUnknown });
  });

  it('answers a filled honeypot like a success and stores and sends nothing', async () => {
    const body = await application({ website: 'http://spam.example' });
    const answer = await apply(body, deps());
    expect([answer.statusCode, json(answer)]).toEqual([200, { ok: true }]);
    expect(await getHauler(table, String(body.applicationId))).toBeUndefined();
    expect(sentMails()).toEqual([]);
  });

  it('is idempotent: the same application twice stores one item and sends one email', async () => {
    const body = await application();
    expect((await apply(body, deps())).statusCode).toBe(200);
    expect((await apply(body, deps())).statusCode).toBe(200);
    const { own } = await itemsOf(table, String(body.applicationId));
    expect(own.filter((item) => item.sk === 'PROFILE')).toHaveLength(1);
    expect(sentMails()).toHaveLength(1);
  });

  it('sends the email again on a retry after SES failed, once', async () => {
    const { sesMock } = await import('../../test/support/testing-hauler-world');
    const { SendEmailCommand } = await import('@aws-sdk/client-sesv2');
    sesMock.on(SendEmailCommand).rejectsOnce(new Error('down')).resolves({ MessageId: 'm' });
    const body = await application();
    const first = await apply(body, deps());
    expect([first.statusCode, json(first).error?.message]).toEqual([502, LOOP_MESSAGES.emailRetry]);
    expect((await getHauler(table, String(body.applicationId)))?.status).toBe('applied');
    expect((await apply(body, deps())).statusCode).toBe(200);
    expect((await apply(body, deps())).statusCode).toBe(200);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(2);
  });
});

describe('the counted limits', () => {
  it('sends at most the counted emails to one address, whatever the number of applications', async () => {
    const email = 'victim@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      statuses.push((await apply(await application({ email }), deps())).statusCode);
    }
    const limit = HAULER_COUNTED_LIMITS.emailsPerAddressPerDay;
    expect(sentMails().filter((m) => m.to === email)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - limit);
  });

  it('answers the 429 with the contract’s message once the address has had its emails', async () => {
    const email = 'victim@example.com';
    for (let i = 0; i < HAULER_COUNTED_LIMITS.emailsPerAddressPerDay; i += 1) {
      await apply(await application({ email }), deps());
    }
    const body = await application({ email });
    const refused = await apply(body, deps());
    expect([refused.statusCode, json(refused).error?.message]).toEqual([
      429,
      HAULER_API_MESSAGES.tooManyEmails,
    ]);
    expect(await getHauler(table, String(body.applicationId))).toBeUndefined();
  });

  it('accepts at most the daily cap of applications, all addresses together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      statuses.push(
        (await apply(await application(), deps({ applicationDailyCap: 5 }))).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const refused = await apply(await application(), deps({ applicationDailyCap: 5 }));
    expect(json(refused).error?.message).toBe(HAULER_API_MESSAGES.tooManyApplications);
    expect(sentMails()).toHaveLength(5);
  });
});

describe('confirm my email', () => {
  const applied = async () => {
    const body = await application();
    await apply(body, deps());
    const token = tokenIn(sentMails().at(-1)!, HAULER_TEXTS.confirmButton);
    return { id: String(body.applicationId), token, body };
  };

  it('confirms the application and emails operations once, with a Review link', async () => {
    const { id, token, body } = await applied();
    const first = await confirm({ token }, deps());
    const second = await confirm({ token }, deps());
    expect([first.statusCode, json(first)]).toEqual([200, { status: 'pending-review' }]);
    expect([second.statusCode, json(second)]).toEqual([200, { status: 'pending-review' }]);
    expect((await getHauler(table, id))?.status).toBe('pending-review');
    const toOps = sentMails().filter((m) => m.to === OPS);
    expect(toOps).toHaveLength(1);
    expect(toOps[0]?.subject).toBe(HAULER_TEXTS.operationsSubject(String(body.businessName)));
    expect(tokenIn(toOps[0]!, HAULER_TEXTS.reviewButton)).toMatch(
      /^hauler\.[0-9a-f-]{36}\.operations\.review\.0\./,
    );
  });

  it('escapes the applicant’s text in the operations email', async () => {
    const attack = '<img src=x onerror=alert(1)>';
    const body = await application({ businessName: `Haul ${attack}` });
    await apply(body, deps());
    await confirm({ token: tokenIn(sentMails()[0]!, HAULER_TEXTS.confirmButton) }, deps());
    const ops = sentMails().find((m) => m.to === OPS)!;
    expect(ops.html).not.toContain(attack);
    expect(ops.html).toContain('Haul &lt;img src=x onerror=alert(1)&gt;');
  });

  it('changes nothing for a tampered, expired or wrong-role token (the same 403)', async () => {
    const { id, token } = await applied();
    const later = new Date(NOW.getTime() + 8 * 86_400_000);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const answers = [
      await confirm({ token: tampered }, deps()),
      await confirm({ token }, deps({ now: () => later })),
      await confirm({ token: sign(id, 'operations', 'review') }, deps()),
      await confirm({ token: sign(id, 'hauler', 'manage', { number: 1 }) }, deps()),
      await confirm({}, deps()),
    ];
    for (const answer of answers) {
      expect([answer.statusCode, json(answer).error?.message]).toEqual([
        403,
        LOOP_MESSAGES.linkInvalid,
      ]);
    }
    expect((await getHauler(table, id))?.status).toBe('applied');
    expect(sentMails().filter((m) => m.to === OPS)).toEqual([]);
  });
});
