import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VALID_HAULER_APPLICATION } from '../../../test/fixtures/hauler';
import { rankHaulers } from './offer-ranking';
import { takesOffers } from '../haulers/hauler-rules';
import type { OfferedHauler, RankingInput } from './offer-ranking';
import type { LeadOffer } from '#contract/loop/offers';

const NOW = new Date('2026-11-24T15:00:00Z');
const TODAY = '2026-11-24';

function hauler(haulerId: string, overrides: Partial<OfferedHauler> = {}): OfferedHauler {
  return {
    ...VALID_HAULER_APPLICATION,
    haulerId,
    status: 'active',
    certificate: VALID_HAULER_APPLICATION.insuranceCertificate,
    insuranceExpiresOn: '2027-06-30',
    appliedAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
    history: [],
    version: 3,
    linkVersion: 1,
    ...overrides,
  };
}

function input(
  list: { id: string; miles: number; profile?: Partial<OfferedHauler> }[],
  extra: Partial<RankingInput> = {},
): RankingInput {
  return {
    covering: list.map(({ id, miles }) => ({ haulerId: id, distanceMiles: miles })),
    profiles: new Map(list.map(({ id, profile }) => [id, hauler(id, profile)])),
    offersToday: new Map(),
    offers: [],
    settings: { haulerDailyOffers: 20 },
    now: NOW,
    ...extra,
  };
}

const ids = (ranked: { haulerId: string }[]) => ranked.map((r) => r.haulerId);

const offer = (haulerId: string): LeadOffer => ({
  haulerId,
  businessName: 'x',
  miles: 1,
  round: 1,
  sentAt: NOW.toISOString(),
});

describe('which haulers take offers', () => {
  it('takes an active hauler insured through today', () => {
    expect(takesOffers(hauler('a', { insuranceExpiresOn: TODAY }), NOW)).toBe(true);
  });

  it.each([
    ['paused', { status: 'paused' as const, pausedUntil: '2026-12-01' }],
    [
      'paused even once its date has come, until it resumes',
      { status: 'paused' as const, pausedUntil: TODAY },
    ],
    ['pending review', { status: 'pending-review' as const }],
    ['removed', { status: 'removed' as const }],
    ['insured until yesterday', { insuranceExpiresOn: '2026-11-23' }],
    ['without an insurance date', { insuranceExpiresOn: undefined }],
    ['active but marked paused until a later day', { pausedUntil: '2026-11-25' }],
  ])('leaves out a hauler %s', (_, overrides) => {
    expect(takesOffers(hauler('a', overrides), NOW)).toBe(false);
  });
});

