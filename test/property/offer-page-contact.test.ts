/**
 * Property test: contact details a homeowner wrote into the description, as the offer page reads
 * them. Through the local Function URL adapter and the real read-lead and update-lead handlers,
 * with a real lead table (dynalite) and SES replaced by an in-memory recorder.
 *
 * An offered hauler's `/api/lead` answer carries the description with every phone number and
 * email address replaced by `[contact hidden]`, by the rule the offer email uses; operations read
 * it as written, and the homeowner's own view (a link that may be forwarded, issue 40) carries it
 * masked as the offered haulers read it. Once the homeowner
 * accepts a quote, its hauler (who gets the contact anyway) reads it as written; the others never.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FunctionUrlHandler } from '../../scripts/local/function-url-adapter';
import { CONTACT_HIDDEN, withoutContact } from '../../lambdas/shared/text/contact-mask';
import type { Hauler } from '../../lambdas/shared/models/hauler-model';
import { createLead, deleteLeadItems, newLead } from '../../lambdas/shared/leads/lead-store';
import type { Lead } from '../../lambdas/shared/models/lead-model';
import { linkClaims, signLink } from '../../lambdas/shared/links/signed-links';
import { haulerIn } from '../support/testing-haulers';
import { seedOffers } from '../support/testing-offers';
import {
  EMAIL_LEAD_INS,
  LEAD_INS,
  TRAILERS,
  emailSpelling,
  ordinaryText,
  phoneSpelling,
} from './contact-spellings';
import { installAwsWorld, prototypeGuard, send, stubHandlerEnvironment } from './support';
import type { Answer } from './support';
import { API_PATHS } from '#contract/core/api';
import { usToday } from '#contract/core/calendar-date';
import type { LeadWithJob } from '#contract/loop/jobs';
import type {
  HaulerLeadView,
  HomeownerLeadView,
  LinkAction,
  LinkRole,
  OperationsLeadView,
} from '#contract/loop/quote-loop';

const RUNS = 40;
const SECRET = 'property-test-link-secret-0123456789abcdef';
const ID = '2d4f6a8c-1b3e-4d5f-8a7c-9e0b1c2d3e4f';
// Unique strings: wherever they appear in a hauler's answer before acceptance, contact leaked.
const CONTACT = { name: 'Quinlan Zephyrine', phone: '(602) 555-0199', email: 'qz@example.org' };

let readLead: FunctionUrlHandler;
let updateLead: FunctionUrlHandler;
let world: Awaited<ReturnType<typeof installAwsWorld>>;
let checkPrototypes: () => void;
let haulers: Hauler[] | undefined;

beforeAll(async () => {
  checkPrototypes = prototypeGuard();
  world = await installAwsWorld();
  stubHandlerEnvironment(world);
  vi.stubEnv('LINK_SECRET', SECRET);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  ({ handler: readLead } = await import('../../lambdas/read-lead/handler'));
  ({ handler: updateLead } = await import('../../lambdas/update-lead/handler'));
  await world.reset();
});

afterAll(async () => {
  checkPrototypes();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  await world.restore();
});

const token = (role: LinkRole, action: LinkAction, number = 0) =>
  signLink(linkClaims(ID, role, action, new Date(), number), Buffer.from(SECRET));
const post = (path: string, body: unknown): Promise<Answer> =>
  send(path === API_PATHS.lead ? readLead : updateLead, { path, body: JSON.stringify(body) });

async function read<T>(role: LinkRole, action: LinkAction, number = 0): Promise<T> {
  const answer = await post(API_PATHS.lead, { token: token(role, action, number) });
  expect(answer.statusCode, `${role} ${action} ${number}: ${answer.text}`).toBe(200);
  return (answer.json as { lead: T & LeadWithJob }).lead;
}

/** The request, fresh each case, offered to two active haulers as offers 1 and 2. */
async function seed(description: string, city = 'Phoenix'): Promise<Lead['request']> {
  world.emails.length = 0;
  await deleteLeadItems(world.leads, ID);
  haulers ??= [
    await haulerIn(world.leads, 'active', new Date(), { businessName: 'Mesa Junk Haulers' }),
    await haulerIn(world.leads, 'active', new Date(), { businessName: 'Valley Junk LLC' }),
  ];
  const request = {
    ...CONTACT,
    city,
    state: 'Arizona',
    zipCode: '85001',
    description,
    photoUrls: [`https://www.example.com/quote-photos/${ID}/1_1.jpg`],
    photoCount: 1,
    hasVideo: false,
    submissionId: ID,
  } as Lead['request'];
  await createLead(world.leads, newLead(request, new Date()));
  await seedOffers(world.leads, ID, haulers, new Date());
  return request;
}

