// @vitest-environment node
/**
 * docs/deploy.md's concurrency figure and cost table are the synthesized template's: this fails
 * whenever the stack changes what they count and the page was not regenerated
 * (`tsx scripts/deploy/stack-figures.ts --write`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RESERVED_CONCURRENCY,
  RESERVING_FUNCTION_COUNT,
  SINGLE_RUN_FUNCTIONS,
} from '../../infra/config';
import {
  DOC,
  PRICES,
  currentFigures,
  documentedFigures,
  stackFigures,
  synthesizeTemplate,
} from '../../scripts/deploy/stack-figures';

describe("docs/deploy.md's figures", () => {
  it('are the ones the synthesized stack gives (regenerate with stack-figures.ts --write)', async () => {
    const documented = documentedFigures(readFileSync(DOC, 'utf8'));
    expect(documented, 'docs/deploy.md has no stack-figures block').toBeDefined();
    expect(documented).toBe(await currentFigures());
  });

  it('count the reservations npm run deploy asks the account for', () => {
    const figures = stackFigures(synthesizeTemplate());
    expect(figures.reservedTotal).toBe(
      RESERVING_FUNCTION_COUNT * DEFAULT_RESERVED_CONCURRENCY + SINGLE_RUN_FUNCTIONS.length,
    );
    expect(figures.limitNeeded).toBe(figures.reservedTotal + 100);
  });
});

describe('stackFigures', () => {
  const template = {
    Resources: {
      A: { Type: 'AWS::Lambda::Function', Properties: { ReservedConcurrentExecutions: 5 } },
      B: { Type: 'AWS::Lambda::Function', Properties: { ReservedConcurrentExecutions: 5 } },
      C: { Type: 'AWS::Lambda::Function', Properties: { ReservedConcurrentExecutions: 1 } },
      D: { Type: 'AWS::Lambda::Function', Properties: {} },
      Acl: { Type: 'AWS::WAFv2::WebACL', Properties: { Rules: [{}, {}, {}] } },
      Key: { Type: 'AWS::KMS::Key', Properties: {} },
      One: { Type: 'AWS::CloudWatch::Alarm', Properties: { MetricName: 'Errors' } },
      Math: {
        Type: 'AWS::CloudWatch::Alarm',
        Properties: { Metrics: [{ Expression: 'a/b' }, { MetricStat: {} }, { MetricStat: {} }] },
      },
      Minute: { Type: 'AWS::Events::Rule', Properties: { ScheduleExpression: 'rate(1 minute)' } },
      Daily: {
        Type: 'AWS::Events::Rule',
        Properties: { ScheduleExpression: 'cron(0 13 * * ? *)' },
      },
    },
  };

  it('adds up reservations, WAF rules, keys, alarm metrics and scheduled runs', () => {
    const figures = stackFigures(template);
    expect([...figures.reservations]).toEqual([
      [5, 2],
      [1, 1],
    ]);
    expect(figures.reservedTotal).toBe(11);
    expect(figures.costs.map((line) => [line.item.split(' (')[0], line.monthly])).toEqual([
      ['WAF: the web ACL and its 3 rules', PRICES.wafWebAcl + 3 * PRICES.wafRule],
      ['1 KMS keys', PRICES.kmsKey],
      ['0 Secrets Manager secrets', 0],
      ['2 CloudWatch alarms on 3 metrics', 3 * PRICES.alarmMetric],
      ['43,230 scheduled runs', 43_230 * PRICES.scheduledRun],
    ]);
    expect(figures.atRest).toBeCloseTo(8 + 1 + 0.3 + 43_230 * PRICES.scheduledRun, 6);
  });
});
