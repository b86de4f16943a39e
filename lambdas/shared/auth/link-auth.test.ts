import { describe, expect, it, vi } from 'vitest';
import { LINK_AUTHORISERS, authoriseLink } from './link-auth';
import type { LinkAuthDeps } from './link-outcome';
import { linkClaims, signLink } from '../links/signed-links';
import type { LeadTable } from '../runtime/table-handle';
import { LINK_ACTIONS } from '#contract/loop/quote-loop';
import type { LinkRole } from '#contract/loop/quote-loop';

const ID = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';
const SECRET = Buffer.from('a'.repeat(64));
const NOW = new Date('2026-11-23T12:00:00Z');

/** No table: every case here is decided before a read. */
function deps(): LinkAuthDeps & { secrets: ReturnType<typeof vi.fn> } {
  const table = new Proxy({} as LeadTable, {
    get: () => {
      throw new Error('the table was read');
    },
  });
  const secrets = vi.fn(() => Promise.resolve({ current: SECRET, accepted: [SECRET] }));
  return { table, secrets, now: () => NOW };
}

const token = (role: LinkRole, action: 'offer' | 'view' | 'confirm') =>
  signLink(linkClaims(ID, role, action, NOW, 1), SECRET);

describe('authoriseLink', () => {
  it('has one authoriser for every action of every role', () => {
    for (const role of Object.keys(LINK_ACTIONS) as LinkRole[]) {
      expect(Object.keys(LINK_AUTHORISERS[role]).sort()).toEqual([...LINK_ACTIONS[role]].sort());
    }
  });

  it('refuses a body without a token before it reads the secret', async () => {
    const given = deps();
    expect(await authoriseLink({}, given, { homeowner: ['view'] })).toEqual({
      ok: false,
      reason: 'no-token',
    });
    expect(given.secrets).not.toHaveBeenCalled();
  });

  it('reads the secret once and refuses a forged token', async () => {
    const given = deps();
    const forged = `${token('homeowner', 'view').slice(0, -2)}AA`;
    const refused = await authoriseLink({ token: forged }, given, { homeowner: ['view'] });
    expect(refused).toEqual({ ok: false, reason: 'not-verified' });
    expect(given.secrets).toHaveBeenCalledTimes(1);
  });

  it('refuses a valid link of an action the caller does not take, without a read', async () => {
    const given = deps();
    const offer = { token: token('hauler', 'offer') };
    expect(await authoriseLink(offer, given, { homeowner: ['view'] })).toEqual({
      ok: false,
      reason: 'not-allowed',
    });
    expect(await authoriseLink(offer, given, { applicant: ['confirm'] })).toEqual({
      ok: false,
      reason: 'not-verified',
    });
  });
});
