import { describe, expect, it } from 'vitest';
import { confirmationEmail, operationsEmail } from './emails';
import type { LeadForEmail } from './emails';
import { jobSummary } from '../shared/jobs/job-summary';
import { formatPickupDate } from '#contract/core/calendar-date';
import { bookingRequestSchema } from '#contract/booking/booking';
import { ESTIMATE_NOTE } from '#contract/booking/pricing';

const ID = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';
const FOLDER = `https://www.example.com/quote-photos/${ID}`;

function lead(overrides: Record<string, unknown> = {}): LeadForEmail {
  const request = bookingRequestSchema.parse({
    name: 'Jane Doe',
    phone: '(602) 555-0134',
    email: 'jane@example.com',
    city: 'Birmingham',
    state: 'Alabama',
    zipCode: '35201',
    description: 'Old sofa and two mattresses.',
    photoUrls: [`${FOLDER}/1_1.jpg`, `${FOLDER}/1_2.jpg`],
    photoCount: 2,
    hasVideo: false,
    submissionId: ID,
    ...overrides,
  });
  return {
    reference: '3F2A9C1B',
    submissionId: ID,
    receivedAt: '2026-11-23T12:00:00.000Z',
    request,
  };
}

const halfTomorrowMorning = {
  loadSize: 'half',
  pickupDay: 'tomorrow',
  pickupDate: '2026-11-24',
  pickupWindow: 'morning',
};

describe('the job summary', () => {
  it('reads size, the state’s estimate, the visitor’s date and the window', () => {
    expect(jobSummary(lead(halfTomorrowMorning).request)).toBe(
      'Half truck · est. $165–$235 · Tue, Nov 24, morning',
    );
    expect(jobSummary(lead({ ...halfTomorrowMorning, state: 'Arizona' }).request)).toBe(
      'Half truck · est. $250–$450 · Tue, Nov 24, morning',
    );
  });

  it('says what was not chosen: no size, as soon as possible, any time', () => {
    expect(jobSummary(lead().request)).toBe('Load size not given · As soon as possible, any time');
    expect(jobSummary(lead({ pickupDay: 'asap', pickupWindow: 'afternoon' }).request)).toBe(
      'Load size not given · As soon as possible, afternoon',
    );
  });

  it('formats the calendar date as written, whatever the server’s time zone', () => {
    expect(formatPickupDate('2026-12-31')).toBe('Thu, Dec 31');
    expect(formatPickupDate('2027-01-01')).toBe('Fri, Jan 1');
  });
});

describe('both emails show the load size and the pickup', () => {
  it('the operations email starts with the summary, in its HTML and its text', () => {
    const email = operationsEmail(lead(halfTomorrowMorning));
    expect(email.text.split('\n')[0]).toBe('Half truck · est. $165–$235 · Tue, Nov 24, morning');
    expect(email.html).toMatch(
      /<div[^>]*>\n<p[^>]*>Half truck · est\. \$165–\$235 · Tue, Nov 24, morning<\/p>/,
    );
    expect(email.text).toContain('Load size: Half truck · est. $165–$235');
    expect(email.text).toContain('Pickup: Tue, Nov 24, morning');
  });

  it('the confirmation shows them with the estimate note', () => {
    const email = confirmationEmail(lead({ ...halfTomorrowMorning, pickupWindow: 'afternoon' }));
    for (const body of [email.text, email.html]) {
      expect(body).toContain('Half truck · est. $165–$235');
      expect(body).toContain('Tue, Nov 24, afternoon');
      expect(body).toContain(ESTIMATE_NOTE);
    }
    expect(confirmationEmail(lead()).text).not.toContain(ESTIMATE_NOTE);
  });

  it('a hostile State text only picks a row of the table, it is never echoed in the summary', () => {
    const email = operationsEmail(
      lead({ ...halfTomorrowMorning, state: '<img src=x onerror=alert(1)>' }),
    );
    expect(email.text.split('\n')[0]).toBe('Half truck · est. $250–$450 · Tue, Nov 24, morning');
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