describe('ranking the covering haulers', () => {
  it('puts the nearest first, then the one offered least recently (never offered first), then the id', () => {
    const ranked = rankHaulers(
      input([
        { id: 'far', miles: 9.5 },
        { id: 'a-recent', miles: 2, profile: { lastOfferedAt: '2026-11-24T14:00:00Z' } },
        { id: 'b-old', miles: 2, profile: { lastOfferedAt: '2026-11-20T09:00:00Z' } },
        { id: 'y-never', miles: 2 },
        { id: 'x-never', miles: 2 },
        { id: 'nearest', miles: 0.4, profile: { lastOfferedAt: '2026-11-24T14:59:00Z' } },
      ]),
    );
    expect(ids(ranked)).toEqual(['nearest', 'x-never', 'y-never', 'b-old', 'a-recent', 'far']);
    expect(ranked[0]).toMatchObject({ haulerId: 'nearest', miles: 0.4 });
  });

  it('leaves out haulers not eligible, at their daily cap, already offered, or without a profile', () => {
    const ranked = rankHaulers(
      input(
        [
          { id: 'ok', miles: 3 },
          { id: 'paused', miles: 1, profile: { status: 'paused', pausedUntil: '2026-12-01' } },
          { id: 'lapsed', miles: 1, profile: { insuranceExpiresOn: '2026-11-01' } },
          { id: 'capped', miles: 1 },
          { id: 'under-cap', miles: 2 },
          { id: 'offered', miles: 1 },
        ],
        {
          offersToday: new Map([
            ['capped', 20],
            ['under-cap', 19],
          ]),
          offers: [offer('offered')],
          covering: [
            { haulerId: 'ok', distanceMiles: 3 },
            { haulerId: 'paused', distanceMiles: 1 },
            { haulerId: 'lapsed', distanceMiles: 1 },
            { haulerId: 'capped', distanceMiles: 1 },
            { haulerId: 'under-cap', distanceMiles: 2 },
            { haulerId: 'offered', distanceMiles: 1 },
            { haulerId: 'vanished', distanceMiles: 0.1 },
          ],
        },
      ),
    );
    expect(ids(ranked)).toEqual(['under-cap', 'ok']);
  });

  it('rotates: haulers at the same distance take turns as each is offered a job', () => {
    const profiles = new Map(['a', 'b', 'c', 'd'].map((id) => [id, hauler(id)]));
    const covering = [...profiles.keys()].map((id) => ({ haulerId: id, distanceMiles: 5 }));
    const firsts: string[][] = [];
    for (let booking = 0; booking < 4; booking += 1) {
      const at = new Date(NOW.getTime() + booking * 60_000);
      const picked = rankHaulers({ ...input([]), covering, profiles, now: at }).slice(0, 2);
      firsts.push(ids(picked));
      // What the offer store does with each offer sent.
      for (const { haulerId } of picked) {
        profiles.set(haulerId, { ...profiles.get(haulerId)!, lastOfferedAt: at.toISOString() });
      }
    }
    expect(firsts).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('lists each hauler once, even when the lookup lists it twice', () => {
    const ranked = rankHaulers({
      ...input([{ id: 'a', miles: 1 }]),
      covering: [
        { haulerId: 'a', distanceMiles: 1 },
        { haulerId: 'a', distanceMiles: 1 },
      ],
    });
    expect(ids(ranked)).toEqual(['a']);
  });

  it('holds for any haulers: every eligible one and only those, each once, never one already offered, ordered by miles, last offer, id', () => {
    const candidate = fc.record({
      id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'),
      miles: fc.integer({ min: 0, max: 40 }).map((tenths) => tenths / 4),
      status: fc.constantFrom('active', 'active', 'active', 'paused', 'removed' as const),
      expires: fc.constantFrom('2026-11-23', TODAY, '2027-01-01', undefined),
      last: fc.option(
        fc.integer({ min: 0, max: 5 }).map((h) => `2026-11-24T0${h}:00:00.000Z`),
        { nil: undefined },
      ),
      today: fc.integer({ min: 0, max: 4 }),
    });
    fc.assert(
      fc.property(
        fc.array(candidate, { maxLength: 12 }),
        fc.subarray<string>(['a', 'b', 'c']),
        fc.integer({ min: 1, max: 4 }),
        (list, offeredIds, cap) => {
          const profiles = new Map<string, OfferedHauler>();
          for (const c of list) {
            profiles.set(
              c.id,
              hauler(c.id, {
                status: c.status,
                insuranceExpiresOn: c.expires,
                ...(c.last === undefined ? {} : { lastOfferedAt: c.last }),
              }),
            );
          }
          const offersToday = new Map<string, number>(list.map((c) => [c.id, c.today]));
          const ranked = rankHaulers({
            covering: list.map((c) => ({ haulerId: c.id, distanceMiles: c.miles })),
            profiles,
            offersToday,
            offers: offeredIds.map(offer),
            settings: { haulerDailyOffers: cap },
            now: NOW,
          });
          const seen = new Set<string>();
          for (const r of ranked) {
            expect(seen.has(r.haulerId)).toBe(false);
            seen.add(r.haulerId);
            expect(offeredIds).not.toContain(r.haulerId);
            expect(takesOffers(r.hauler, NOW)).toBe(true);
            expect(offersToday.get(r.haulerId)!).toBeLessThan(cap);
          }
          const expected = [...profiles.values()].filter(
            (h) =>
              takesOffers(h, NOW) &&
              !offeredIds.includes(h.haulerId) &&
              offersToday.get(h.haulerId)! < cap,
          );
          expect([...seen].sort()).toEqual(expected.map((h) => h.haulerId).sort());
          for (let i = 1; i < ranked.length; i += 1) {
            const [a, b] = [ranked[i - 1]!, ranked[i]!];
            const [al, bl] = [a.hauler.lastOfferedAt ?? '', b.hauler.lastOfferedAt ?? ''];
            const inOrder =
              a.miles < b.miles ||
              (a.miles === b.miles && (al < bl || (al === bl && a.haulerId < b.haulerId)));
            expect(inOrder).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
