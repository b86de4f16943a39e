import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { requireUsEast1 } from './region-requirements';
import { API_PATHS, type ApiErrorBody, STRIPE_WEBHOOK_MAX_BYTES } from '#contract/core/api';
import { HAULER_API_PATHS } from '#contract/haulers/hauler-api';

/** Reached without a link: each POST can store an application or send an email. */
const PUBLIC_HAULER_PATHS = [
  HAULER_API_PATHS.certificateUrl,
  HAULER_API_PATHS.apply,
  HAULER_API_PATHS.freshLink,
];

/** The labels the anonymous IP list puts on a request (VPNs, relays, Tor, hosting providers). */
export const ANONYMOUS_IP_LABELS = 'awswaf:managed:aws:anonymous-ip-list:';
/** The reputation list's blocking rules; its third (AWSManagedIPDDoSList) only counts. */
const IP_REPUTATION_BLOCKING_RULES = ['AWSManagedIPReputationList', 'AWSManagedReconnaissanceList'];
const COMMON_RULE_SET_LABELS = 'awswaf:managed:aws:core-rule-set:';

/**
 * The site's own error shape (what the functions answer), so the page shows its message instead
 * of failing to read WAF's bare 403.
 */
export const WAF_RESPONSES = {
  'too-many-requests': {
    status: 429,
    body: {
      error: {
        code: 'limit_reached',
        message: 'Too many requests. Please wait a few minutes and try again.',
      },
    },
  },
  blocked: {
    status: 403,
    body: {
      error: {
        code: 'blocked',
        message:
          'Our firewall blocked this request. Please try again in a few minutes; if it happens again, turn off your VPN or proxy for this site, or send us an email.',
      },
    },
  },
} as const satisfies Record<string, { status: number; body: ApiErrorBody }>;
type WafResponse = keyof typeof WAF_RESPONSES;

export interface WebAclProps {
  stage: string;
  apiRequestsPer5Minutes: number;
  bookingRequestsPer5Minutes: number;
  /** POSTs per IP to the hauler side's public paths (application, upload URL, fresh link). */
  haulerRequestsPer5Minutes: number;
  /** Requests per IP to /api/* from addresses on the anonymous IP list. */
  anonymousRequestsPer5Minutes: number;
}

/**
 * Stripe delivers from a few hosting-provider addresses, in bursts: the site's per-IP limits and
 * IP lists would throttle it, and the common rule set's 8 KB body rule would block larger events.
 * The webhook has its own rules instead (decision 053): a body limit and a generous rate.
 */
export const STRIPE_WEBHOOK_REQUESTS_PER_5_MINUTES = 2_000;

/**
 * The distribution's web ACL (scope CLOUDFRONT, so us-east-1 only); limits and lists: decisions
 * 017 and 047. Every block answers in the site's JSON error shape.
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
    const block = (key: WafResponse): wafv2.CfnWebACL.BlockActionProperty => ({
      customResponse: { responseCode: WAF_RESPONSES[key].status, customResponseBodyKey: key },
    });
    const rateRule = (
      name: string,
      priority: number,
      limit: number,
      scopeDownStatement: wafv2.CfnWebACL.StatementProperty,
    ): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      action: { block: block('too-many-requests') },
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
    const stripeWebhook: wafv2.CfnWebACL.StatementProperty = {
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: API_PATHS.stripeWebhook,
        textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
      },
    };
    const notStripeWebhook: wafv2.CfnWebACL.StatementProperty = {
      notStatement: { statement: stripeWebhook },
    };
    const apiPaths: wafv2.CfnWebACL.StatementProperty = {
      andStatement: {
        statements: [
          {
            byteMatchStatement: {
              fieldToMatch: { uriPath: {} },
              positionalConstraint: 'STARTS_WITH',
              searchString: '/api/',
              textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
            },
          },
          notStripeWebhook,
        ],
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
      options: {
        scopeDownStatement?: wafv2.CfnWebACL.StatementProperty;
        countOnly?: boolean;
        ruleActionOverrides?: wafv2.CfnWebACL.RuleActionOverrideProperty[];
      } = {},
    ): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: options.countOnly === true ? { count: {} } : { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name: group,
          scopeDownStatement: options.scopeDownStatement,
          ruleActionOverrides: options.ruleActionOverrides,
        },
      },
      visibilityConfig: visibility(name),
    });
    const labelled = (key: string): wafv2.CfnWebACL.StatementProperty => ({
      labelMatchStatement: { scope: 'NAMESPACE', key },
    });
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`bulk-trash-web-acl-${props.stage}`),
      customResponseBodies: Object.fromEntries(
        Object.entries(WAF_RESPONSES).map(([key, { body }]) => [
          key,
          { contentType: 'APPLICATION_JSON', content: JSON.stringify(body) },
        ]),
      ),
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
        // The API only: pages are public. Its blocking rules answer in the site's shape.
        managedRule('aws-managed-ip-reputation-list', 3, 'AWSManagedRulesAmazonIpReputationList', {
          scopeDownStatement: apiPaths,
          ruleActionOverrides: IP_REPUTATION_BLOCKING_RULES.map((name) => ({
            name,
            actionToUse: { block: block('blocked') },
          })),
        }),
        // Homeowners browse through VPNs and browsers' relays: the list only labels them, and
        // the rule after it gives labelled addresses a tighter rate.
        managedRule('aws-managed-anonymous-ip-list', 4, 'AWSManagedRulesAnonymousIpList', {
          scopeDownStatement: apiPaths,
          countOnly: true,
        }),
        rateRule(
          'anonymous-ip-rate-limit-per-ip',
          5,
          props.anonymousRequestsPer5Minutes,
          labelled(ANONYMOUS_IP_LABELS),
        ),
        // Counted, then blocked by label: a managed group's own block cannot carry a body.
        managedRule('aws-managed-common-rule-set', 6, 'AWSManagedRulesCommonRuleSet', {
          countOnly: true,
          scopeDownStatement: notStripeWebhook,
        }),
        {
          name: 'common-rule-set-block',
          priority: 7,
          action: { block: block('blocked') },
          statement: labelled(COMMON_RULE_SET_LABELS),
          visibilityConfig: visibility('common-rule-set-block'),
        },
        {
          // Inspected up to the association's 64 KB; a longer body matches (oversize handling).
          name: 'stripe-webhook-body-size',
          priority: 8,
          action: { block: block('blocked') },
          statement: {
            andStatement: {
              statements: [
                stripeWebhook,
                {
                  sizeConstraintStatement: {
                    fieldToMatch: { body: { oversizeHandling: 'MATCH' } },
                    comparisonOperator: 'GT',
                    size: STRIPE_WEBHOOK_MAX_BYTES,
                    textTransformations: [{ priority: 0, type: 'NONE' }],
                  },
                },
              ],
            },
          },
          visibilityConfig: visibility('stripe-webhook-body-size'),
        },
        rateRule(
          'stripe-webhook-rate-limit-per-ip',
          9,
          STRIPE_WEBHOOK_REQUESTS_PER_5_MINUTES,
          stripeWebhook,
        ),
      ],
      associationConfig: {
        requestBody: { CLOUDFRONT: { defaultSizeInspectionLimit: 'KB_64' } },
      },
    });
  }

  get arn(): string {
    return this.webAcl.attrArn;
  }
}
