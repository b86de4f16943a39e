import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import type { IConfiguration } from 'dependency-cruiser';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The rule ids ESLint reports for `code` as if it were the file at `file` (relative to the repo). */
async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('the import borders', () => {
  it('let the contract’s schema modules import zod and its own files', async () => {
    const code =
      "import * as z from 'zod/mini';\nimport { LIMITS } from './limits';\nimport { token } from './quote-loop-schemas';\nexport const x = [z, LIMITS, token];\n";
    expect(await refusals('lambdas/contract/new-rule-schemas.ts', code)).toEqual([]);
    // A schema module of another name is one the config lists.
    const plain = "import * as z from 'zod/mini';\nexport const x = z;\n";
    expect(await refusals('lambdas/contract/core/fields.ts', plain)).toEqual([]);
  });

  it('refuse zod, and a schema module’s values, in the contract’s texts, limits and paths', async () => {
    for (const line of [
      "import * as z from 'zod/mini';",
      "import { token } from './quote-loop-schemas';",
      "import { homeownerFieldsSchema } from './fields';",
    ]) {
      const code = `${line}\nexport const x = [${line.includes('* as z') ? 'z' : line.split(/[{}]/)[1]!.trim()}];\n`;
      expect(await refusals('lambdas/contract/new-rule.ts', code)).toContain(
        'no-restricted-imports',
      );
    }
  });

  it('let the contract’s texts import a schema module’s types, and their own files', async () => {
    const code =
      "import type { PriceQuote } from '../loop/quote-loop-schemas';\nimport { LIMITS } from './limits';\nexport const x = LIMITS;\nexport type Y = PriceQuote;\n";
    expect(await refusals('lambdas/contract/core/new-rule.ts', code)).toEqual([]);
  });

  it('refuse anything else in the contract', async () => {
    for (const from of ['../../shared/runtime/aws', '../shared/runtime/aws']) {
      const code = `import { requireEnv } from '${from}';\nexport const x = requireEnv;\n`;
      expect(await refusals('lambdas/contract/core/new-rule.ts', code)).toContain(
        'no-restricted-imports',
      );
    }
  });

  it('refuse a function importing another function’s folder, for any function folder', async () => {
    const code =
      "import { handler } from '../send-booking-emails/handler';\nexport const x = handler;\n";
    expect(await refusals('lambdas/create-upload-urls/new.ts', code)).toContain(
      'no-restricted-imports',
    );
    // A folder no config names: the rule is a pattern over lambdas/*/, not a list.
    expect(await refusals('lambdas/hauler-offers/new.ts', code)).toContain('no-restricted-imports');
  });

  it('refuse a function’s test importing another function’s folder, but let it use test helpers', async () => {
    const other =
      "import { jobTimer } from '../update-lead/acceptance';\nexport const x = jobTimer;\n";
    expect(await refusals('lambdas/hauler-offers/new.test.ts', other)).toContain(
      'no-restricted-imports',
    );
    const helpers =
      "import { startTestLeadTable } from '../../test/support/testing-leads';\nimport { jobTimer } from '../shared/jobs/job-timer';\nexport const x = [startTestLeadTable, jobTimer];\n";
    expect(await refusals('lambdas/hauler-offers/new.test.ts', helpers)).toEqual([]);
  });

  it('let a room inside a function reach its function and lambdas/shared, never another function', async () => {
    const ok =
      "import { applyJob } from '../apply-job';\nimport { jobOf } from '../../shared/jobs/lead-job';\nexport const x = [applyJob, jobOf];\n";
    expect(await refusals('lambdas/job-updates/proof/new.ts', ok)).toEqual([]);
    const other =
      "import { deliver } from '../../update-lead/acceptance';\nexport const x = deliver;\n";
    expect(await refusals('lambdas/job-updates/proof/new.ts', other)).toContain(
      'no-restricted-imports',
    );
    expect(await refusals('lambdas/job-updates/proof/new.test.ts', other)).toContain(
      'no-restricted-imports',
    );
  });

  it('let a function import its own folder, lambdas/shared and the contract', async () => {
    const code =
      "import { handler } from './handler';\nimport { requireEnv } from '../shared/aws';\nimport { API_PATHS } from '#contract/core/api';\nexport const x = [handler, requireEnv, API_PATHS];\n";
    expect(await refusals('lambdas/send-booking-emails/new.ts', code)).toEqual([]);
  });

  it('refuse lambdas/shared reaching into a function', async () => {
    const code = "import { handler } from '../read-lead/handler';\nexport const x = handler;\n";
    expect(await refusals('lambdas/shared/new.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it('refuse the browser, the stack and the functions reaching past the contract', async () => {
    const shared =
      "import { requireEnv } from '../../lambdas/shared/runtime/aws';\nexport const x = requireEnv;\n";
    expect(await refusals('frontend/shared/new.ts', shared)).toContain(
      'import-x/no-restricted-paths',
    );
    const fromInfra =
      "import { requireEnv } from '../lambdas/shared/runtime/aws';\nexport const x = requireEnv;\n";
    expect(await refusals('infra/new.ts', fromInfra)).toContain('import-x/no-restricted-paths');
    const fromLambda =
      "import { readConfig } from '../../infra/config';\nexport const x = readConfig;\n";
    expect(await refusals('lambdas/shared/new.ts', fromLambda)).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('let the browser and the stack import the contract', async () => {
    const code = "import { API_PATHS } from '#contract/core/api';\nexport const x = API_PATHS;\n";
    expect(await refusals('frontend/shared/new.ts', code)).toEqual([]);
    expect(await refusals('infra/new.ts', code)).toEqual([]);
  });

  it('refuse a feature importing another feature, in its code and its tests alike', async () => {
    const code =
      "import { QuoteList } from '../quote-loop/quote-list';\nexport const x = QuoteList;\n";
    for (const file of [
      'frontend/features/hauler/new.ts',
      'frontend/features/hauler/new.test.ts',
    ]) {
      expect(await refusals(file, code)).toContain('import-x/no-restricted-paths');
    }
  });

  it('let a feature import its own folder, shared code and components', async () => {
    const code =
      "import { HaulerJobPage } from './job/hauler-job-page';\nimport { Card } from '../../components/signed-page/page-parts';\nimport { callFunction } from '../../shared/api/call-function';\nexport const x = [HaulerJobPage, Card, callFunction];\n";
    expect(await refusals('frontend/features/hauler/new.ts', code)).toEqual([]);
  });
});

describe('the cycle check', () => {
  let dir: string;
  const config = createRequire(import.meta.url)(
    path.join(root, '.dependency-cruiser.cjs'),
  ) as IConfiguration;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cycle-'));
    await writeFile(
      path.join(dir, 'a.ts'),
      "import type { B } from './b';\nexport type A = { b?: B };\n",
    );
    await writeFile(
      path.join(dir, 'b.ts'),
      "import type { A } from './a';\nexport type B = { a?: A };\n",
    );
    await writeFile(path.join(dir, 'c.ts'), "import type { A } from './a';\nexport type C = A;\n");
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('finds a circle made of type-only imports, which import-x/no-cycle skips', async () => {
    // The repo's tsconfig would scope resolution to the repo; the fixture lives in a temp folder.
    const { tsConfig: _, enhancedResolveOptions: __, ...options } = config.options ?? {};
    const result = await cruise(
      [dir],
      { ...options, validate: true, ruleSet: { forbidden: config.forbidden ?? [] } },
      { extensions: ['.ts'] },
    );
    const output = result.output as {
      summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> };
    };
    const { violations } = output.summary;
    expect(violations.map((violation) => violation.rule.name)).toContain('no-circular');
    // The circle is a ↔ b; c only points into it.
    for (const { from, to } of violations) {
      expect([from, to].map((file) => path.basename(file)).sort()).toEqual(['a.ts', 'b.ts']);
    }
  });
});
