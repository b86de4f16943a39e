/**
 * The concurrency figure and the cost table of docs/deploy.md, computed from the synthesized
 * template so they cannot drift from the stack: `tsx scripts/deploy/stack-figures.ts --write`
 * rewrites them, and test/infra/stack-figures.test.ts fails while the page disagrees.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { format, resolveConfig } from 'prettier';
import { REPO_ROOT } from '../../infra/config';
import { createApp } from '../../infra/create-app';
import { LAMBDA_MINIMUM_UNRESERVED } from './reserved-concurrency';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- template JSON

export const DOC = path.join(REPO_ROOT, 'docs', 'deploy.md');
const BEGIN = '<!-- stack-figures:begin (tsx scripts/deploy/stack-figures.ts --write) -->';
const END = '<!-- stack-figures:end -->';

/** us-east-1 list prices, per month unless named otherwise. */
export const PRICES = {
  wafWebAcl: 5,
  wafRule: 1,
  wafPerMillionRequests: 0.6,
  kmsKey: 1,
  secret: 0.4,
  alarmMetric: 0.1,
  hostedZone: 0.5,
  /**
   * One short scheduled run: a Lambda request ($0.20 per million), about 100 ms at 512 MB arm64
   * ($0.0000133334 per GB-second), one DynamoDB query and its log lines.
   */
  scheduledRun: 0.0000012,
} as const;

const RUNS_PER_MONTH: Record<string, number> = { 'rate(1 minute)': 43_200 };

export interface CostLine {
  item: string;
  monthly: number;
}

export interface StackFigures {
  /** Reservation → how many functions hold it. */
  reservations: Map<number, number>;
  reservedTotal: number;
  /** The account limit the reservations need: Lambda keeps 100 unreserved. */
  limitNeeded: number;
  costs: CostLine[];
  atRest: number;
}

const dollars = (amount: number): string => `$${amount.toFixed(2)}`;

const resourcesOf = (template: Json, type: string): Json[] =>
  Object.values(template.Resources as Json).filter((r: Json) => r.Type === type);

export function stackFigures(template: Json): StackFigures {
  const reservations = new Map<number, number>();
  for (const fn of resourcesOf(template, 'AWS::Lambda::Function')) {
    const reserved = fn.Properties.ReservedConcurrentExecutions as number | undefined;
    if (reserved !== undefined) reservations.set(reserved, (reservations.get(reserved) ?? 0) + 1);
  }
  const reservedTotal = [...reservations].reduce((sum, [each, count]) => sum + each * count, 0);

  const costs: CostLine[] = [];
  const acl = resourcesOf(template, 'AWS::WAFv2::WebACL')[0];
  if (acl !== undefined) {
    const rules = (acl.Properties.Rules as Json[]).length;
    costs.push({
      item: `WAF: the web ACL and its ${rules} rules (plus ${dollars(PRICES.wafPerMillionRequests)} per million requests)`,
      monthly: PRICES.wafWebAcl + rules * PRICES.wafRule,
    });
  }
  const keys = resourcesOf(template, 'AWS::KMS::Key').length;
  costs.push({
    item: `${keys} KMS keys (each yearly rotation adds $1 a month, for the first two)`,
    monthly: keys * PRICES.kmsKey,
  });
  const secrets = resourcesOf(template, 'AWS::SecretsManager::Secret').length;
  costs.push({
    item: `${secrets} Secrets Manager secret${secrets === 1 ? '' : 's'}`,
    monthly: secrets * PRICES.secret,
  });
  const alarms = resourcesOf(template, 'AWS::CloudWatch::Alarm');
  const alarmMetrics = alarms.reduce(
    (sum, alarm) =>
      sum +
      ((alarm.Properties.Metrics as Json[] | undefined)?.filter((m) => m.MetricStat).length ?? 1),
    0,
  );
  costs.push({
    item: `${alarms.length} CloudWatch alarms on ${alarmMetrics} metrics`,
    monthly: alarmMetrics * PRICES.alarmMetric,
  });
  const runs = resourcesOf(template, 'AWS::Events::Rule').reduce(
    (sum, rule) => sum + (RUNS_PER_MONTH[rule.Properties.ScheduleExpression as string] ?? 30),
    0,
  );
  costs.push({
    item: `${runs.toLocaleString('en-US')} scheduled runs (Lambda, a DynamoDB query, logs)`,
    monthly: runs * PRICES.scheduledRun,
  });
  if (resourcesOf(template, 'AWS::Route53::RecordSet').length > 0) {
    costs.push({ item: 'the Route 53 hosted zone of domainName', monthly: PRICES.hostedZone });
  }
  const atRest = costs.reduce((sum, line) => sum + line.monthly, 0);
  return {
    reservations,
    reservedTotal,
    limitNeeded: reservedTotal + LAMBDA_MINIMUM_UNRESERVED,
    costs,
    atRest,
  };
}

