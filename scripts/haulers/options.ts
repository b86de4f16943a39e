/**
 * The pure part of `npm run haulers`: its arguments, unit-tested beside it.
 */
import { HAULER_STATUSES } from '#contract/haulers/hauler-status';
import type { HaulerStatus } from '#contract/haulers/hauler-status';
import type { TargetOptions } from '../leads/target';

export const COMMANDS = [
  'list',
  'show',
  'approve',
  'reject',
  'pause',
  'resume',
  'remove',
  'forget',
  'hide-comment',
  'file-work',
  'invite-payouts',
] as const;
export type Command = (typeof COMMANDS)[number];

export interface HaulerCliOptions extends TargetOptions {
  command: Command;
  /** Every command but list, hide-comment and file-work: the hauler's id. */
  haulerId?: string;
  /** hide-comment: the rated request's reference or submission id. */
  reference?: string;
  status?: HaulerStatus;
  zip?: string;
  insuranceExpires?: string;
  reason?: string;
  until?: string;
  /** forget: actually delete (without it, say what would be deleted). */
  yes: boolean;
  sender?: string;
}

export const USAGE = `Usage: npm run haulers -- <command> [options]

Commands
  list [--status active] [--zip 85001]        haulers (every status unless --status); --zip: those
                                              covering the ZIP, nearest first
  show ID                                     profile, history, emails, certificate (a link that
                                              works for 5 minutes), rating and strikes
  approve ID --insurance-expires YYYY-MM-DD   approve; emails the hauler their page link
  reject ID --reason "…"                      reject; emails the reason to the applicant
  pause ID [--until YYYY-MM-DD]               not taking jobs until the date (at most 180 days)
  resume ID                                   taking jobs again (also ends a strike's pause)
  remove ID                                   removed: coverage out, links dead, booked jobs back
                                              to offers, live quotes withdrawn, kept for retention
  forget ID --yes                             delete the hauler's items, coverage and documents;
                                              without --yes, only says what
  hide-comment REF                            hide the comment of that request's rating (the
                                              stars still count)
  file-work                                   once after deploying the hauler's home page: file
                                              each open offer and quote under its hauler so
                                              their page lists it (safe to run again)
  invite-payouts                              email each approved hauler without payouts their
                                              page link to set them up, once per hauler (safe
                                              to run again: nobody is emailed twice)

Where (default: the local stack of npm start)
  --stack NAME         the deployed stack: table, bucket, secret, site and sender from its outputs
  --table T --bucket B --region R --secret-arn A --site-url U --sender S   or name them yourself
  --role ARN           act as this role (default: OPERATIONS_ROLE_ARN, else the stack's
                       LeadsOperationsRoleArn); --role none: your own credentials
  Credentials: the standard AWS chain (AWS_PROFILE, environment, SSO), which assumes the role.`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VALUE_FLAGS = {
  '--zip': 'zip',
  '--insurance-expires': 'insuranceExpires',
  '--reason': 'reason',
  '--until': 'until',
  '--stack': 'stack',
  '--table': 'table',
  '--bucket': 'bucket',
  '--region': 'region',
  '--secret-arn': 'secretArn',
  '--site-url': 'siteUrl',
  '--sender': 'sender',
  '--role': 'role',
} as const;

export function parseHaulerArgs(argv: readonly string[]): HaulerCliOptions {
  const [command, ...rest] = argv;
  if (command === undefined || !(COMMANDS as readonly string[]).includes(command)) {
    throw new Error(command === undefined ? 'Name a command.' : `Unknown command '${command}'.`);
  }
  const options: HaulerCliOptions = { command: command as Command, yes: false };
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i]!;
    const value = () => {
      const next = rest[i + 1];
      if (next === undefined || next.startsWith('--')) throw new Error(`${arg} needs a value`);
      i += 1;
      return next;
    };
    if (arg === '--yes') {
      options.yes = true;
    } else if (arg === '--status') {
      const status = value();
      if (!(HAULER_STATUSES as readonly string[]).includes(status)) {
        throw new Error(`--status is one of ${HAULER_STATUSES.join(', ')}`);
      }
      options.status = status as HaulerStatus;
    } else if (Object.hasOwn(VALUE_FLAGS, arg)) {
      options[VALUE_FLAGS[arg as keyof typeof VALUE_FLAGS]] = value();
    } else if (arg.startsWith('--') || options.haulerId !== undefined) {
      throw new Error(`Unexpected argument '${arg}'.`);
    } else {
      options.haulerId = arg;
    }
  }
  if (options.command === 'hide-comment') {
    // The one positional argument names a request here, not a hauler.
    options.reference = options.haulerId;
    delete options.haulerId;
    if (options.reference === undefined) {
      throw new Error(
        'hide-comment needs a reference, e.g. npm run haulers -- hide-comment 3F2A9C1B',
      );
    }
  } else if (options.command === 'file-work' || options.command === 'invite-payouts') {
    if (options.haulerId !== undefined) {
      throw new Error(`Unexpected argument '${options.haulerId}'.`);
    }
  } else if (options.command !== 'list') {
    if (options.haulerId === undefined || !UUID.test(options.haulerId)) {
      throw new Error(
        `${options.command} needs a hauler id (a UUID), e.g. npm run haulers -- show ID`,
      );
    }
    options.haulerId = options.haulerId.toLowerCase();
  }
  if (options.zip !== undefined && !/^\d{5}$/.test(options.zip)) {
    throw new Error('--zip takes a five-digit ZIP code');
  }
  if (options.command === 'approve' && options.insuranceExpires === undefined) {
    throw new Error('approve needs --insurance-expires YYYY-MM-DD');
  }
  if (options.command === 'reject' && options.reason === undefined) {
    throw new Error('reject needs --reason "…" (it is emailed to the applicant)');
  }
  return options;
}
