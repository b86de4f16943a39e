// What every link authoriser reads and how it says no. The reasons are for tests and logs: the
// edge answers every one alike (link-results.ts), so a caller learns nothing from a refusal.
import type { LinkSecretLoader } from '../links/link-secret';
import type { LeadTable } from '../runtime/table-handle';

export interface LinkAuthDeps {
  table: LeadTable;
  secrets: LinkSecretLoader;
  now: () => Date;
}

export type LinkRefusalReason =
  | 'no-token'
  | 'not-verified'
  | 'not-allowed'
  | 'no-lead'
  | 'no-offer'
  | 'no-hauler'
  | 'hauler-not-taking-offers'
  | 'hauler-removed'
  | 'application-lapsed'
  | 'application-unconfirmed'
  | 'account-closed'
  | 'link-replaced';

export interface LinkRefusal {
  ok: false;
  reason: LinkRefusalReason;
}

export const refuseLink = (reason: LinkRefusalReason): LinkRefusal => ({ ok: false, reason });
