// The emails a lead's or a hauler's change owes, rendered for the record as the change leaves it
// the change's own transaction (decision 059), then handed to the immediate try.
import type { Hauler } from '../models/hauler-model';
import type { Lead } from '../models/lead-model';
import { leadRef } from './mailer';
import type { Mail, MailerDeps } from './mailer';
import { markKept, owedItems } from './outbox';

export interface OwedWithChange<C> {
  /** For applyChange's `beside`: renders this attempt's emails and returns their items. */
  beside(next: Lead, change: C): Promise<readonly Record<string, unknown>[]>;
  /** The emails written with the change: the last attempt's, when it was 'changed'; else none. */
  written(outcome: { kind: string }): readonly Mail[];
}

export function owedWithChange<C>(
  deps: Pick<MailerDeps, 'outbox' | 'now'>,
  owes: (next: Lead, change: C) => Promise<readonly Mail[]>,
): OwedWithChange<C> {
  let owed: readonly Mail[] = [];
  return {
    async beside(next, change) {
      const mails = await owes(next, change);
      owed = mails;
      // Without an outbox nobody settles its items: one attempt, as before decision 054.
      if (deps.outbox === undefined) return [];
      const items = owedItems(leadRef(next.submissionId), mails, deps.now());
      owed = markKept(mails, items);
      return items;
    },
    written: (outcome) => (outcome.kind === 'changed' ? owed : []),
  };
}

export interface OwedWithHaulerChange {
  /** For a hauler change's `beside`: renders this attempt's emails and returns their items. */
  beside(next: Hauler): Promise<readonly Record<string, unknown>[]>;
  /** The emails written with the change: the last attempt's, when it changed; else none. */
  written(result: { ok: boolean; changed?: boolean }): readonly Mail[];
}

/** The same for a hauler's change (decision 059), on the hauler's ledger. */
export function owedWithHaulerChange(
  deps: Pick<MailerDeps, 'outbox' | 'now'>,
  owes: (next: Hauler) => Promise<readonly Mail[]>,
): OwedWithHaulerChange {
  let owed: readonly Mail[] = [];
  return {
    async beside(next) {
      const mails = await owes(next);
      owed = mails;
      if (deps.outbox === undefined) return [];
      const items = owedItems({ kind: 'hauler', id: next.haulerId }, mails, deps.now());
      owed = markKept(mails, items);
      return items;
    },
    written: (result) => (result.ok && result.changed === true ? owed : []),
  };
}
