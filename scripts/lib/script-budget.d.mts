// Types for script-budget.mjs, which the e2e budget test and benches import.
export interface BudgetResult {
  /** A route's path, or signedInShellName for the signed-in shell. */
  name: string;
  /** signedOut: a visitors' entry route the issue names; shell: the signed-in shell; route: any other route. */
  kind: 'signedOut' | 'shell' | 'route';
  /** Brotli kB (1000 bytes) of script loaded before the first interaction. */
  kb: number;
  budgetKB: number;
  /** Over budget fails the test (entry routes, the shell); otherwise the figure is information. */
  enforced: boolean;
  /** For routes: a signed-in guard wraps it, so its figure includes the shell. */
  signedIn?: boolean;
  /** The script files counted, relative to the dist directory. */
  files: string[];
}

export const budgetsKB: { signedOut: number; signedIn: number };
export const maxScriptFiles: number;
export const signedOutBudgetRoutes: string[];
export const signedInShellName: string;
export const signedInShellModule: string;
export function budgetProblem(result: BudgetResult): string | null;
export function fileCountProblem(result: BudgetResult): string | null;
export function missingSignedOutRoutes(results: BudgetResult[]): string[];
export function readPageModules(file?: string): Map<string, string[]>;
export function readRoutes(file?: string): Array<{ path: string; page: string; signedIn: boolean }>;
export function measureScriptBudget(distDir: string): BudgetResult[];
export function formatBudgetTable(results: BudgetResult[]): string;
