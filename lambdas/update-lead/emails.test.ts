import { describe, expect, it } from 'vitest';
import { acceptedEmail, cancelledEmail, declinedEmail, quoteEmail } from './emails';
import { EMAIL_COLOURS } from '../shared/mail/email-kit';
import { newLead } from '../shared/leads/lead-store';
import { VALID_REQUEST_FIELDS } from '../../test/fixtures/homeowner';
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
const links = {
  accept: 'https://www.example.com/request#a&x="1"',
  decline: 'https://www.example.com/request#d',
  view: 'https://www.example.com/request#v',
};

describe('the quote email', () => {
  it('escapes the hauler and the note, keeping the note’s line break', () => {
    const { html, text } = quoteEmail(lead(), quote, links);
    expect(html).not.toContain(ATTACK);
    expect(html).toContain('Sam &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Gate code &quot;1234&quot;<br>&lt;img');
    expect(text).toContain(`Note: Gate code "1234"\n${ATTACK}`);
  });

  it('carries its three links, escaped in the HTML and as typed in the text', () => {
    const { html, text } = quoteEmail(lead(), quote, links);
    expect(html).toContain('href="https://www.example.com/request#a&amp;x=&quot;1&quot;"');
    expect(text).toContain(`Accept this quote: ${links.accept}\nDecline: ${links.decline}`);
    expect(text).toContain(`View your request: ${links.view}`);
  });

  it("shows a hauler's rating as it was when they quoted: the average with a star, or New", () => {
    const rated = quoteEmail(
      lead(),
      { ...quote, rating: { kind: 'rated', average: 4.8, count: 12 } },
      links,
    );
    expect(rated.text).toContain('Rating: ★ 4.8 (12 ratings)');
    expect(rated.html).toContain('★ 4.8 (12 ratings)');
    const fresh = quoteEmail(lead(), { ...quote, rating: { kind: 'new', count: 1 } }, links);
    expect(fresh.text).toContain('Rating: New');
    expect(quoteEmail(lead(), quote, links).text).not.toContain('Rating:');
  });

  it('greets by the name reduced to plain words', () => {
    const { html, text } = quoteEmail(lead(`${ATTACK} Jane`), quote, links);
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
      quoteEmail(lead(), quote, links),
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
