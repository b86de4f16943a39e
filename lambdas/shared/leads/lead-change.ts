// One change to a lead, decided on the lead as stored and written conditioned on the version
// read. A lost race decides again on the lead as it now is, so a concurrent duplicate reads as
// "already". The quote loop and the job's actions both change leads through it.
import { updateLeadStatus } from './lead-store';
import { parseLead } from '../models/lead-model';
import type { Lead } from '../models/lead-model';
import type { LeadTable } from '../runtime/table-handle';
import { LOOP_MESSAGES } from '#contract/loop/quote-loop';
import type { LeadStatus, TimelineStep } from '#contract/loop/quote-loop';

export type ChangeDecision =
  | {
      kind: 'change';
      from: LeadStatus;
      to: LeadStatus;
      /** The timeline's entry when it is not the new status. */
      step?: TimelineStep;
      history?: boolean;
    }
  | { kind: 'already'; status: LeadStatus }
  | { kind: 'refuse'; message: string };

export type Applied =
  | { kind: 'changed' | 'already'; lead: Lead; from: LeadStatus }
  | { kind: 'refused'; lead: Lead; message: string };

/** The lead as a change would leave it, for what is rendered before the write (decision 059). */
export function nextLead(
  lead: Lead,
  to: LeadStatus,
  now: Date,
  patch: Record<string, unknown> = {},
): Lead {
  const set = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  // Through the model, as the written lead will be read: a patch it would refuse fails here.
  return parseLead({
    ...lead,
    ...set,
    status: to,
    updatedAt: now.toISOString(),
    version: lead.version + 1,
  });
}

/** A write that keeps losing races is answered like a refusal (409 with the lead as it is now). */
const APPLY_ATTEMPTS = 3;

export async function applyChange<D extends ChangeDecision>(
  table: LeadTable,
  initial: Lead,
  now: Date,
  decideOn: (lead: Lead) => D,
  options: {
    /** The same action on an unchanged lead: treated as already done (e.g. the same quote twice). */
    isRepeat?: (lead: Lead) => boolean;
    patch?: (lead: Lead, decision: Extract<D, { kind: 'change' }>) => Record<string, unknown>;
    /**
     * Items written with the change or not at all (decision 059): the emails it owes, rendered for
     * the lead as this attempt would leave it. Called once per attempt; the last call is the one
     * written when the result is 'changed'.
     */
    beside?: (
      next: Lead,
      decision: Extract<D, { kind: 'change' }>,
    ) => Promise<readonly Record<string, unknown>[]>;
  } = {},
): Promise<Applied> {
  let lead = initial;
  for (let attempt = 0; attempt < APPLY_ATTEMPTS; attempt += 1) {
    if (options.isRepeat?.(lead) === true) return { kind: 'already', lead, from: lead.status };
    const decision = decideOn(lead);
    if (decision.kind === 'refuse') return { kind: 'refused', lead, message: decision.message };
    if (decision.kind === 'already') return { kind: 'already', lead, from: lead.status };
    const change = decision as Extract<D, { kind: 'change' }>;
    const patch = options.patch?.(lead, change);
    const beside =
      options.beside === undefined
        ? undefined
        : await options.beside(nextLead(lead, change.to, now, patch), change);
    const result = await updateLeadStatus(table, lead.submissionId, {
      from: [change.from],
      to: change.to,
      at: now,
      history: change.history ?? true,
      ...(change.step === undefined ? {} : { step: change.step }),
      expectedVersion: lead.version,
      ...(patch === undefined ? {} : { patch }),
      ...(beside === undefined ? {} : { beside }),
    });
    if (result.ok) return { kind: 'changed', lead: result.lead, from: change.from };
    if (result.reason === 'not-found') throw new Error('Lead vanished during a status change');
    lead = result.current;
  }
  return { kind: 'refused', lead, message: LOOP_MESSAGES.contended };
}
