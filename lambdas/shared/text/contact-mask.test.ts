import { describe, expect, it } from 'vitest';
import { CONTACT_HIDDEN, jobDetailsWithoutContact, withoutContact } from './contact-mask';
import type { JobDetails } from '#contract/loop/quote-loop';

const OWN = { name: 'Dana Lee', phone: '(480) 555-7391', email: 'dana.lee@example.org' };
const hidden = (text: string) => withoutContact(`call ${text} now`);

// The spellings the generated properties (test/property/contact-mask.test.ts) cover, one each.
describe('taking contact out of a description', () => {
  it.each([
    '602-555-0134',
    '(602) 555 0134',
    '602.555.0134',
    '+1 602 555 0134',
    '1-602-555-0134',
    '6025550134',
    '6 0 2 5 5 5 0 1 3 4',
    '555-0134',
    '602 - 555 - 0134',
    '602\u2013555\u20130134',
    '６０２５５５０１３４',
    '602\u200D555\u200D0134',
    '6\uFE0F\u20E30\uFE0F\u20E32\uFE0F\u20E35\uFE0F\u20E35\uFE0F\u20E35\uFE0F\u20E30\uFE0F\u20E31\uFE0F\u20E33\uFE0F\u20E34\uFE0F\u20E3',
    '602-555-OO34',
  ])('hides the phone number %s', (written) => {
    expect(hidden(written)).toBe(`call ${CONTACT_HIDDEN} now`);
  });

  it.each([
    'a@b.com',
    'someone@example.org',
    'a @ b.com',
    'a @ b . com',
    'a at b dot com',
    'A AT B DOT COM',
    'a (at) b [dot] com',
    'a[at]b(dot)com',
    'first.last (at) mail [dot] example [dot] com',
    'first dot last at example dot com',
    'dana at gmail',
    'dana@gmail',
    'dana＠example．com',
    '@danahauls',
  ])('hides the email address %s', (written) => {
    expect(hidden(written)).toBe(`call ${CONTACT_HIDDEN} now`);
  });

  it('hides an address after "at", even when "me at" is read as part of it', () => {
    expect(withoutContact('email me at john.smith@gmail.com')).not.toMatch(/john|smith|gmail/u);
  });

  it.each([
    '3 couches, 2 mattresses, 10 bags.',
    'A shed from 2019, about 6x8 ft.',
    'Two 6 ft sofas, 3 chairs, gate code 1234, 2nd floor.',
    'Bought 2019-2021. 3 boxes, 72 x 36 in table.',
    'Pick up at 5.30 pm, free after 11/28/2026.',
    'Left at the curb. A polka dot chair, $50 tip.',
    '2 @ $5 each, 3 chairs @ 20 each.',
    'Gate 1234. 2 sofas. 10 bags.',
  ])('keeps ordinary numbers and words: %s', (text) => {
    expect(withoutContact(text)).toBe(text);
  });

  it('gives text with nothing to hide back exactly, without normalising it', () => {
    const text = 'Ｆｕｌｌｗｉｄｔｈ sofa, ½ a truck, café chairs';
    expect(withoutContact(text)).toBe(text);
  });

  it('hides the homeowner’s own name, phone and email as whole words, in any case', () => {
    expect(
      withoutContact('Ask for DANA or lee. Phone (480) 555-7391, DANA.LEE@EXAMPLE.ORG', OWN),
    ).toBe(
      `Ask for ${CONTACT_HIDDEN} or ${CONTACT_HIDDEN}. Phone ${CONTACT_HIDDEN}, ${CONTACT_HIDDEN}`,
    );
    // A name part inside a longer word is not the name: "Lee" in "sleeper".
    expect(withoutContact('A sleeper sofa and a leeward shed.', OWN)).toBe(
      'A sleeper sofa and a leeward shed.',
    );
  });
});

describe('the job as a hauler sees it before acceptance', () => {
  it('hides contact in the description, city and state, and keeps the rest as it was', () => {
    const details: JobDetails = {
      city: 'Mesa, text 480 555 7391',
      state: 'AZ',
      zipCode: '85201',
      description: 'Dana here: a fridge and 2 chairs, dana at example dot com.',
      photoUrls: ['https://www.example.com/quote-photos/x/1_1.jpg'],
      details: [{ label: 'Load size', value: 'Half truck' }],
    };
    expect(jobDetailsWithoutContact(details, OWN)).toEqual({
      ...details,
      city: `Mesa, text ${CONTACT_HIDDEN}`,
      description: `${CONTACT_HIDDEN} here: a fridge and 2 chairs, ${CONTACT_HIDDEN}.`,
    });
  });
});
