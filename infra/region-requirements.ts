import { Annotations, CfnRule, Fn, Stack, Token } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

const RULE_ID = 'RequireUsEast1';

/**
 * CloudFront only uses ACM certificates and WAFv2 web ACLs (scope CLOUDFRONT) from us-east-1, so a
 * stack that creates either must be deployed there. A known region other than us-east-1 fails the
 * synth with a sentence naming `alternative` (what to pass instead); an environment-agnostic stack
 * gets a CloudFormation rule that fails the deploy instead.
 */
export function requireUsEast1(scope: IConstruct, feature: string, alternative: string): void {
  const stack = Stack.of(scope);
  if (!Token.isUnresolved(stack.region)) {
    if (stack.region !== 'us-east-1') {
      Annotations.of(scope).addError(
        `${feature} must be created in us-east-1 (a CloudFront requirement), but this stack is in ${stack.region}. Deploy the stack to us-east-1 (e.g. AWS_REGION=us-east-1), or ${alternative}.`,
      );
    }
    return;
  }
  const existing = stack.node.tryFindChild(RULE_ID) as CfnRule | undefined;
  if (existing !== undefined) {
    existing.addAssertion(
      Fn.conditionEquals(stack.region, 'us-east-1'),
      `${feature} must be created in us-east-1.`,
    );
    return;
  }
  new CfnRule(stack, RULE_ID, {
    assertions: [
      {
        assert: Fn.conditionEquals(stack.region, 'us-east-1'),
        assertDescription: `${feature} must be created in us-east-1.`,
      },
    ],
  });
}
