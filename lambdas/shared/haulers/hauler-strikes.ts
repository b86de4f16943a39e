// Strikes (STRIKE_RULES, published on /haulers): each is stored on the hauler once per kind and
// request, pauses the hauler until operations resume them, and is emailed once, on the mail ledger.
import { closeLowRatingCrossing } from './hauler-rating';
import { belowRatingBar } from './hauler-rules';
import type { RatedJob } from './hauler-rating';
import {
  email,
  escapeHtml,
  greeting,
  heading,
  paragraph,
  rows,
  smallPrint,
  table,
} from '../mail/email-kit';
import type { EmailMessage } from '../mail/email-kit';
import { haulerLedger } from './hauler-mail';
import { changeHauler, getHauler } from './hauler-store';
import type { Hauler, StoredStrike } from '../models/hauler-model';
import { createMailer } from '../mail/mailer';
import type { Mail, MailResult, MailerDeps } from '../mail/mailer';
import { owedWithHaulerChange } from '../mail/owed-with-change';
import type { LeadTable } from '../runtime/table-handle';
import { JOB_TEXTS, STRIKE_REASONS } from '#contract/loop/jobs';
import type { StrikeKind } from '#contract/loop/jobs';

/** What a strike needs: the job-updates function's deps and the operators' command line both fit. */
export interface StrikeDeps extends MailerDeps {
  table: LeadTable;
  /** The strike email's Reply-To: a hauler who disagrees writes to a person. */
  operationsAddress?: string;
  haulerConfigurationSet?: string;
}

export interface StrikeRequest {
  submissionId: string;
  /** The request's reference, as the hauler knows it from their emails. */
  reference: string;
  at: string;
}

export type StrikeOutcome =
  /** `recorded` now, or `already` (this kind and request, or the same low-rating crossing). */
  | { outcome: 'recorded' | 'already'; strike: StoredStrike; hauler: Hauler; email: MailResult }
  /** The hauler cannot be paused (removed, rejected, not yet approved): nothing stored. */
  | { outcome: 'refused'; message: string }
  | { outcome: 'not-found' };

/** A write that keeps losing races to the hauler's own changes gives up (the caller may retry). */
const STRIKE_ATTEMPTS = 3;

const sameStrike = (kind: StrikeKind, submissionId: string) => (strike: StoredStrike) =>
  strike.kind === kind && strike.submissionId === submissionId;

/** The strike already standing for this kind and request, or for the open low-rating crossing. */
function standing(hauler: Hauler, kind: StrikeKind, submissionId: string) {
  const strikes = hauler.strikes ?? [];
  const open = kind === 'low-rating' ? hauler.lowRatingStrikeFor : undefined;
  return (
    strikes.find(sameStrike(kind, submissionId)) ??
    (open === undefined ? undefined : strikes.find(sameStrike(kind, open)))
  );
}

/** Idempotent per (kind, request): a retry stores nothing more and sends only an unsent email. */
export async function recordStrike(
  deps: StrikeDeps,
  haulerId: string,
  kind: StrikeKind,
  request: StrikeRequest,
): Promise<StrikeOutcome> {
  for (let attempt = 0; attempt < STRIKE_ATTEMPTS; attempt += 1) {
    const hauler = await getHauler(deps.table, haulerId);
    if (hauler === undefined) return { outcome: 'not-found' };
    const stood = standing(hauler, kind, request.submissionId);
    if (stood !== undefined) {
      return { outcome: 'already', strike: stood, hauler, email: await tell(deps, hauler, stood) };
    }
    const strike: StoredStrike = { kind, ...request };
    // Its email is stored with the strike (decision 059).
    const owed = owedWithHaulerChange(deps, async (next) => [strikeMail(deps, next, strike)]);
    const result = await changeHauler(
      deps.table,
      haulerId,
      'strike',
      { now: deps.now(), expectedVersion: hauler.version, beside: owed.beside },
      {
        set: {
          strikes: [...(hauler.strikes ?? []), strike],
          pausedForStrike: true,
          ...(kind === 'low-rating' ? { lowRatingStrikeFor: request.submissionId } : {}),
        },
        // A strike's pause has no end date: only operations end it.
        remove: ['pausedUntil'],
      },
    );
    if (result.ok) {
      const email = await tell(deps, result.hauler, strike, owed.written(result)[0]);
      console.info('hauler strike', { haulerId, kind, submissionId: request.submissionId, email });
      return { outcome: 'recorded', strike, hauler: result.hauler, email };
    }
    if (result.reason === 'not-found') return { outcome: 'not-found' };
    if (result.reason === 'refused') return { outcome: 'refused', message: result.message };
  }
  throw new Error(`The strike on hauler ${haulerId} kept losing races`);
}

/** `stored`: the email as the strike's write stored it (decision 059). */
async function tell(
  deps: StrikeDeps,
  hauler: Hauler,
  strike: StoredStrike,
  stored?: Mail,
): Promise<MailResult> {
  const mailer = createMailer(deps, 'hauler strike');
  return mailer.deliver(
    await haulerLedger(deps.table, hauler.haulerId),
    stored ?? strikeMail(deps, hauler, strike),
  );
}

function strikeMail(deps: StrikeDeps, hauler: Hauler, strike: StoredStrike): Mail {
  return {
    key: `strike-${strike.kind}-${strike.submissionId}`,
    to: hauler.email,
    ...(deps.operationsAddress === undefined ? {} : { replyTo: deps.operationsAddress }),
    ...(deps.haulerConfigurationSet === undefined
      ? {}
      : { configurationSet: deps.haulerConfigurationSet }),
    message: strikeEmail(hauler, strike),
  };
}

export function strikeEmail(hauler: Pick<Hauler, 'name'>, strike: StoredStrike): EmailMessage {
  const subject = JOB_TEXTS.strikeSubject;
  const hello = greeting(hauler.name);
  const intro =
    'We have paused your hauler account: no new jobs are offered to you until our team resumes it. Jobs you already have are still yours: finish them from their links.';
  const details = rows([
    ['Why', STRIKE_REASONS[strike.kind]],
    ['Request', strike.reference],
    ['When', strike.at.slice(0, 10)],
  ]);
  const reply = 'Think this is wrong, or ready to take jobs again? Reply to this email.';
  return email(
    subject,
    [
      heading(subject),
      paragraph(escapeHtml(hello)),
      paragraph(escapeHtml(intro)),
      table(details.html),
      smallPrint(escapeHtml(reply)),
    ],
    [hello, '', intro, '', ...details.text, '', reply],
  );
}

/** A hauler back at the bar closes the open crossing, so only the next fall strikes again. */
export async function judgeRating(
  deps: StrikeDeps,
  hauler: Hauler,
  rated: Pick<RatedJob, 'submissionId'> & StrikeRequest,
): Promise<StrikeOutcome | undefined> {
  const open = hauler.lowRatingStrikeFor;
  if (belowRatingBar(hauler)) {
    return recordStrike(deps, hauler.haulerId, 'low-rating', {
      submissionId: rated.submissionId,
      reference: rated.reference,
      at: rated.at,
    });
  }
  if (open !== undefined) await closeLowRatingCrossing(deps.table, hauler.haulerId, open);
  return undefined;
}
