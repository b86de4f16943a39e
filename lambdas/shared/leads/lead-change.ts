// One change to a lead, decided on the lead as stored and written conditioned on the version
// read. A lost race decides again on the lead as it now is, so a concurrent duplicate reads as
// "already". The quote loop and the job's actions both change leads through it.
import { updateLeadStatus } from './lead-store';
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
  } = {},
): Promise<Applied> {
  let lead = initial;
  for (let attempt = 0; attempt < APPLY_ATTEMPTS; attempt += 1) {
    if (options.isRepeat?.(lead) === true) return { kind: 'already', lead, from: lead.status };
    const decision = decideOn(lead);
    if (decision.kind === 'refuse') return { kind: 'refused', lead, message: decision.message };
    if (decision.kind === 'already') return { kind: 'already', lead, from: lead.status };
    const change = decision as Extract<D, { kind: 'change' }>;
    const result = await updateLeadStatus(table, lead.submissionId, {
      from: [change.from],
      to: change.to,
      at: now,
      history: change.history ?? true,
      ...(change.step === undefined ? {} : { step: change.step }),
      expectedVersion: lead.version,
      ...(options.patch === undefined ? {} : { patch: options.patch(lead, change) }),
    });
    if (result.ok) return { kind: 'changed', lead: result.lead, from: change.from };
    if (result.reason === 'not-found') throw new Error('Lead vanished during a status change');
    lead = result.current;
  }
  return { kind: 'refused', lead, message: LOOP_MESSAGES.contended };
}
