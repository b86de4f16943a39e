import { describe, expect, it } from 'vitest';
import { acceptedEmail, cancelledEmail, declinedEmail, quoteEmail } from './emails';
import { EMAIL_COLOURS } from '../mail/email-kit';
import { newLead } from '../leads/lead-store';
import { VALID_REQUEST_FIELDS } from '../../../test/fixtures/homeowner';
import type { QuoteView } from '#contract/loop/quote-loop';

const ATTACK = '<img src=x onerror=alert(1)>';
const ID = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';
const FOLDER = `https://www.example.com/quote-photos/${ID}`;

const lead = (name = VALID_REQUEST_FIELDS.name) =>
  newLead(
    {
      ...VALID_REQUEST_FIELDS,
      name,
      photoUrls: [`${FOLDER}/1_1.jpg`, `${FOLDER}/1_2.jpg`],
      photoCount: 2,
      hasVideo: false,
      submissionId: ID,
    },
    new Date('2026-11-23T18:00:00Z'),
  );

const quote: QuoteView = {
  number: 1,
  from: 'operations',
  state: 'live',
  priceDollars: 240,
  pickupDate: '2026-11-24',
  pickupWindow: 'morning',
  hauler: `Sam ${ATTACK}`,
  note: `Gate code "1234"\n${ATTACK}`,
  sentAt: '2026-11-23T18:00:00.000Z',
};
const TODAY = '2026-11-23';
const links = {
  accept: 'https://www.example.com/request#a&x="1"',
  decline: 'https://www.example.com/request#d',
  view: 'https://www.example.com/request#v',
};

