import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { requireUsEast1 } from './region-requirements';

export interface WebAclProps {
  /**
   * Requests one IP may send to /api/* in 5 minutes before it is blocked (429) for the rest of
   * the window. A real visitor makes 2 API calls per submission attempt (upload URLs, then the
   * booking), so 100 leaves room for 50 attempts while stopping scripted floods of emails and
   * presigned URLs.
   */
  apiRequestsPer5Minutes: number;
}

/**
 * Deploys a WAFv2 web ACL for the distribution (scope CLOUDFRONT, so us-east-1 only): AWS managed
 * common rule set, and a per-IP rate limit on /api/*.
 */
export class WebAcl extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: WebAclProps) {
    super(scope, id);
    requireUsEast1(this, 'The WAFv2 web ACL (scope CLOUDFRONT)');
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('bulk-trash-web-acl'),
      customResponseBodies: {
        'too-many-requests': {
          contentType: 'APPLICATION_JSON',
          content:
            '{"error":{"message":"Too many requests. Please wait a few minutes and try again."}}',
        },
      },
      rules: [
        {
          name: 'api-rate-limit-per-ip',
          priority: 0,
          action: {
            block: {
              customResponse: { responseCode: 429, customResponseBodyKey: 'too-many-requests' },
            },
          },
          statement: {
            rateBasedStatement: {
              limit: props.apiRequestsPer5Minutes,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: '/api/',
                  textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
                },
              },
            },
          },
          visibilityConfig: visibility('api-rate-limit-per-ip'),
        },
        {
          name: 'aws-managed-common-rule-set',
          priority: 1,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesCommonRuleSet' },
          },
          visibilityConfig: visibility('aws-managed-common-rule-set'),
        },
      ],
    });
  }

  get arn(): string {
    return this.webAcl.attrArn;
  }
}
