// cdk-nag findings are acknowledged per exact id, and an IAM5 id carries the resource as cdk-nag
// flattens it (`<AWS::AccountId>`), which depends on the environment: computed, never hard-coded.
import { Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';

/** The same flattening cdk-nag applies to a resolved CloudFormation value. */
export function flattenForNag(node: unknown): string {
  if (node === undefined) return '';
  if (typeof node === 'string') return node.replace(/\$\{/g, '<').replace(/\}/g, '>');
  if (typeof node === 'object' && node !== null) {
    const value = node as Record<string, unknown>;
    if (Array.isArray(value['Fn::Join'])) {
      const [delimiter, items] = value['Fn::Join'] as [string, unknown[]];
      return items.map(flattenForNag).join(delimiter);
    }
    if (value['Fn::Sub'] !== undefined) return flattenForNag(value['Fn::Sub']);
    if (Array.isArray(value['Fn::GetAtt'])) {
      const [resource, attribute] = value['Fn::GetAtt'] as [unknown, unknown];
      return `<${flattenForNag(resource)}.${flattenForNag(attribute)}>`;
    }
    if (value['Fn::ImportValue'] !== undefined) return flattenForNag(value['Fn::ImportValue']);
    if (value.Ref !== undefined) return `<${flattenForNag(value.Ref)}>`;
  }
  return JSON.stringify(node);
}

/** cdk-nag's IAM5 finding id for a wildcard resource (`arn:…/prefix/*`). */
export function wildcardResourceFinding(scope: IConstruct, resource: string): string {
  return `AwsSolutions-IAM5[Resource::${flattenForNag(Stack.of(scope).resolve(resource))}]`;
}

interface PolicyStatementJson {
  Effect?: string;
  Action?: string | string[];
  Resource?: unknown;
}

/** The IAM5 finding ids cdk-nag will raise for a role's default policy. */
export function wildcardFindings(role: iam.IRole): string[] {
  const policy = role.node.tryFindChild('DefaultPolicy');
  if (!(policy instanceof iam.Policy)) return [];
  const document = Stack.of(role).resolve(policy.document) as { Statement?: PolicyStatementJson[] };
  const findings = new Set<string>();
  const asArray = <T>(value: T | T[] | undefined): T[] =>
    value === undefined ? [] : Array.isArray(value) ? value : [value];
  for (const statement of document.Statement ?? []) {
    if (statement.Effect !== 'Allow') continue;
    for (const action of asArray(statement.Action)) {
      if (action.includes('*')) findings.add(`AwsSolutions-IAM5[Action::${action}]`);
    }
    for (const resource of asArray(statement.Resource).map(flattenForNag)) {
      if (resource.includes('*')) findings.add(`AwsSolutions-IAM5[Resource::${resource}]`);
    }
  }
  return [...findings];
}

export interface WildcardRule {
  /** The finding id, or a pattern for the whole id. */
  pattern: RegExp | string;
  reason: string;
}

/** On this role only; a finding no rule explains is left for cdk-nag to report. */
export function acknowledgeWildcards(role: iam.IRole, rules: WildcardRule[]): void {
  for (const finding of wildcardFindings(role)) {
    const rule = rules.find(({ pattern }) =>
      typeof pattern === 'string' ? pattern === finding : pattern.test(finding),
    );
    if (rule !== undefined) Validations.of(role).acknowledge({ id: finding, reason: rule.reason });
  }
}
