import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { requireUsEast1 } from './region-requirements';
import { API_PATHS } from '#contract/core/api';
import { HAULER_API_PATHS } from '#contract/haulers/hauler-api';

/** Reached without a link: each POST can store an application or send an email. */
const PUBLIC_HAULER_PATHS = [
  HAULER_API_PATHS.certificateUrl,
  HAULER_API_PATHS.apply,
  HAULER_API_PATHS.freshLink,
];

export interface WebAclProps {
  apiRequestsPer5Minutes: number;
  bookingRequestsPer5Minutes: number;
  /** POSTs per IP to the hauler side's public paths (application, upload URL, fresh link). */
  haulerRequestsPer5Minutes: number;
}

/** The distribution's web ACL (scope CLOUDFRONT, so us-east-1 only); limits and lists: decision 017. */
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
    const postOnly: wafv2.CfnWebACL.StatementProperty = {
      byteMatchStatement: {
        fieldToMatch: { method: {} },
        positionalConstraint: 'EXACTLY',
        searchString: 'POST',
        textTransformations: [{ priority: 0, type: 'NONE' }],
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
              postOnly,
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
        rateRule('hauler-rate-limit-per-ip', 2, props.haulerRequestsPer5Minutes, {
          andStatement: {
            statements: [
              postOnly,
              {
                orStatement: {
                  statements: PUBLIC_HAULER_PATHS.map((path) => ({
                    byteMatchStatement: {
                      fieldToMatch: { uriPath: {} },
                      positionalConstraint: 'STARTS_WITH',
                      searchString: path,
                      textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
                    },
                  })),
                },
              },
            ],
          },
        }),
        // The API only: pages are public, and homeowners travel and use VPNs.
        managedRule(
          'aws-managed-ip-reputation-list',
          3,
          'AWSManagedRulesAmazonIpReputationList',
          apiPaths,
        ),
        managedRule('aws-managed-anonymous-ip-list', 4, 'AWSManagedRulesAnonymousIpList', apiPaths),
        managedRule('aws-managed-common-rule-set', 5, 'AWSManagedRulesCommonRuleSet'),
      ],
    });
  }

  get arn(): string {
    return this.webAcl.attrArn;
  }
}
