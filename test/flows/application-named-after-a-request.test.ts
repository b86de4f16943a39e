/**
 * Issue 37, item 2, at the API level (decision 044). A hauler who saw a request's id applied with
 * it as the application's, and that application's "Confirm my email" link opened the request as
 * the homeowner does: every competing price and business name. Now the server mints the
 * application's id, and a token names the kind of thing its id is.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getHauler } from '../../lambdas/shared/haulers/hauler-store';
import type { StoredQuote } from '../../lambdas/shared/models/quote-model';
import { createLead, newLead, updateLeadStatus } from '../../lambdas/shared/leads/lead-store';
import type { Lead } from '../../lambdas/shared/models/lead-model';
import { linkClaims, signLink } from '../../lambdas/shared/links/signed-links';
import {
  NOW,
  SECRET,
  application,
  deps,
  objects,
  sentMails,
  table,
  uploadCertificate,
  useHaulerWorld,
} from '../support/testing-hauler-world';
import { haulerIn } from '../support/testing-haulers';
import { bookingRequest } from '../support/testing-leads';
import { seedOffers } from '../support/testing-offers';
import { apply, certificateUrl } from '../../lambdas/hauler-apply/hauler-apply';
import { readLead } from '../../lambdas/read-lead/read-lead';
import { HAULER_MESSAGES } from '#contract/haulers/haulers';
import { LOOP_MESSAGES } from '#contract/loop/quote-loop';
import type { LinkAction, LinkRole } from '#contract/loop/quote-loop';

useHaulerWorld();

const json = (result: { body: string }) => JSON.parse(result.body) as Record<string, unknown>;

/** A request with two haulers' live quotes: what the attack read. */
async function aQuotedRequest(): Promise<Lead> {
  const { lead } = await createLead(table, newLead(bookingRequest(), NOW));
  const id = lead.submissionId;
  const haulers = [
    await haulerIn(table, 'active', NOW, { businessName: 'Desert Haul' }),
    await haulerIn(table, 'active', NOW, { businessName: 'Cactus Junk' }),
  ];
  await seedOffers(table, id, haulers, NOW);
  const quotes: StoredQuote[] = haulers.map((hauler, i) => ({
    number: i + 1,
    from: 'hauler',
    state: 'live',
    priceDollars: 240 + 20 * i,
    pickupDate: '2026-03-05',
    pickupWindow: 'morning',
    hauler: hauler.businessName,
    note: `Note from ${hauler.businessName}`,
    sentAt: NOW.toISOString(),
    haulerId: hauler.haulerId,
    offer: i + 1,
  }));
  const quoted = await updateLeadStatus(table, id, {
    from: ['received'],
    to: 'quoted',
    at: NOW,
    patch: { quotes, quoteCount: quotes.length },
  });
  if (!quoted.ok) throw new Error(`Could not seed the quotes: ${quoted.reason}`);
  return quoted.lead;
}

/**
 * A link as an attacker who had obtained one under the old rules holds it: decision 020's token
 * (no kind), signed with the world's secret, for the request's id.
 */
function legacyToken(id: string, role: LinkRole, action: LinkAction): string {
  const expires = Math.floor(NOW.getTime() / 1000) + 7 * 86_400;
  const fields = [id, role, action, 0, expires];
  const signature = createHmac('sha256', SECRET)
    .update(['bulk-trash-pickup/link/v1', ...fields].join('\n'))
    .digest('base64url');
  return [...fields, signature].join('.');
}

/** Today's token with its kind written as the request's, correctly signed: still a forgery. */
function leadKindConfirm(id: string): string {
  const expires = Math.floor(NOW.getTime() / 1000) + 7 * 86_400;
  const fields = ['lead', id, 'applicant', 'confirm', 0, expires];
  const signature = createHmac('sha256', SECRET)
    .update(['bulk-trash-pickup/link/v2', ...fields].join('\n'))
    .digest('base64url');
  return [...fields, signature].join('.');
}

describe('an application named after a request (issue 37, item 2)', () => {
  it('is refused: the certificate URL mints the id, so the client cannot choose a request’s', async () => {
    const { submissionId: id } = await aQuotedRequest();
    const insuranceCertificate = { contentType: 'application/pdf', size: 9 };
    const url = await certificateUrl({ applicationId: id, insuranceCertificate }, deps());
    expect([url.statusCode, json(url).error]).toEqual([
      400,
      expect.objectContaining({ fields: { applicationId: HAULER_MESSAGES.applicationIdUnknown } }),
    ]);
    // Even with a certificate waiting in quarantine under the request's id.
    const body = await application({
      applicationId: id,
      insuranceCertificate: uploadCertificate(id),
    });
    const applied = await apply(body, deps());
    expect([applied.statusCode, json(applied).error]).toEqual([
      400,
      expect.objectContaining({ fields: { applicationId: HAULER_MESSAGES.applicationIdUnknown } }),
    ]);
    expect(await getHauler(table, id)).toBeUndefined();
    expect([...objects.keys()].filter((key) => key.startsWith('hauler-documents/'))).toEqual([]);
    expect(sentMails()).toEqual([]);
  });

  it('a confirm-kind token signed for the request’s id gets the loop’s one 403 from /api/lead, and reads nothing', async () => {
    const lead = await aQuotedRequest();
    const id = lead.submissionId;
    // The homeowner's own link reads the request, competing quotes and all: the world is real.
    const view = signLink(linkClaims(id, 'homeowner', 'view', NOW), SECRET);
    const homeowner = await readLead({ token: view }, deps());
    expect(homeowner.statusCode).toBe(200);
    expect(homeowner.body).toContain('Cactus Junk');

    const attacks = {
      'an applicant’s confirm, decision 020’s format': legacyToken(id, 'applicant', 'confirm'),
      'operations’ review, decision 020’s format': legacyToken(id, 'operations', 'review'),
      'a hauler’s manage, decision 020’s format': legacyToken(id, 'hauler', 'manage'),
      'an applicant’s confirm, signed today': signLink(
        linkClaims(id, 'applicant', 'confirm', NOW),
        SECRET,
      ),
      'operations’ review, signed today': signLink(
        linkClaims(id, 'operations', 'review', NOW),
        SECRET,
      ),
      'an applicant’s confirm with the kind written as a request’s': leadKindConfirm(id),
    };
    for (const [attack, token] of Object.entries(attacks)) {
      const answer = await readLead({ token }, deps());
      expect([answer.statusCode, json(answer)], attack).toEqual([
        403,
        { error: { code: 'invalid_link', message: LOOP_MESSAGES.linkInvalid } },
      ]);
      for (const secret of ['Desert Haul', 'Cactus Junk', '260', lead.reference]) {
        expect(answer.body, attack).not.toContain(secret);
      }
    }
  });
});