describe('the quote email', () => {
  it('escapes the hauler and the note, keeping the note’s line break', () => {
    const { html, text } = quoteEmail(lead(), quote, links, TODAY);
    expect(html).not.toContain(ATTACK);
    expect(html).toContain('Sam &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Gate code &quot;1234&quot;<br>&lt;img');
    expect(text).toContain(`Note: Gate code "1234"\n${ATTACK}`);
  });

  it('carries its three links, escaped in the HTML and as typed in the text', () => {
    const { html, text } = quoteEmail(lead(), quote, links, TODAY);
    expect(html).toContain('href="https://www.example.com/request#a&amp;x=&quot;1&quot;"');
    expect(text).toContain(`Accept this quote: ${links.accept}\nDecline: ${links.decline}`);
    expect(text).toContain(`View your request: ${links.view}`);
  });

  it("shows a hauler's rating as it was when they quoted: the average with a star, or that they are new", () => {
    const rated = quoteEmail(
      lead(),
      { ...quote, rating: { kind: 'rated', average: 4.8, count: 12 } },
      links,
      TODAY,
    );
    expect(rated.text).toContain('Rating: ★ 4.8 (12 ratings)');
    expect(rated.html).toContain('★ 4.8 (12 ratings)');
    const fresh = quoteEmail(lead(), { ...quote, rating: { kind: 'new', count: 1 } }, links, TODAY);
    expect(fresh.text).toContain('Rating: New: first jobs with us');
    expect(quoteEmail(lead(), quote, links, TODAY).text).not.toContain('Rating:');
  });

  it('names the business, the price and the window in its subject', () => {
    const queenCity = { ...quote, hauler: 'Queen City Haul-Away', priceDollars: 285 };
    // 2026-11-28 is a Saturday, within the week: the day's name is enough.
    const near = { ...queenCity, pickupDate: '2026-11-28' };
    expect(quoteEmail(lead(), near, links, TODAY).subject).toBe(
      'Queen City Haul-Away: $285, Sat morning',
    );
    const far = { ...queenCity, pickupDate: '2026-12-12', pickupWindow: 'afternoon' as const };
    expect(quoteEmail(lead(), far, links, TODAY).subject).toBe(
      'Queen City Haul-Away: $285, Sat, Dec 12, afternoon',
    );
  });

  it('gives two quotes of one request two different subjects', () => {
    const other = { ...quote, number: 2, hauler: 'Desert Haul LLC', priceDollars: 310 };
    expect(quoteEmail(lead(), quote, links, TODAY).subject).not.toBe(
      quoteEmail(lead(), other, links, TODAY).subject,
    );
  });

  it('says who the hauler is: insured with the expiry month, truck, distance, jobs done', () => {
    const { html, text } = quoteEmail(
      lead(),
      {
        ...quote,
        from: 'hauler',
        rating: { kind: 'new', count: 0 },
        haulerFacts: { insuredUntil: '2027-03-31', truck: 'box-truck', miles: 7.4, jobsDone: 0 },
      },
      links,
      TODAY,
    );
    expect(text).toContain('Insurance: Insured: certificate checked, expires March 2027');
    expect(text).toContain('Truck: Box truck');
    expect(text).toContain('Distance: 7.4 miles from the pickup');
    expect(text).toContain('Jobs done: None with us yet');
    expect(text).toContain('Rating: New: first jobs with us');
    expect(html).toContain('expires March 2027');
  });

  it('flags a quote for another window than the homeowner asked for, and says what they asked', () => {
    const asked = newLead(
      {
        ...VALID_REQUEST_FIELDS,
        photoUrls: [`${FOLDER}/1_1.jpg`, `${FOLDER}/1_2.jpg`],
        photoCount: 2,
        hasVideo: false,
        submissionId: ID,
        pickupDay: 'date',
        pickupDate: '2026-11-24',
        pickupWindow: 'afternoon',
      },
      new Date('2026-11-23T18:00:00Z'),
    );
    const { text, html } = quoteEmail(asked, quote, links, TODAY);
    expect(text).toContain('Not the window you asked for. You asked for Tue, Nov 24, afternoon.');
    expect(html).toContain('Not the window you asked for');
    const same = quoteEmail(asked, { ...quote, pickupWindow: 'afternoon' }, links, TODAY);
    expect(same.text).not.toContain('asked for');
  });

  it('points to every other quote on the request page', () => {
    const { text } = quoteEmail(lead(), quote, links, TODAY);
    expect(text).toContain('Your request page lists every open quote, lowest price first');
  });

  it('greets by the name reduced to plain words', () => {
    const { html, text } = quoteEmail(lead(`${ATTACK} Jane`), quote, links, TODAY);
    expect(text.startsWith('Hi img srcx onerroralert Jane,\n')).toBe(true);
    expect(html).not.toContain('<img');
  });
});

describe('the emails to operations', () => {
  it('escape the homeowner’s reason and every field', () => {
    for (const { html } of [
      declinedEmail(lead(`${ATTACK} Jane`), quote, `Too dear ${ATTACK}`),
      acceptedEmail(lead(`${ATTACK} Jane`), quote),
      cancelledEmail(lead(`${ATTACK} Jane`), undefined, 'received'),
    ]) {
      expect(html).not.toContain(ATTACK);
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; Jane');
    }
  });

  it('use only the email kit’s colours', () => {
    for (const { html } of [
      quoteEmail(lead(), quote, links, TODAY),
      declinedEmail(lead(), quote, 'reason'),
      cancelledEmail(lead(), quote, 'quoted'),
    ]) {
      for (const colour of html.match(/#[0-9a-f]{6}\b/gi) ?? []) {
        expect(Object.values(EMAIL_COLOURS)).toContain(colour);
      }
    }
  });

  it('name the change and the quote in the subject', () => {
    expect(acceptedEmail(lead(), quote).subject).toBe(
      'Accepted: 3F2A9C1B · $240 · Tue, Nov 24, morning',
    );
    expect(declinedEmail(lead(), quote, undefined).text).toContain('Reason: No reason given');
    expect(cancelledEmail(lead(), undefined, 'received').subject).toBe('Cancelled: 3F2A9C1B');
  });
});