/** The generated block: the concurrency sentence and the at-rest cost table. */
export function renderFigures(withWaf: StackFigures, withoutWaf: StackFigures): string {
  const held = [...withWaf.reservations]
    .sort(([a], [b]) => b - a)
    .map(([each, count]) => `${count} × ${each}`)
    .join(' + ');
  return [
    BEGIN,
    '',
    `Reserved concurrency: ${held} = **${withWaf.reservedTotal}** concurrent executions, so`,
    `reserving needs an account limit of at least **${withWaf.limitNeeded}** (Lambda keeps`,
    `${LAMBDA_MINIMUM_UNRESERVED} unreserved), plus what other functions in the account reserve.`,
    '',
    'At rest (no traffic; us-east-1 list prices; S3, DynamoDB, SQS, SES identities and custom',
    'metrics cost next to nothing until used):',
    '',
    '| what | a month |',
    '| --- | --: |',
    ...withWaf.costs.map((line) => `| ${line.item} | ${dollars(line.monthly)} |`),
    `| **total** | **${dollars(withWaf.atRest)}** |`,
    `| total with \`enableWaf: false\` | ${dollars(withoutWaf.atRest)} |`,
    `| a custom domain's Route 53 hosted zone, if you use one | +${dollars(PRICES.hostedZone)} |`,
    '',
    END,
  ].join('\n');
}

/** The default stack (stage dev, WAF on, no domain) as `cdk synth` makes it, without bundling. */
export function synthesizeTemplate(context: Record<string, string> = {}): Json {
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  const app = new App({
    outdir: mkdtempSync(path.join(tmpdir(), 'bulk-trash-figures-')),
    context: {
      ...cdkJson.context,
      'aws:cdk:bundling-stacks': [],
      siteDir: 'test/infra/fixtures/site',
      allowExampleAddresses: 'true',
      payments: 'on',
      ...context,
    },
  });
  const { stack } = createApp(app, { env: { account: '123456789012', region: 'us-east-1' } });
  app.synth();
  return Template.fromStack(stack).toJSON() as Json;
}

/** Formatted as `prettier --check` wants docs/deploy.md. */
export async function currentFigures(): Promise<string> {
  const block = renderFigures(
    stackFigures(synthesizeTemplate()),
    stackFigures(synthesizeTemplate({ enableWaf: 'false' })),
  );
  const options = (await resolveConfig(DOC)) ?? {};
  return (await format(block, { ...options, parser: 'markdown' })).trimEnd();
}

/** The generated block as docs/deploy.md has it, or undefined without its markers. */
export function documentedFigures(doc: string): string | undefined {
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  return begin < 0 || end < begin ? undefined : doc.slice(begin, end + END.length);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await currentFigures();
  if (process.argv.includes('--write')) {
    const doc = readFileSync(DOC, 'utf8');
    const documented = documentedFigures(doc);
    if (documented === undefined) throw new Error(`${DOC} has no ${BEGIN} … ${END} block.`);
    writeFileSync(DOC, doc.replace(documented, figures));
    console.log(`Wrote the stack's figures into ${path.relative(REPO_ROOT, DOC)}.`);
  } else {
    console.log(figures);
  }
}
