// The workflow linter of `npm run lint` (action-validator, GitHub's workflow schema built in, no
// network): every workflow passes it, and it refuses the mistakes a workflow edit makes.
import { readFileSync, readdirSync } from 'node:fs';
import { validateWorkflow } from '@action-validator/core';
import { describe, expect, it } from 'vitest';

const DIR = '.github/workflows';
const workflows = readdirSync(DIR).filter((name) => /\.ya?ml$/.test(name));
const ci = readFileSync(`${DIR}/ci.yml`, 'utf8');

describe('the workflows', () => {
  it.each(workflows)('%s passes the workflow linter', (name) => {
    expect(validateWorkflow(readFileSync(`${DIR}/${name}`, 'utf8')).errors).toEqual([]);
  });

  it('are all linted by npm run lint', () => {
    const lint = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { lint: string } })
      .scripts.lint;
    for (const name of workflows) expect(lint).toContain(`action-validator ${DIR}/${name}`);
  });
});

describe('the workflow linter', () => {
  it.each([
    ['a misspelt key', ci.replace('    runs-on: ubuntu-24.04\n', '    run-on: ubuntu-24.04\n')],
    ['a job that needs a job there is not', ci.replace('needs: test', 'needs: tests')],
    ['an unknown trigger', ci.replace('  pull_request:', '  pull_requests:')],
  ])('refuses %s', (_, broken) => {
    expect(broken).not.toBe(ci);
    expect(validateWorkflow(broken).errors.length).toBeGreaterThan(0);
  });
});
