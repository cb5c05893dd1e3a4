import { analyse } from 'scslre';

/** One regular expression run on one input, as the engine saw it. */
export interface RegexRun {
  source: string;
  flags: string;
  inputLength: number;
}

/**
 * Records every regular expression the process runs while `record` is open. Every RegExp method
 * (test, match, matchAll, replace, split, search) goes through `RegExp.prototype.exec` by the
 * language's rules, so wrapping it sees them all, in our code and in libraries alike.
 */
export async function recordRegexRuns<T>(
  work: () => Promise<T>,
  { minInputLength = 0 } = {},
): Promise<{ result: T; runs: RegexRun[] }> {
  const runs: RegexRun[] = [];
  const exec = RegExp.prototype.exec;
  RegExp.prototype.exec = function recordedExec(this: RegExp, input: string) {
    const text = String(input);
    if (text.length >= minInputLength)
      runs.push({ source: this.source, flags: this.flags, inputLength: text.length });
    return exec.call(this, text);
  };
  try {
    return { result: await work(), runs };
  } finally {
    RegExp.prototype.exec = exec;
  }
}

const verdicts = new Map<string, string | null>();

/**
 * Why a pattern can take more than linear time on some input (scslre's static analysis, the one
 * behind eslint-plugin-regexp's backtracking rules), or null when no such input exists.
 */
export function superLinearReason(run: Pick<RegexRun, 'source' | 'flags'>): string | null {
  const key = `/${run.source}/${run.flags}`;
  if (!verdicts.has(key)) {
    const { reports } = analyse({ source: run.source, flags: run.flags });
    const first = reports[0];
    verdicts.set(
      key,
      first
        ? `${first.exponential ? 'exponential' : 'polynomial'} backtracking (${first.type}) in ${key}`
        : null,
    );
  }
  return verdicts.get(key)!;
}
