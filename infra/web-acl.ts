import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { requireUsEast1 } from './region-requirements';
import { API_PATHS } from '#contract/api';

export interface WebAclProps {
  /**
   * Requests one IP may send to /api/* in 5 minutes before it is blocked (429) for the rest of
   * the window. A real visitor makes 2 API calls per submission attempt (upload URLs, then the
   * booking), so 100 leaves room for 50 attempts while stopping scripted floods of emails and
   * presigned URLs.
   */
  apiRequestsPer5Minutes: number;
  /**
   * Booking calls (POST /api/send-booking-emails) one IP may send in 5 minutes: each one can send
   * an email, so this is much tighter. 10 (WAF's minimum) still lets a household submit several
   * requests and retry.
   */
  bookingRequestsPer5Minutes: number;
}

/**
 * Deploys a WAFv2 web ACL for the distribution (scope CLOUDFRONT, so us-east-1 only): a per-IP rate
 * limit on /api/*, a tighter one on POST /api/send-booking-emails, the AWS managed IP reputation
 * and anonymous IP lists (known bad actors, VPNs, Tor, hosting providers) on /api/* only, and the
 * common rule set. Decision 017 says why there is no bot Challenge.
 */
export class WebAcl extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: WebAclProps) {
    super(scope, id);
    requireUsEast1(
      this,
      'The WAFv2 web ACL (scope CLOUDFRONT)',
      'pass -c enableWaf=false to deploy without it',
    );
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    const rateRule = (
      name: string,
      priority: number,
      limit: number,
      scopeDownStatement: wafv2.CfnWebACL.StatementProperty,
    ): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      action: {
        block: {
          customResponse: { responseCode: 429, customResponseBodyKey: 'too-many-requests' },
        },
      },
      statement: {
        rateBasedStatement: {
          limit,
          evaluationWindowSec: 300,
          aggregateKeyType: 'IP',
          scopeDownStatement,
        },
      },
      visibilityConfig: visibility(name),
    });
    const apiPaths: wafv2.CfnWebACL.StatementProperty = {
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: '/api/',
        textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
      },
    };
    const managedRule = (
      name: string,
      priority: number,
      group: string,
      scopeDownStatement?: wafv2.CfnWebACL.StatementProperty,
    ): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: { vendorName: 'AWS', name: group, scopeDownStatement },
      },
      visibilityConfig: visibility(name),
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
        rateRule('api-rate-limit-per-ip', 0, props.apiRequestsPer5Minutes, apiPaths),
        rateRule('booking-rate-limit-per-ip', 1, props.bookingRequestsPer5Minutes, {
          andStatement: {
            statements: [
              {
                byteMatchStatement: {
                  fieldToMatch: { method: {} },
                  positionalConstraint: 'EXACTLY',
                  searchString: 'POST',
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
              {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: API_PATHS.sendBookingEmails,
                  textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
                },
              },
            ],
          },
        }),
        // Pages are public and static: a visitor on a VPN, Tor, a cloud host or a shared address
        // with a bad reputation may read them (homeowners travel and use VPNs). Only the API,
        // which stores leads and sends email, is closed to these addresses.
        managedRule(
          'aws-managed-ip-reputation-list',
          2,
          'AWSManagedRulesAmazonIpReputationList',
          apiPaths,
        ),
        managedRule('aws-managed-anonymous-ip-list', 3, 'AWSManagedRulesAnonymousIpList', apiPaths),
        managedRule('aws-managed-common-rule-set', 4, 'AWSManagedRulesCommonRuleSet'),
      ],
    });
  }

  get arn(): string {
    return this.webAcl.attrArn;
  }
}
