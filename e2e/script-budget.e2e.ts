import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  budgetProblem,
  budgetsKB,
  fileCountProblem,
  formatBudgetTable,
  maxScriptFiles,
  measureScriptBudget,
  missingSignedOutRoutes,
  signedInShellName,
  signedOutBudgetRoutes,
  type BudgetResult,
} from '../scripts/lib/script-budget.mjs';

// Runs where CI always has a fresh build: `npm run test:e2e` builds the web app first when stale.
const distDir = path.resolve(import.meta.dirname, '../apps/web/dist');

describe('script budget on the build (issue 22, decision 033)', () => {
  it('keeps each signed-out entry route within 120 kB and the signed-in shell within 200 kB', () => {
    const results = measureScriptBudget(distDir);
    console.log(formatBudgetTable(results));
    const problems = results.map(budgetProblem).filter((problem) => problem !== null);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it(`keeps every route within ${maxScriptFiles} script files before the first interaction`, () => {
    const results = measureScriptBudget(distDir);
    const problems = results.map(fileCountProblem).filter((problem) => problem !== null);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('measures every signed-out route the issue names, the shell and every other route', () => {
    const results = measureScriptBudget(distDir);
    expect(missingSignedOutRoutes(results)).toEqual([]);
    expect(results.filter((r) => r.kind === 'shell').map((r) => r.name)).toEqual([signedInShellName]);
    const routes = results.map((result) => result.name);
    for (const route of ['/dashboard', '/settings', '/signup', '/gallery']) expect(routes).toContain(route);
  });
});

function fake(overrides: Partial<BudgetResult>): BudgetResult {
  return {
    name: '/login',
    kind: 'signedOut',
    kb: 100,
    budgetKB: 120,
    enforced: true,
    files: [],
    ...overrides,
  };
}

// The rules the test above applies, on made-up figures: proof that it fails when it should.
describe('budgetProblem', () => {
  it('fails a signed-out entry route over 120 kB, and only then', () => {
    expect(budgetProblem(fake({ kb: 120.1 }))).toBe(
      '/login loads 120.1 kB of script before the first interaction, over its 120 kB budget',
    );
    expect(budgetProblem(fake({ kb: 120 }))).toBeNull();
  });

  it('fails the signed-in shell over 200 kB', () => {
    const shell = fake({ name: signedInShellName, kind: 'shell', budgetKB: budgetsKB.signedIn });
    expect(budgetProblem({ ...shell, kb: 200.4 })).toMatch(/^The signed-in shell loads 200\.4 kB/);
    expect(budgetProblem({ ...shell, kb: 199.9 })).toBeNull();
  });

  it('only reports a signed-in page over 200 kB (shell and page together), marked in the table', () => {
    const page = fake({ name: '/settings', kind: 'route', kb: 212.1, budgetKB: 200, enforced: false });
    expect(budgetProblem(page)).toBeNull();
    const table = formatBudgetTable([fake({ kb: 121 }), { ...page, signedIn: true }]);
    expect(table).toMatch(/\/login .* 121\.0 kB .* OVER BUDGET/);
    expect(table).toMatch(/\/settings .* 212\.1 kB .* shell \+ page .* over \(information\)/);
  });

  it(`fails any route, signed in or not, that loads more than ${maxScriptFiles} script files`, () => {
    const files = (count: number) => Array.from({ length: count }, (_, index) => `assets/c${index}.js`);
    const page = fake({
      name: '/settings',
      kind: 'route',
      enforced: false,
      files: files(maxScriptFiles + 1),
    });
    expect(fileCountProblem(page)).toBe(
      `/settings loads ${maxScriptFiles + 1} script files before the first interaction, over the ${maxScriptFiles} allowed`,
    );
    expect(fileCountProblem({ ...page, files: files(maxScriptFiles) })).toBeNull();
  });

  it('notices a signed-out route the route tree lost', () => {
    const measured = signedOutBudgetRoutes
      .filter((route) => route !== '/terms')
      .map((name) => fake({ name }));
    expect(missingSignedOutRoutes(measured)).toEqual(['/terms']);
  });
});