/** Ordinary text with one phone number or email address in it, and the text it should become. */
const described = fc
  .oneof(
    fc.tuple(phoneSpelling, fc.constantFrom(...LEAD_INS)),
    fc.tuple(emailSpelling, fc.constantFrom(...EMAIL_LEAD_INS)),
  )
  .chain(([contact, lead]) =>
    fc
      .tuple(ordinaryText, fc.constantFrom(...TRAILERS), ordinaryText)
      .map(([before, trail, after]) => {
        const head = `${before}. ${lead} `;
        const tail = ` ${trail} ${after}`;
        return {
          style: contact.style,
          written: `${head}${contact.written}${tail}`,
          hidden: `${head}${CONTACT_HIDDEN}${tail}`,
        };
      }),
  );

describe('contact written into the description, on the offer page', () => {
  it('is hidden from every offered hauler and in the homeowner’s view, shown to operations', async () => {
    await fc.assert(
      fc.asyncProperty(described, async ({ style, written, hidden }) => {
        const request = await seed(written);
        for (const offer of [1, 2]) {
          const view = await read<HaulerLeadView>('hauler', 'offer', offer);
          expect(view.outcome).toBe('open');
          expect(view.request.description, style).toBe(hidden);
          // The very function the offer email uses, not a look-alike of it.
          expect(view.request.description).toBe(withoutContact(written, request));
          expect(view.contact).toBeUndefined();
        }
        const operations = await read<OperationsLeadView>('operations', 'quote');
        expect(operations.request.description).toBe(written);
        const homeowner = await read<HomeownerLeadView>('homeowner', 'view');
        expect(homeowner.request.description, style).toBe(hidden);
      }),
      { numRuns: RUNS },
    );
  });

  it('is shown as written to the hauler whose quote is accepted, and stays hidden from the other', async () => {
    const written = 'Sofa and 2 chairs. Call 602 555 0134 or qz at example dot com, gate 1234.';
    const hidden = `Sofa and 2 chairs. Call ${CONTACT_HIDDEN} or ${CONTACT_HIDDEN}, gate 1234.`;
    await seed(written, 'Mesa, text 480.555.7391');
    const tomorrow = new Date(Date.parse(`${usToday(new Date())}T12:00:00Z`) + 86_400_000);
    const sent = await post(API_PATHS.sendQuote, {
      token: token('hauler', 'offer', 1),
      quote: {
        priceDollars: 240,
        pickupDate: tomorrow.toISOString().slice(0, 10),
        pickupWindow: 'morning',
        hauler: 'Mesa Junk Haulers',
      },
    });
    expect(sent.statusCode, sent.text).toBe(200);
    const before = await read<HaulerLeadView>('hauler', 'offer', 1);
    expect(before.request).toMatchObject({
      description: hidden,
      city: `Mesa, text ${CONTACT_HIDDEN}`,
    });

    const accepted = await post(API_PATHS.decideQuote, {
      token: token('homeowner', 'view'),
      decision: 'accept',
      quote: 1,
    });
    expect(accepted.statusCode, accepted.text).toBe(200);

    for (const action of ['offer', 'job'] as const) {
      const winner = await read<HaulerLeadView>('hauler', action, 1);
      expect(winner.outcome, action).toBe('won');
      expect(winner.request, action).toMatchObject({
        description: written,
        city: 'Mesa, text 480.555.7391',
      });
      expect(winner.contact, action).toEqual(CONTACT);
    }
    const other = await read<HaulerLeadView>('hauler', 'offer', 2);
    expect(other.outcome).toBe('lost');
    expect(other.request.description).toBe(hidden);
    expect(other.contact).toBeUndefined();
  });
});
