import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { outboxItemFromItem, outboxItemSchema } from './outbox-model';
import { outboxItem, owedMail } from '../mail/outbox';
import { StoredItemError } from '../runtime/stored-item';
import everyAttribute from '../../../test/fixtures/stored/outbox-every-attribute.json';
import first from '../../../test/fixtures/stored/outbox-first.json';

const STORED: [string, Record<string, unknown>][] = [
  ['the first outbox (de720aa), kept by the mailer', first],
  ['today, with every attribute a writer sets (a transition, then the sender)', everyAttribute],
];

const withoutKeys = ({ pk: _pk, sk: _sk, ...attributes }: Record<string, unknown>) => attributes;

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
});
afterEach(() => vi.restoreAllMocks());

describe('a stored outbox item', () => {
  it.each(STORED)('from %s reads as stored: nothing dropped, nothing filled in', (_, item) => {
    expect(outboxItemFromItem(item)).toStrictEqual(withoutKeys(item));
  });

  it('has every attribute of the model in some stored example', () => {
    const stored = new Set(STORED.flatMap(([, item]) => Object.keys(item)));
    expect(Object.keys(outboxItemSchema.shape).filter((key) => !stored.has(key))).toEqual([]);
  });

  it('as a transition writes it reads back as the email it stands for', () => {
    const mail = owedMail(outboxItemFromItem(everyAttribute));
    const now = new Date(everyAttribute.owedAt);
    const written = outboxItem(
      { kind: 'lead', id: everyAttribute.ledgerId },
      mail,
      now,
      new Date(now.getTime() + 90_000),
    );
    expect(written.sk).toBe(everyAttribute.sk);
    expect(owedMail(outboxItemFromItem(written))).toStrictEqual(mail);
    // The example holds every attribute a writer sets, and the sender's last error besides.
    expect(Object.keys(everyAttribute)).toEqual(
      expect.arrayContaining([...Object.keys(written), 'lastError']),
    );
  });

  it('that is malformed is a StoredItemError naming its key and the attribute, logged', () => {
    const item = { ...first, ledgerKind: 'hauler-page', attempts: 'two' };
    const read = () => outboxItemFromItem(item);
    expect(read).toThrow(StoredItemError);
    expect(read).toThrow(`Stored outbox ${first.pk}/${first.sk} does not parse`);
    expect(read).toThrow(/ledgerKind: .*attempts/);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(`${first.pk}/${first.sk}`));
  });
});
