import { describe, expect, it } from 'vitest';
import { newLead } from '../leads/lead-store';
import type { StoredQuote } from '../models/quote-model';
import { VALID_REQUEST_FIELDS } from '../../../test/fixtures/homeowner';
import { parseInvite } from '../../../test/support/testing-calendar';
import { confirmationEmail, haulerInvite, homeownerInvite } from './booking-confirmation';
import { telHref } from '#contract/core/contact-links';
import { PAGE_SECTIONS, sectionFromHash, tokenFromHash } from '#contract/core/pages';
import { JOB_LIMITS } from '#contract/loop/jobs';

const ATTACK = '<img src=x onerror=alert(1)>';
const ID = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';
const NOW = new Date('2026-11-23T18:00:00Z');
const lead = newLead(
  { ...VALID_REQUEST_FIELDS, photoUrls: [], photoCount: 0, hasVideo: false, submissionId: ID },
  NOW,
);
const quote: StoredQuote = {
  number: 2,
  from: 'hauler',
  state: 'accepted',
  priceDollars: 285,
  pickupDate: '2026-11-28',
  pickupWindow: 'morning',
  hauler: 'Queen City Haul-Away',
  sentAt: NOW.toISOString(),
  haulerId: 'h-1',
};
const hauler = { businessName: 'Queen City Haul-Away', phone: '(704) 555-0123' };
const requestLink = 'https://www.example.com/request#t=abc.homeowner.view';
const invite = () => homeownerInvite(lead, quote, hauler, 'www.example.com', NOW);

describe('the homeowner’s booking confirmation', () => {
  it('names the hauler, their phone, the price, the day and window and the reference', () => {
    const mail = confirmationEmail(lead, quote, hauler, requestLink, invite());
    expect(mail.subject).toBe('Your pickup is booked: Queen City Haul-Away, Sat, Nov 28, morning');
    for (const line of [
      'Hi Dana Homeowner,',
      'Queen City Haul-Away will pick up your bulk trash for $285, the flat rate you accepted: no extras on arrival. They will call or text you to confirm.',
      'Hauler: Queen City Haul-Away',
      'Phone: (704) 555-0123',
      'Price: $285 flat rate',
      'Pickup: Sat, Nov 28, Morning (8–12)',
      `Reference: ${lead.reference}`,
      'Next step: add your address',
    ]) {
      expect(mail.text.split('\n')).toContain(line);
    }
  });

  it('has one button, “Add your address”, to the address part of the request page', () => {
    const mail = confirmationEmail(lead, quote, hauler, requestLink, invite());
    const line = mail.text.split('\n').find((l) => l.startsWith('Add your address: '))!;
    const url = new URL(line.slice('Add your address: '.length));
    expect(url.pathname).toBe('/request');
    expect(tokenFromHash(url.hash)).toBe('abc.homeowner.view');
    expect(sectionFromHash(url.hash)).toBe(PAGE_SECTIONS.address);
    // The one button; the phone is a tel: link, not a button.
    expect(mail.html.match(/<a href="(?!tel:)/g)).toHaveLength(1);
    expect(mail.html).toContain('Add your address</a>');
  });

  it('links the hauler’s phone for a tap to call', () => {
    const mail = confirmationEmail(lead, quote, hauler, requestLink, invite());
    expect(mail.html).toContain(`<a href="${telHref(hauler.phone!)}"`);
  });

  it('escapes the hauler’s own text in the HTML and keeps it out of the subject’s line breaks', () => {
    const named = { businessName: `Haul\n${ATTACK}`, phone: `555 ${ATTACK}` };
    const mail = confirmationEmail(lead, quote, named, requestLink, invite());
    expect(mail.html).not.toContain(ATTACK);
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.subject).not.toMatch(/\n/);
  });

  it('leaves the phone out when an operations quote has no hauler record', () => {
    const mail = confirmationEmail(lead, quote, { businessName: 'Ops' }, requestLink, invite());
    expect(mail.text).not.toContain('Phone:');
  });

  it('carries the calendar invitation as a text/calendar attachment named after the reference', () => {
    const mail = confirmationEmail(lead, quote, hauler, requestLink, invite());
    expect(mail.attachments).toEqual([
      {
        fileName: `pickup-${lead.reference}.ics`,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: invite().content,
      },
    ]);
  });
});

describe('the pickup’s calendar invitations', () => {
  it('hold one published event at floating local times: the day and the window’s hours', () => {
    for (const window of ['morning', 'afternoon'] as const) {
      const event = parseInvite(
        homeownerInvite(lead, { ...quote, pickupWindow: window }, hauler, 'x.example', NOW).content,
      );
      const { start, end } = JOB_LIMITS.windowHours[window];
      const at = (hour: number) => `2026-11-28T${String(hour).padStart(2, '0')}:00:00`;
      expect(event).toMatchObject({ method: 'PUBLISH', events: 1, floating: true });
      expect([event.start, event.end]).toEqual([at(start), at(end)]);
    }
  });

  it('keep one UID per job and party across two sends, and differ between parties', () => {
    const first = parseInvite(invite().content);
    const later = parseInvite(
      homeownerInvite(lead, quote, hauler, 'www.example.com', new Date()).content,
    );
    expect(later.uid).toBe(first.uid);
    expect(first.uid).toBe(`pickup-${ID}-2-homeowner@www.example.com`);
    expect(first.sequence).toBe(0);
    const theirs = parseInvite(haulerInvite(lead, quote, 'www.example.com', NOW).content);
    expect(theirs.uid).not.toBe(first.uid);
    expect(parseInvite(haulerInvite(lead, quote, 'www.example.com', new Date()).content).uid).toBe(
      theirs.uid,
    );
  });

  it('tell the homeowner who comes, with the phone, and where (the city)', () => {
    const event = parseInvite(invite().content);
    expect(event.summary).toBe('Bulk trash pickup · Queen City Haul-Away');
    expect(event.description).toContain('(704) 555-0123');
    expect(event.location).toBe('Birmingham, Alabama');
  });

  it('give the hauler the reference and the city, and none of the homeowner’s contact', () => {
    const ics = haulerInvite(lead, quote, 'www.example.com', NOW).content;
    const event = parseInvite(ics);
    expect(event.summary).toBe(`Pickup ${lead.reference} · Birmingham`);
    // Unfolded: a long line is cut anywhere, a phone number too.
    const unfolded = ics.replace(/\r\n[ \t]/g, '');
    for (const contact of [lead.request.name, lead.request.phone, lead.request.email]) {
      expect(unfolded).not.toContain(contact);
    }
    expect(unfolded).not.toMatch(/\d{3}\) ?\d{3}-\d{4}/);
  });
});
