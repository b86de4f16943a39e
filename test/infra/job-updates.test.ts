// @vitest-environment node
/**
 * Synth tests of the job's function: the hauler items a rating and a strike write, on exactly the
 * prefixes they need.
 */
import { describe, expect, it } from 'vitest';
import { type Json, FIXTURE_SITE, resourcesOfType, synthesize } from './synth';

const { json } = synthesize({ siteDir: FIXTURE_SITE, allowExampleAddresses: 'true' });

const [, jobs] = resourcesOfType(json, 'AWS::Lambda::Function').find(([id]) =>
  id.startsWith('ApiJobUpdates'),
)!;
const role = jobs.Properties.Role['Fn::GetAtt'][0] as string;
const statements = resourcesOfType(json, 'AWS::IAM::Policy')
  .filter(([, p]) => (p.Properties.Roles as Json[]).some((r) => r.Ref === role))
  .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Json[]);
const sid = (name: string) => statements.find((st) => st.Sid === name)!;
const prefixes = (st: Json) =>
  st.Condition['ForAllValues:StringLike']['dynamodb:LeadingKeys'] as string[];

describe('the job function, for ratings and strikes', () => {
  it('writes hauler items (rating items, totals, strikes, the email ledger) and nothing wider', () => {
    const rate = sid('RateAndStrikeHaulers');
    expect([rate.Action].flat().sort()).toEqual([
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    expect(prefixes(rate)).toEqual(['HAULER#*']);
  });

  it("takes a paused hauler's coverage out with batch writes on coverage items only", () => {
    const coverage = sid('PauseHaulerCoverage');
    expect(coverage.Action).toBe('dynamodb:BatchWriteItem');
    expect(prefixes(coverage)).toEqual(['COVER#*']);
  });

  it('may neither scan anything nor delete anything but sent emails and its money’s due items', () => {
    const actions = statements.flatMap((st) => [st.Action].flat() as string[]);
    expect(actions.filter((a) => a === 'dynamodb:Scan')).toEqual([]);
    const deletes = statements.filter((st) =>
      ([st.Action].flat() as string[]).includes('dynamodb:DeleteItem'),
    );
    expect(deletes.map((st) => st.Sid)).toEqual(['KeepOwedEmails', 'ScheduleJobMoney']);
    expect(JSON.stringify(deletes[0]!.Condition)).toContain('"OUTBOX*"');
    expect(JSON.stringify(deletes[1]!.Condition)).toContain('"MONEY_DUE#*"');
  });
});
