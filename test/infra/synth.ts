/**
 * One synth of the app for a test file: the same createApp() as `cdk synth`, with cdk.json's
 * context (feature flags), the test's context on top, and the environment `cdk synth` and
 * `cdk deploy` get from credentials (an account in us-east-1) unless the test names another one.
 * Never the machine's own AWS configuration.
 */
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, type Environment } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { createApp } from '../../infra/create-app';
import { REPO_ROOT } from '../../infra/config';
import type { BulkTrashStack } from '../../infra/bulk-trash-stack';
import type { CiStack } from '../../infra/ci-stack';

export const FIXTURE_SITE = 'test/infra/fixtures/site';
/** What `cdk deploy` synthesizes with credentials for us-east-1 (the account is made up). */
export const DEPLOY_ENV: Environment = { account: '123456789012', region: 'us-east-1' };
/** What `cdk synth` synthesizes without credentials: no account, no region. */
export const NO_CREDENTIALS_ENV: Environment = {};

/** Synthesized CloudFormation JSON: untyped by nature, read with assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- template JSON has no static type
export type Json = Record<string, any>;

export interface ValidationViolation {
  ruleName: string;
  severity: string;
  description: string;
}

export interface Synthesized {
  stack: BulkTrashStack;
  template: Template;
  /** The template as JSON. */
  json: Json;
  /** Every violation in validation-report.json (cdk-nag findings and annotations). */
  violations: ValidationViolation[];
  outdir: string;
}

export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
}

function readViolations(outdir: string): ValidationViolation[] {
  const reportPath = path.join(outdir, 'validation-report.json');
  const report = existsSync(reportPath)
    ? (JSON.parse(readFileSync(reportPath, 'utf8')) as {
        pluginReports?: { violations?: ValidationViolation[] }[];
      })
    : {};
  return (report.pluginReports ?? []).flatMap((plugin) => plugin.violations ?? []);
}

/**
 * Context that makes CDK skip asset bundling, as the CLI does for stacks it does not deploy: the
 * functions get placeholder code. For tests about everything but the bundles (seconds per synth).
 */
export const WITHOUT_BUNDLING = { 'aws:cdk:bundling-stacks': [] };

function newApp(context: Record<string, unknown>, env: Environment) {
  const outdir = mkdtempSync(path.join(tmpdir(), 'bulk-trash-cdk-'));
  // Payments on unless a test says otherwise: the setting has no default (decision 048).
  const app = new App({ outdir, context: { ...cdkJsonContext(), payments: 'on', ...context } });
  const { stack, ciStack } = createApp(app, { env });
  return { app, stack, ciStack, outdir };
}

/** The CI stack of an app given `githubRepository`, synthesized with the product stack. */
export function synthesizeCi(
  context: Record<string, unknown>,
  env: Environment = DEPLOY_ENV,
): { ciStack: CiStack; json: Json; violations: ValidationViolation[] } {
  const { app, ciStack, outdir } = newApp({ ...WITHOUT_BUNDLING, ...context }, env);
  app.synth();
  if (ciStack === undefined) throw new Error('No CI stack: githubRepository is not set.');
  return {
    ciStack,
    json: Template.fromStack(ciStack).toJSON() as Json,
    violations: readViolations(outdir),
  };
}

export function synthesize(
  context: Record<string, unknown>,
  env: Environment = DEPLOY_ENV,
): Synthesized {
  const { app, stack, outdir } = newApp(context, env);
  // Throws when a validation plugin (cdk-nag) reports an unacknowledged finding or an error.
  app.synth();
  const template = Template.fromStack(stack);
  const violations = readViolations(outdir);
  return { stack, template, json: template.toJSON() as Json, violations, outdir };
}

/**
 * The errors that stop a synth (and so `cdk synth` and `cdk deploy`), by sentence; throws if the
 * synth succeeds. The functions are not bundled: no error depends on their code.
 */
export function synthesisErrors(
  context: Record<string, unknown>,
  env: Environment = DEPLOY_ENV,
): string[] {
  const { app, outdir } = newApp({ ...WITHOUT_BUNDLING, ...context }, env);
  try {
    app.synth();
  } catch (error) {
    const errors = readViolations(outdir)
      .filter((violation) => violation.severity === 'error')
      .map((violation) => violation.description);
    if (errors.length === 0) throw error;
    return errors;
  }
  throw new Error('The synth succeeded: expected it to fail.');
}

/** Template JSON with machine- and content-dependent hashes replaced, for snapshots. */
export function normalisedTemplate(json: Record<string, unknown>): unknown {
  const text = JSON.stringify(json, null, 1)
    .replace(/[0-9a-f]{64}/g, '[HASH]')
    .replace(/asset\.\[HASH\](\.zip)?/g, 'asset.[HASH]');
  return JSON.parse(text);
}

/** Resources of one type, by logical id. */
export function resourcesOfType(json: Json, type: string): [string, Json][] {
  return Object.entries(json.Resources as Json).filter(([, resource]) => resource.Type === type);
}

/** cdk-nag-style flattening of a CloudFormation value: refs become <Name>, joins are joined. */
export function flatten(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(flatten).join(',');
  if (value !== null && typeof value === 'object') {
    const node = value as Json;
    if (node['Fn::Join'])
      return (node['Fn::Join'][1] as unknown[]).map(flatten).join(node['Fn::Join'][0]);
    if (node.Ref) return `<${node.Ref}>`;
    if (node['Fn::GetAtt']) return `<${node['Fn::GetAtt'].join('.')}>`;
    if (node['Fn::Sub']) return String(node['Fn::Sub']);
  }
  return JSON.stringify(value);
}

/** Logical ids of every resource a resource references (Ref, GetAtt, Sub, DependsOn). */
export function dependencies(json: Json, logicalId: string): Set<string> {
  const resources = json.Resources as Json;
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'Ref' && typeof value === 'string' && value in resources) found.add(value);
      else if (key === 'Fn::GetAtt' && Array.isArray(value) && value[0] in resources)
        found.add(value[0]);
      else if (key === 'Fn::Sub') {
        const text = Array.isArray(value) ? String(value[0]) : String(value);
        for (const match of text.matchAll(/\$\{([^}.]+)/g))
          if (match[1]! in resources) found.add(match[1]!);
        visit(value);
      } else visit(value);
    }
  };
  const resource = resources[logicalId];
  visit(resource.Properties ?? {});
  const dependsOn = resource.DependsOn === undefined ? [] : [resource.DependsOn].flat();
  for (const id of dependsOn as string[]) found.add(id);
  return found;
}

/** A dependency cycle in the template (CloudFormation rejects one at deploy, not at synth), if any. */
export function findCycle(json: Json): string[] | undefined {
  const ids = Object.keys(json.Resources as Record<string, unknown>);
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (id: string): string[] | undefined => {
    state.set(id, 'visiting');
    stack.push(id);
    for (const next of dependencies(json, id)) {
      if (state.get(next) === 'visiting') return [...stack.slice(stack.indexOf(next)), next];
      if (state.get(next) === undefined) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    state.set(id, 'done');
    stack.pop();
    return undefined;
  };
  for (const id of ids) {
    if (state.get(id) === undefined) {
      const cycle = visit(id);
      if (cycle) return cycle;
    }
  }
  return undefined;
}
