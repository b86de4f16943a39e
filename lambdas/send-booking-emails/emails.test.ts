import { describe, expect, it } from 'vitest';
import { confirmationEmail, operationsEmail } from './emails';
import { EMAIL_COLOURS } from '../shared/mail/email-kit';
import type { LeadForEmail } from './emails';
import { bookingRequestSchema } from '#contract/booking/booking';
import type { BookingRequest } from '#contract/booking/booking';

const ID = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';
const FOLDER = `https://www.example.com/quote-photos/${ID}`;
const ATTACK = '<img src=x onerror=alert(1)>';

/**
 * A lead for the email templates. Overrides are applied after validation, on purpose: the
 * templates must stay safe for any stored text, even text today's contract would refuse.
 */
function lead(overrides: Partial<BookingRequest> = {}): LeadForEmail {
  const request = {
    ...bookingRequestSchema.parse({
      name: 'Jane Doe',
      phone: '(602) 555-0134',
      email: 'jane@example.com',
      city: 'Phoenix',
      state: 'AZ',
      zipCode: '85001',
      description: 'Old sofa and two mattresses.\nGate code 1234.',
      photoUrls: [`${FOLDER}/1732190400000_1.jpg`, `${FOLDER}/1732190400000_2.png`],
      photoCount: 2,
      hasVideo: false,
      submissionId: ID,
    }),
    ...overrides,
  };
  return {
    reference: '3F2A9C1B',
    submissionId: ID,
    receivedAt: '2025-11-21T12:00:00.000Z',
    request,
  };
}

const hostile = (): LeadForEmail =>
  lead({
    name: `${ATTACK} Visit http://evil.example/login`,
    phone: '<b>6025550134</b>',
    city: `${ATTACK}evil.com`,
    state: `"><script>alert('s')</script>`,
    zipCode: '8500<b>1',
    description: `${ATTACK} & <script>alert("d")</script> www.evil.example`,
  });

describe('confirmationEmail', () => {
  it('carries the reference in the subject and the body', () => {
    const email = confirmationEmail(lead());
    expect(email.subject).toContain('3F2A9C1B');
    expect(email.html).toContain('<strong>3F2A9C1B</strong>');
    expect(email.text).toContain('3F2A9C1B');
  });

  it('summarises location and photo count, and says what happens next', () => {
    const email = confirmationEmail(lead());
    for (const part of [email.html, email.text]) {
      expect(part).toContain('Hi Jane Doe,');
      expect(part).toContain('Phoenix, AZ 85001');
      expect(part).toContain('2 photos');
      expect(part).toContain('within minutes');
      expect(part).toContain('verified, licensed and insured local hauler');
      expect(part).toContain('same day or the next day');
    }
  });

  it('says "1 video" for a video request', () => {
    const email = confirmationEmail(
      lead({
        photoUrls: [],
        photoCount: 0,
        hasVideo: true,
        videoUrl: `${FOLDER}/1732190400000_1.mp4`,
      }),
    );
    expect(email.text).toContain('Media: 1 video');
  });

  it('never shows the free-text description', () => {
    const email = confirmationEmail(lead());
    expect(email.html).not.toContain('Gate code');
    expect(email.text).not.toContain('Gate code');
  });

  it('carries no link, markup or URL from the visitor’s text', () => {
    const email = confirmationEmail(hostile());
    for (const part of [email.html, email.text]) {
      expect(part).not.toContain(ATTACK);
      expect(part).not.toContain('<script');
      expect(part).not.toContain('<img');
      expect(part).not.toContain('http://');
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('evil.com');
    }
    expect(email.html).not.toMatch(/<a\s|href=/i);
    // Inert words remain (the name is capped at 40 characters); no markup or link does.
    expect(email.text).toContain('Hi img srcx onerroralert Visit httpevilexam,');
  });

  it('falls back to a plain greeting when nothing of the name survives', () => {
    expect(confirmationEmail(lead({ name: '12 34' })).text.startsWith('Hello,\n')).toBe(true);
  });
});

describe('operationsEmail', () => {
  it('shows every field, the reference, submission id and time received', () => {
    const { html, text, subject } = operationsEmail(lead());
    expect(subject).toBe('New quote request 3F2A9C1B: Phoenix, AZ 85001');
    for (const value of [
      'Jane Doe',
      '(602) 555-0134',
      'jane@example.com',
      'Phoenix',
      'AZ',
      '85001',
      '3F2A9C1B',
      ID,
      '2025-11-21T12:00:00.000Z',
    ]) {
      expect(html).toContain(value);
      expect(text).toContain(value);
    }
    expect(html).toContain('Old sofa and two mattresses.<br>Gate code 1234.');
    expect(text).toContain('Old sofa and two mattresses.\nGate code 1234.');
  });

  it('shows each photo as a thumbnail linking to the full-size image', () => {
    const { html, text } = operationsEmail(lead());
    for (const [i, url] of [
      `${FOLDER}/1732190400000_1.jpg`,
      `${FOLDER}/1732190400000_2.png`,
    ].entries()) {
      expect(html).toContain(
        `<a href="${url}" target="_blank" rel="noopener"><img src="${url}" alt="Photo ${i + 1}"`,
      );
      expect(text).toContain(`${i + 1}. ${url}`);
    }
  });

  it('links the video', () => {
    const videoUrl = `${FOLDER}/1732190400000_1.mp4`;
    const { html, text } = operationsEmail(
      lead({ photoUrls: [], photoCount: 0, hasVideo: true, videoUrl }),
    );
    expect(html).toContain(
      `<a href="${videoUrl}" target="_blank" rel="noopener">Watch the video</a>`,
    );
    expect(html).not.toContain('<img');
    expect(text).toContain(`Video: ${videoUrl}`);
  });

  it('escapes every piece of user text in the HTML', () => {
    const { html } = operationsEmail(hostile());
    expect(html).not.toContain(ATTACK);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; Visit http://evil.example/login');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(&#39;s&#39;)&lt;/script&gt;');
    expect(html).toContain('&amp; &lt;script&gt;alert(&quot;d&quot;)&lt;/script&gt;');
  });

  it('keeps hostile text out of the subject’s header structure', () => {
    const { subject } = operationsEmail(lead({ city: 'Phoenix\r\nBcc: x@example.com' }));
    expect(subject).not.toMatch(/[\r\n]/);
  });
});

describe('both emails', () => {
  it('use only the email kit’s colours', () => {
    const full: LeadForEmail = {
      ...lead(),
      confirmationWithheld: 'limit',
      links: { viewRequest: 'https://www.example.com/request#t', sendQuote: 'https://x/ops#t' },
    };
    for (const { html } of [confirmationEmail(full), operationsEmail(full)]) {
      for (const colour of html.match(/#[0-9a-f]{6}\b/gi) ?? []) {
        expect(Object.values(EMAIL_COLOURS)).toContain(colour);
      }
    }
  });
});
