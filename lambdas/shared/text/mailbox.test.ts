import { describe, expect, it } from 'vitest';
import { normaliseAddress } from './mailbox';

describe('normaliseAddress', () => {
  it.each([
    // Everywhere: spaces, case and +tag subaddressing.
    ['ann@example.com', 'ann@example.com'],
    ['  Ann.Smith+quotes@Example.COM ', 'ann.smith@example.com'],
    ['ann+a+b@example.com', 'ann@example.com'],
    ['ANN@EXAMPLE.COM', 'ann@example.com'],
    // Gmail: dots in the local part are ignored, googlemail.com is gmail.com.
    ['a.b@gmail.com', 'ab@gmail.com'],
    ['ab@gmail.com', 'ab@gmail.com'],
    ['A.B+x@googlemail.com', 'ab@gmail.com'],
    ['a.b.@GMail.com', 'ab@gmail.com'],
    ['j.o.h.n.s.m.i.t.h+shop@GoogleMail.Com', 'johnsmith@gmail.com'],
    // Providers that do not document dots as insignificant keep them (Outlook, Yahoo, iCloud,
    // Google Workspace domains): two spellings, two inboxes.
    ['a.b@outlook.com', 'a.b@outlook.com'],
    ['a.b@hotmail.com', 'a.b@hotmail.com'],
    ['a.b@yahoo.com', 'a.b@yahoo.com'],
    ['a.b@icloud.com', 'a.b@icloud.com'],
    ['a.b@company.example', 'a.b@company.example'],
    // Only the domains themselves: a look-alike or a subdomain is another provider.
    ['a.b@gmail.com.example', 'a.b@gmail.com.example'],
    ['a.b@mail.gmail.com', 'a.b@mail.gmail.com'],
    ['a.b@notgmail.com', 'a.b@notgmail.com'],
    // Yahoo's disposable addresses use '-', and only for names the owner created: not folded.
    ['ann-shopping@yahoo.com', 'ann-shopping@yahoo.com'],
  ])('reads %j as the inbox %j', (address, inbox) => {
    expect(normaliseAddress(address)).toBe(inbox);
  });

  it('folds every spelling of one Gmail inbox to one value, and keeps two inboxes apart', () => {
    const oneInbox = ['a.b@gmail.com', 'ab@gmail.com', 'A.B+x@googlemail.com', 'a.b+y@GMAIL.COM'];
    expect(new Set(oneInbox.map(normaliseAddress))).toEqual(new Set(['ab@gmail.com']));
    expect(normaliseAddress('ab@gmail.com')).not.toBe(normaliseAddress('abc@gmail.com'));
  });
});
