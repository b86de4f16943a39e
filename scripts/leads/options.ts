/**
 * The pure parts of `npm run leads`: arguments, durations and CSV, unit-tested beside it.
 */
import { LEAD_STATUSES } from '#contract/loop/quote-loop';
import type { LeadStatus } from '#contract/loop/quote-loop';

export const COMMANDS = [
  'list',
  'show',
  'export',
  'forget',
  'rotate-secret',
  'confirm-no-show',
  'refund',
  'evidence',
] as const;
export type Command = (typeof COMMANDS)[number];

export interface CliOptions {
  command: Command;
  /** show / forget: a reference (8 characters) or a submission id. */
  target?: string;
  status?: LeadStatus;
  since?: Date;
  csv: boolean;
  /** forget: actually delete (without it, say what would be deleted). */
  yes: boolean;
  /** Deployed stack: names from its CloudFormation outputs. */
  stack?: string;
  table?: string;
  bucket?: string;
  region?: string;
  secretArn?: string;
  siteUrl?: string;
  role?: string;
  /** refund: dollars as typed (`12.34`); without it, everything left. */
  amount?: string;
  reason?: string;
  /** refund: the quote whose money, when a request was charged for more than one. */
  quote?: number;
  /** Where the Stripe secret key is in Secrets Manager (else the stack's StripeSecretKeyArn). */
  stripeKeyArn?: string;
  /** evidence: send the text evidence to Stripe. */
  submit: boolean;
  /** evidence: write it to this file too. */
  out?: string;
}

export const USAGE = `Usage: npm run leads -- <command> [options]

Commands
  list [--status quoted] [--since 7d]   requests, newest first (all statuses unless --status)
  show REF                              one request: details, status history, emails, fresh links
  export --csv [--status S] [--since D] every request as CSV on stdout
  forget REF --yes                      delete one homeowner's data (lead, upload batch, address
                                        window, photos, archive); without --yes, only says what
  rotate-secret                         new link-signing secret (the previous one works 7 more days)
  confirm-no-show REF                   confirm the homeowner's no-show report: the job's hauler
                                        gets a strike (paused, emailed why)
  refund REF --reason "…" [--amount 12.34] [--quote N]
                                        refund the job's charge, all of what is left or --amount;
                                        the hauler's payout and our fee go back in proportion;
                                        homeowner and hauler are emailed; a rerun never refunds twice
  evidence REF [--out FILE] [--submit]  a dispute's evidence: receipt and photo links (1 hour),
                                        quote and terms, timeline, money, emails; --submit sends
                                        the text to Stripe as the dispute's evidence (once)

Where (default: the local stack of npm start)
  --stack NAME         the deployed stack: table, bucket, secret and site from its outputs
  --table T --bucket B --region R --secret-arn A --site-url U   or name them yourself
  --stripe-key-arn A   the Stripe secret key's secret (default: the stack's StripeSecretKeyArn)
  --role ARN           act as this role (default: OPERATIONS_ROLE_ARN, else the stack's
                       LeadsOperationsRoleArn); --role none: your own credentials
  Credentials: the standard AWS chain (AWS_PROFILE, environment, SSO), which assumes the role.`;

/** '7d', '24h', '30m' or an ISO date → the instant that long before `now`. */
export function parseSince(value: string, now: Date): Date {
  const match = /^(\d{1,4})([dhm])$/.exec(value.trim());
  if (match !== null) {
    const amount = Number(match[1]);
    const unit = { d: 86_400_000, h: 3_600_000, m: 60_000 }[match[2] as 'd' | 'h' | 'm'];
    return new Date(now.getTime() - amount * unit);
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    throw new Error(`--since takes 7d, 24h, 30m or a date like 2026-11-01, not '${value}'`);
  }
  return date;
}

export function parseArgs(argv: readonly string[], now = new Date()): CliOptions {
  const [command, ...rest] = argv;
  if (command === undefined || !(COMMANDS as readonly string[]).includes(command)) {
    throw new Error(command === undefined ? 'Name a command.' : `Unknown command '${command}'.`);
  }
  const options: CliOptions = {
    command: command as Command,
    csv: false,
    yes: false,
    submit: false,
  };
  const valueOf = (flag: string, i: number): string => {
    const value = rest[i + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`${flag} needs a value`);
    return value;
  };
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i]!;
    switch (arg) {
      case '--status': {
        const status = valueOf(arg, i);
        if (!(LEAD_STATUSES as readonly string[]).includes(status)) {
          throw new Error(`--status is one of ${LEAD_STATUSES.join(', ')}`);
        }
        options.status = status as LeadStatus;
        i += 1;
        break;
      }
      case '--since':
        options.since = parseSince(valueOf(arg, i), now);
        i += 1;
        break;
      case '--csv':
        options.csv = true;
        break;
      case '--yes':
        options.yes = true;
        break;
      case '--submit':
        options.submit = true;
        break;
      case '--out':
        options.out = valueOf(arg, i);
        i += 1;
        break;
      case '--amount':
        options.amount = valueOf(arg, i);
        i += 1;
        break;
      case '--reason':
        options.reason = valueOf(arg, i);
        i += 1;
        break;
      case '--quote': {
        const quote = Number(valueOf(arg, i));
        if (!Number.isInteger(quote) || quote < 1) throw new Error('--quote takes a quote number');
        options.quote = quote;
        i += 1;
        break;
      }
      case '--stripe-key-arn':
      case '--stack':
      case '--table':
      case '--bucket':
      case '--region':
      case '--secret-arn':
      case '--site-url':
      case '--role': {
        const key = arg.slice(2).replace(/-(\w)/g, (_, c: string) => c.toUpperCase()) as
          | 'stack'
          | 'table'
          | 'bucket'
          | 'region'
          | 'secretArn'
          | 'siteUrl'
          | 'role'
          | 'stripeKeyArn';
        options[key] = valueOf(arg, i);
        i += 1;
        break;
      }
      default:
        if (arg.startsWith('--') || options.target !== undefined) {
          throw new Error(`Unexpected argument '${arg}'.`);
        }
        options.target = arg;
    }
  }
  if (
    (options.command === 'show' ||
      options.command === 'forget' ||
      options.command === 'confirm-no-show' ||
      options.command === 'refund' ||
      options.command === 'evidence') &&
    options.target === undefined
  ) {
    throw new Error(
      `${options.command} needs a reference, e.g. npm run leads -- ${options.command} 3F2A9C1B`,
    );
  }
  if (options.command === 'export' && !options.csv) throw new Error('export needs --csv');
  if (
    options.command === 'refund' &&
    (options.reason === undefined || options.reason.trim() === '')
  ) {
    throw new Error('refund needs --reason "…": the homeowner and the hauler are told it');
  }
  return options;
}

/**
 * One CSV field (RFC 4180), safe to open in a spreadsheet: a value starting with =, +, - , @, tab
 * or carriage return gets a leading apostrophe, so a homeowner's text cannot become a formula.
 */
export function csvField(value: unknown): string {
  let text = value === undefined || value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
