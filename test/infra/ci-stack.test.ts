// @vitest-environment node
/**
 * Synth tests of the CI stack: the role GitHub Actions deploys with, trusted through GitHub's
 * OIDC provider by one repository's deploy branch only, and able to do little beyond handing over
 * to the roles `cdk bootstrap` made.
 */
import { describe, expect, it } from 'vitest';
import {
  type Json,
  FIXTURE_SITE,
  flatten,
  resourcesOfType,
  synthesize,
  synthesizeCi,
} from './synth';

const product = { siteDir: FIXTURE_SITE, allowExampleAddresses: 'true' };
const { ciStack, json, violations } = synthesizeCi({
  ...product,
  githubRepository: 'haul-co/bulk-trash',
});
const [[roleId, role]] = resourcesOfType(json, 'AWS::IAM::Role') as [[string, Json]];
const statements = resourcesOfType(json, 'AWS::IAM::Policy').flatMap(
  ([, p]) => p.Properties.PolicyDocument.Statement as Json[],
);

describe('the CI stack', () => {
  it('is its own stack, BulkTrashPickup-ci, with no cdk-nag finding left', () => {
    expect(ciStack.stackName).toBe('BulkTrashPickup-ci');
    expect(violations.filter((v) => !v.ruleName.startsWith('Annotation::'))).toEqual([]);
  });

  it("trusts GitHub's OIDC provider for the main branch of one repository only", () => {
    const [[providerId, provider]] = resourcesOfType(json, 'AWS::IAM::OIDCProvider') as [
      [string, Json],
    ];
    expect(provider.Properties).toMatchObject({
      Url: 'https://token.actions.githubusercontent.com',
      ClientIdList: ['sts.amazonaws.com'],
    });
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      {
        Action: 'sts:AssumeRoleWithWebIdentity',
        Effect: 'Allow',
        Principal: { Federated: { Ref: providerId } },
        Condition: {
          StringEquals: {
            'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
            'token.actions.githubusercontent.com:sub':
              'repo:haul-co/bulk-trash:ref:refs/heads/main',
          },
        },
      },
    ]);
    expect(role.Properties.MaxSessionDuration).toBe(3600);
  });

  it('may assume the bootstrap roles, read Lambda concurrency and read the product stacks, nothing more', () => {
    expect(
      statements.map((st) => [st.Sid, [st.Action].flat().sort(), flatten(st.Resource)]),
    ).toEqual([
      [
        'UseCdkBootstrapRoles',
        ['sts:AssumeRole'],
        'arn:aws:iam::123456789012:role/cdk-hnb659fds-*',
      ],
      ['ReadLambdaConcurrency', ['lambda:GetAccountSettings', 'lambda:ListFunctions'], '*'],
      [
        'ReadProductConcurrency',
        ['lambda:GetFunctionConcurrency'],
        'arn:aws:lambda:*:123456789012:function:BulkTrashPickup-*',
      ],
      [
        'ReadProductStackOutputs',
        ['cloudformation:DescribeStacks'],
        'arn:aws:cloudformation:*:123456789012:stack/BulkTrashPickup-*/*',
      ],
    ]);
    expect(role.Properties.ManagedPolicyArns).toBeUndefined();
  });

  it('outputs the role for the repository variable AWS_DEPLOY_ROLE_ARN', () => {
    expect(json.Outputs.DeployRoleArn.Value).toEqual({ 'Fn::GetAtt': [roleId, 'Arn'] });
  });

  it('reuses an OIDC provider the account already has, and honours another branch', () => {
    const arn = 'arn:aws:iam::123456789012:oidc-provider/token.actions.githubusercontent.com';
    const { json: reused } = synthesizeCi({
      ...product,
      githubRepository: 'haul-co/bulk-trash',
      githubBranch: 'release',
      githubOidcProviderArn: arn,
    });
    expect(resourcesOfType(reused, 'AWS::IAM::OIDCProvider')).toEqual([]);
    const [[, reusedRole]] = resourcesOfType(reused, 'AWS::IAM::Role') as [[string, Json]];
    const [trust] = reusedRole.Properties.AssumeRolePolicyDocument.Statement as Json[];
    expect(trust!.Principal.Federated).toBe(arn);
    expect(trust!.Condition.StringEquals['token.actions.githubusercontent.com:sub']).toBe(
      'repo:haul-co/bulk-trash:ref:refs/heads/release',
    );
  });

  it('is not made without a repository, so a plain synth has one stack', () => {
    const { stack } = synthesize({ ...product, aws: undefined, 'aws:cdk:bundling-stacks': [] });
    expect(stack.node.root.node.children.map((c) => c.node.id)).not.toContain('BulkTrashPickup-ci');
  });
});
