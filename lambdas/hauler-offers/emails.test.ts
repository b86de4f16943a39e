import { describe, expect, it } from 'vitest';
import { withoutContact } from '../shared/text/contact-mask';
import { escalationEmail, offerEmail, offersEndedEmail } from './emails';
import { bookingRequestSchema } from '#contract/booking/booking';
import type { BookingRequest } from '#contract/booking/booking';
import type { LeadOffer } from '#contract/loop/offers';

const ID = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';
const FOLDER = `https://www.example.com/quote-photos/${ID}`;
const LINK = 'https://www.example.com/haulers/quote#t=TOKEN';
const ATTACK = '<img src=x onerror=alert(1)>';

/** Stored text, overrides after validation: the template must be safe for any of it. */
function lead(overrides: Partial<BookingRequest> = {}) {
  const request = {
    ...bookingRequestSchema.parse({
      name: 'Jane Doe',
      phone: '(602) 555-0134',
      email: 'jane@example.com',
      city: 'Phoenix',
      state: 'AZ',
      zipCode: '85001',
      description: 'Old sofa and two mattresses in the carport.',
      photoUrls: [`${FOLDER}/1732190400000_1.jpg`, `${FOLDER}/1732190400000_2.png`],
      photoCount: 2,
      hasVideo: false,
      submissionId: ID,
      loadSize: 'half',
      pickupDay: 'date',
      pickupDate: '2026-11-26',
      pickupWindow: 'morning',
    }),
    ...overrides,
  };
  return { reference: '3F2A9C1B', receivedAt: '2026-11-24T15:00:00.000Z', request };
}

const offer: LeadOffer = {
  haulerId: 'h1',
  businessName: 'Desert Haul LLC',
  miles: 2.4,
  round: 1,
  sentAt: '2026-11-24T15:01:00.000Z',
};

describe('the offer email', () => {
  it('says where, what size, which day and window in the subject, and links to the quote page', () => {
    const message = offerEmail(lead(), offer, LINK, 48);
    expect(message.subject).toBe('New job near 85001: Half truck · Thu, Nov 26, morning');
    expect(message.text).toContain(`Send a quote: ${LINK}`);
    expect(message.html).toContain(`href="${LINK}"`);
    expect(message.text).toContain('Description: Old sofa and two mattresses in the carport.');
    expect(message.text).toContain('From your base: 2.4 miles');
    expect(message.html).toContain(`<img src="${FOLDER}/1732190400000_1.jpg"`);
  });

  it('never carries the homeowner name, phone, email or street, whatever the request holds', () => {
    // Each contact field unique, and each also pasted into the description in other spellings.
    const contact = {
      name: 'Zebulon Quixotefield',
      phone: '(480) 555-7391',
      email: 'zq.unique-3141@mailbox.example',
    };
    const street = '7391 West Quixote Lane';
    const request = lead({
      ...contact,
      description: [
        'Couch and fridge.',
        `Call Zebulon on 480.555.7391 or +1 480 555 7391, mail ZQ.UNIQUE-3141@MAILBOX.EXAMPLE`,
        `or zq@elsewhere.example. I am ${contact.name}.`,
      ].join('\n'),
    });
    const message = offerEmail(request, offer, LINK, 48);
    const everything = [message.subject, message.html, message.text].join('\n').toLowerCase();
    for (const forbidden of [
      contact.name,
      'zebulon',
      'quixotefield',
      contact.phone,
      '555-7391',
      '555.7391',
      '555 7391',
      '4805557391',
      contact.email,
      'zq@elsewhere.example',
      street,
    ]) {
      expect(everything).not.toContain(forbidden.toLowerCase());
    }
    expect(message.text).toContain('Couch and fridge.');
  });

  it('hides contact in the description and place by the rule every hauler view uses', () => {
    const description = 'Sofa. Text 6 0 2 5 5 5 0 1 3 4 or dana at example dot com, 3 chairs.';
    const request = lead({ description, city: 'Mesa dana@example.com' });
    const message = offerEmail(request, offer, LINK, 48);
    expect(message.text).toContain(`Description: ${withoutContact(description, request.request)}`);
    expect(message.text).toContain('Description: Sofa. Text [contact hidden] or [contact hidden]');
    expect(message.text).toContain('Near: 85001 (Mesa contact hidden, AZ)');
  });

  it('escapes every piece of stored text in the HTML and keeps markup out of the subject', () => {
    const message = offerEmail(
      lead({
        city: `${ATTACK}Mesa`,
        description: `${ATTACK} & <script>alert("d")</script>`,
        zipCode: '8500<b>1',
      }),
      { ...offer, businessName: ATTACK },
      LINK,
      48,
    );
    expect(message.html).not.toContain('<script>');
    expect(message.html).not.toContain(ATTACK);
    expect(message.html).toContain('&lt;script&gt;');
    expect(message.subject).not.toMatch(/[<>]/);
  });

  it('links a video instead of photos', () => {
    const message = offerEmail(
      lead({ photoUrls: [], photoCount: 0, hasVideo: true, videoUrl: `${FOLDER}/1_1.mp4` }),
      offer,
      LINK,
      48,
    );
    expect(message.text).toContain(`Video: ${FOLDER}/1_1.mp4`);
  });
});

describe('the escalation email', () => {
  it("names the reference, why, who was offered, and carries operations' Send a quote", () => {
    const message = escalationEmail(
      lead(),
      'no-quote',
      [offer],
      'https://www.example.com/ops/quote#t=OPS',
      60,
    );
    expect(message.subject).toBe('No hauler has quoted 3F2A9C1B yet');
    expect(message.text).toContain('Nobody has quoted within 60 minutes of the booking.');
    expect(message.text).toContain('Offered to: Desert Haul LLC (2.4 mi)');
    expect(message.text).toContain('Send a quote: https://www.example.com/ops/quote#t=OPS');
  });

  it('says when nobody could be offered the job', () => {
    const message = escalationEmail(lead(), 'no-hauler', [], undefined, 60);
    expect(message.text).toContain('nobody was offered this job');
    expect(message.text).toContain('Offered to: nobody');
    expect(message.text).not.toContain('Send a quote');
  });
});

describe('the homeowner’s "no hauler took your request" email', () => {
  const REQUEST = 'https://www.example.com/request#t=TOKEN';
  const ended = (overrides: Partial<BookingRequest> = {}) =>
    offersEndedEmail(lead(overrides), REQUEST, 'https://www.example.com/', 48);

  it('says nobody quoted within the hours, what the homeowner can do, and links the request', () => {
    const mail = ended();
    expect(mail.subject).toBe('No hauler took your request 3F2A9C1B');
    expect(mail.text).toContain('Hi Jane Doe,');
    expect(mail.text).toContain(
      'We offered your request to haulers near 85001 for 48 hours, and none quoted.',
    );
    expect(mail.text).toContain('See your request: https://www.example.com/request#t=TOKEN');
    expect(mail.text).toContain('Send a new request: https://www.example.com/');
    expect(mail.text).toContain('- Send a new request later');
    expect(mail.html).toContain(`href="${REQUEST}"`);
  });

  it('keeps the homeowner’s typed text out of the markup', () => {
    const mail = ended({ name: `Jane ${ATTACK}` });
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.subject).not.toContain('<');
  });
});
