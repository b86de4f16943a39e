import { describe, expect, it } from 'vitest';
import {
  EMAIL_COLOURS,
  actions,
  email,
  escapeHtml,
  greeting,
  inlineLink,
  multiline,
  plainWords,
  rows,
  safeHref,
  subjectSafe,
  withFooter,
  zipDigits,
} from './email-kit';

const ATTACK = '<img src=x onerror=alert(1)>';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('the email colours', () => {
  const C = EMAIL_COLOURS;
  it.each([
    ['body text on the card', C.text, C.card],
    ['body text on the page', C.text, C.page],
    ['body text on a notice', C.text, C.notice],
    ['labels and small print on the card', C.muted, C.card],
    ['links and outlined buttons on the card', C.link, C.card],
    ['button text on the accent', C.onAccent, C.accent],
    ['the brand header’s name on its band', C.onAccent, C.accent],
    ['the footer’s text and link on the page', C.muted, C.page],
    ['the footer’s link on the page', C.link, C.page],
  ])('give %s at least WCAG AA contrast (4.5:1)', (_role, foreground, background) => {
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('are the only colours the kit writes into an email', () => {
    const message = withFooter(
      email(
        's',
        [
          rows([['Label', 'value']]).html.join(''),
          actions([{ label: 'Go', href: 'https://x' }]).html,
          rows([
            ['Phone', '602 555 0100', 'tel'],
            ['Street', '1 Main St', { map: '1 Main St, Phoenix, AZ 85001' }],
          ]).html.join(''),
        ],
        [],
      ),
      'help@example.com',
    );
    const used = new Set(message.html.match(/#[0-9a-f]{6}/gi));
    expect([...used].every((hex) => Object.values(C).includes(hex as never))).toBe(true);
    expect(used).not.toContain('#71717a');
  });
});

describe('escapeHtml', () => {
  it('escapes a script tag', () => {
    expect(escapeHtml('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('escapes both kinds of quotes, so attribute values cannot be closed', () => {
    expect(escapeHtml(`" onload="x' y`)).toBe('&quot; onload=&quot;x&#39; y');
  });

  it('escapes ampersands first, so entities are not double-decoded', () => {
    expect(escapeHtml('Tom & Jerry &lt;')).toBe('Tom &amp; Jerry &amp;lt;');
  });

  it('leaves ordinary text, including the typographic apostrophe, untouched', () => {
    expect(escapeHtml('We’ll pick it up')).toBe('We’ll pick it up');
  });
});

describe('plainWords', () => {
  it('keeps names with accents, apostrophes and hyphens', () => {
    expect(plainWords("Zoë O'Brien-Núñez", 40)).toBe("Zoë O'Brien-Núñez");
  });

  it('strips everything a mail client could turn into a link', () => {
    expect(plainWords('Visit http://evil.example/login or x.com', 80)).toBe(
      'Visit httpevilexamplelogin or xcom',
    );
    expect(plainWords('mail me: jane@evil.example', 80)).toBe('mail me janeevilexample');
  });

  it('folds full-width look-alikes before stripping them', () => {
    expect(plainWords('ｘ．ｃｏｍ', 40)).toBe('xcom');
  });

  it('caps the length', () => {
    expect(plainWords('a'.repeat(100), 40)).toHaveLength(40);
  });
});

describe('zipDigits and subjectSafe', () => {
  it('keep a ZIP to digits and a hyphen', () => {
    expect(zipDigits(' 85001-1234 ')).toBe('85001-1234');
    expect(zipDigits('8500<b>1')).toBe('85001');
  });

  it('keep a subject on one line', () => {
    expect(subjectSafe('Phoenix\r\nBcc: victim@example.com')).toBe(
      'Phoenix Bcc: victim@example.com',
    );
  });
});

describe('greeting', () => {
  it('greets by the name reduced to plain words', () => {
    expect(greeting(`${ATTACK} Jane http://x.example`)).toBe(
      'Hi img srcx onerroralert Jane httpxexample,',
    );
  });

  it('falls back to Hello when too little of the name survives', () => {
    expect(greeting('12 34 x')).toBe('Hello,');
  });
});

describe('the building blocks', () => {
  it('escape every row’s label and value, and keep the value’s line breaks as <br>', () => {
    const { html, text } = rows([
      [`${ATTACK}label`, `one\r\ntwo ${ATTACK}`],
      ['Absent', undefined],
    ]);
    expect(html).toHaveLength(1);
    expect(html[0]).not.toContain('<img');
    expect(html[0]).toContain('&lt;img src=x onerror=alert(1)&gt;label');
    expect(html[0]).toContain('one<br>two &lt;img');
    expect(text).toEqual([`${ATTACK}label: one\r\ntwo ${ATTACK}`]);
  });

  it('escape a button’s link and label, so neither can close its attribute or add markup', () => {
    const { html, text } = actions([{ label: '<b>Go</b>', href: 'https://x.example/?a=1&b="2"' }]);
    expect(html).toContain('href="https://x.example/?a=1&amp;b=&quot;2&quot;"');
    expect(html).toContain('>&lt;b&gt;Go&lt;/b&gt;</a>');
    expect(text).toEqual(['<b>Go</b>: https://x.example/?a=1&b="2"']);
  });

  it('escape an inline link the same way', () => {
    expect(inlineLink('https://x/"onmouseover="', '<i>')).toContain(
      'href="https://x/&quot;onmouseover=&quot;"',
    );
  });

  it('make a link that is not http(s) inert', () => {
    expect(safeHref('javascript:alert(1)')).toBe('#');
    expect(safeHref('https://x.example/a?b=1&c=2')).toBe('https://x.example/a?b=1&amp;c=2');
  });

  it('keep line breaks of a multiline text as <br>, whatever their kind', () => {
    expect(multiline('a\r\nb\rc\n<d>')).toBe('a<br>b<br>c<br>&lt;d&gt;');
  });

  it('title the layout with the escaped subject and end the text part with a newline', () => {
    const message = email(`Quote ${ATTACK}`, ['<p>body</p>'], ['line']);
    expect(message.html).toContain('<title>Quote &lt;img src=x onerror=alert(1)&gt;</title>');
    expect(message.html).toContain('<p>body</p>');
    expect(message.text).toBe('line\n');
  });
});

describe('the one layout', () => {
  const body = ['Hi Jane Doe,', '', 'Desert Haul Co picks up tomorrow morning.', 'Price: $240'];

  it('opens with the brand header, the product’s name on the accent band', () => {
    const { html } = email('Subject', ['<p>body</p>'], body);
    const header = html.indexOf('>Bulk Trash Pickup</div>');
    expect(header).toBeGreaterThan(-1);
    expect(html.slice(html.lastIndexOf('<div', header), header)).toContain(
      `background:${EMAIL_COLOURS.accent};color:${EMAIL_COLOURS.onAccent}`,
    );
    expect(header).toBeLessThan(html.indexOf('<p>body</p>'));
  });

  it('hides a preheader before everything else: the email’s own, or its first line that says something', () => {
    const preview = (html: string) => /<div style="display:none;[^"]*">([^&<]*)/.exec(html)?.[1];
    expect(preview(email('Subject', [], body, 'Tomorrow: Desert Haul Co, 8 am to noon').html)).toBe(
      'Tomorrow: Desert Haul Co, 8 am to noon',
    );
    expect(preview(email('Subject', [], ['Subject', '', ...body]).html)).toBe(
      'Desert Haul Co picks up tomorrow morning.',
    );
    const { html } = email('Subject', ['<p>body</p>'], body);
    expect(html.indexOf('display:none')).toBeLessThan(html.indexOf('Bulk Trash Pickup</div>'));
  });

  it('escapes the preheader and keeps it to one short line', () => {
    const { html } = email('S', [], [], `${ATTACK}\nBcc: x ${'long '.repeat(60)}`);
    expect(html).not.toContain('<img');
    const preview = /<div style="display:none;[^"]*">(.*?)&#847;/.exec(html)?.[1] ?? '';
    expect(preview).toContain('&lt;img src=x onerror=alert(1)&gt; Bcc: x');
    expect(Array.from(preview.replace(/&[a-z]+;/g, '_')).length).toBeLessThanOrEqual(140);
  });

  it('ends both parts with the footer and its support contact, once however often it is added', () => {
    const once = withFooter(email('Subject', ['<p>body</p>'], body), 'help@example.com');
    const twice = withFooter(once, 'help@example.com');
    expect(twice).toEqual(once);
    expect(
      once.text.endsWith(
        '--\nBulk Trash Pickup · Same-day or next-day bulk trash pickup\nQuestions? Write to us at help@example.com.\n',
      ),
    ).toBe(true);
    expect(once.html).toContain('<a href="mailto:help@example.com"');
    expect(once.html.indexOf('mailto:')).toBeGreaterThan(once.html.indexOf('<p>body</p>'));
    expect(once.html.endsWith('</body></html>')).toBe(true);
  });

  it('stays small: the frame around the body is under 3 kB', () => {
    const framed = withFooter(email('Subject', [''], body), 'help@example.com');
    expect(framed.html.length).toBeLessThan(3000);
  });
});

describe('phone and address rows', () => {
  it('link a phone number with tel: and an address to a plain maps search, escaped', () => {
    const { html, text } = rows([
      ['Phone', '(602) 555-0100 <b onclick=x>', 'tel'],
      ['Street', `12 Main St ${ATTACK}`, { map: '12 Main St, Phoenix, AZ 85001' }],
    ]);
    expect(html[0]).toContain('<a href="tel:6025550100"');
    expect(html[0]).toContain('(602) 555-0100 &lt;b onclick=x&gt;</a>');
    expect(html[1]).toContain(
      '<a href="https://www.google.com/maps/search/?api=1&amp;query=12%20Main%20St%2C%20Phoenix%2C%20AZ%2085001"',
    );
    expect(html.join('')).not.toMatch(/<img|<b /);
    expect(text).toEqual([
      'Phone: (602) 555-0100 <b onclick=x>',
      `Street: 12 Main St ${ATTACK}`,
      'Map: https://www.google.com/maps/search/?api=1&query=12%20Main%20St%2C%20Phoenix%2C%20AZ%2085001',
    ]);
  });
});
