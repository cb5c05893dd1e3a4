// Runs the mix at a fixed concurrency for a while and summarises what came back.
import { pickOperation, type Acknowledged, type LoadUser } from './load-mix.js';

export interface StepResult {
  concurrency: number;
  requests: number;
  seconds: number;
  latencies: number[];
  errors: number;
  /** A few error answers, to say what went wrong. */
  errorSamples: string[];
  byOperation: Map<string, number>;
  /** Latencies (ms) per operation, to say which part of the mix is slow. */
  latenciesByOperation: Map<string, number[]>;
  /** Non-success answers by kind: "502 BAD_GATEWAY", "socket ECONNRESET", "timeout", ... */
  failures: Map<string, number>;
  /** 5xx bodies that were not a clean {message, code}, or that carried a stack trace. */
  uncleanFailures: number;
}

export function quantile(sorted: number[], q: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
}

const increment = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

function isCleanErrorBody(body: string) {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; code?: unknown; stack?: unknown };
    return (
      typeof parsed.message === 'string' &&
      typeof parsed.code === 'string' &&
      parsed.stack === undefined &&
      !/\n[ \t]+at /.test(body)
    );
  } catch {
    return false;
  }
}

/** `concurrency` loops, each as one of the users, sending one request after another for `seconds`. */
export async function runStep(
  users: LoadUser[],
  concurrency: number,
  seconds: number,
  acknowledged: Acknowledged,
  /** Runs beside the loops (which go on until it ends), with the figures so far. */
  during?: (live: StepResult) => Promise<void>,
): Promise<StepResult> {
  const result: StepResult = {
    concurrency,
    requests: 0,
    seconds,
    latencies: [],
    errors: 0,
    errorSamples: [],
    byOperation: new Map(),
    latenciesByOperation: new Map(),
    failures: new Map(),
    uncleanFailures: 0,
  };
  const started = performance.now();
  const until = started + seconds * 1000;
  let stillRunning = true;
  const duringDone = (during?.(result) ?? Promise.resolve()).finally(() => (stillRunning = false));

  async function loop(index: number) {
    const user = users[index % users.length]!;
    while (performance.now() < until || (during && stillRunning)) {
      const op = pickOperation();
      const sentAt = performance.now();
      try {
        const answer = await op.run(user, acknowledged);
        const took = performance.now() - sentAt;
        result.latencies.push(took);
        const perOperation = result.latenciesByOperation.get(op.name) ?? [];
        perOperation.push(took);
        result.latenciesByOperation.set(op.name, perOperation);
        result.requests++;
        increment(result.byOperation, op.name);
        if (answer.status !== op.status) {
          result.errors++;
          let code = '';
          try {
            code = String((JSON.parse(answer.body) as { code?: string }).code ?? '');
          } catch {
            code = 'not JSON';
          }
          increment(result.failures, `${answer.status} ${code}`.trim());
          if (answer.status >= 500 && !isCleanErrorBody(answer.body)) result.uncleanFailures++;
          if (answer.status === 403 && code.includes('CSRF')) user.client.dropCsrfToken();
          if (result.errorSamples.length < 5)
            result.errorSamples.push(`${op.name}: HTTP ${answer.status} ${answer.body.slice(0, 160)}`);
        }
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
        result.requests++;
        result.errors++;
        increment(result.byOperation, op.name);
        increment(result.failures, code === 'TIMEOUT' ? 'timeout (no answer)' : `socket ${code}`);
        if (result.errorSamples.length < 5)
          result.errorSamples.push(`${op.name}: ${(error as Error).message}`);
        // A refused connection answers at once; do not spin on it.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }
  await Promise.all([...Array.from({ length: concurrency }, (_, index) => loop(index)), duringDone]);
  result.seconds = (performance.now() - started) / 1000;
  result.latencies.sort((a, b) => a - b);
  return result;
}

export function formatStep(step: StepResult): string {
  const rate = step.requests / step.seconds;
  const failures = [...step.failures].map(([kind, n]) => `${kind} ×${n}`).join(', ');
  return (
    `${String(step.concurrency).padStart(5)} | ${rate.toFixed(0).padStart(7)} | ${quantile(step.latencies, 0.5).toFixed(1).padStart(7)} | ` +
    `${quantile(step.latencies, 0.99).toFixed(1).padStart(7)} | ${String(step.errors).padStart(6)}${failures ? `  (${failures})` : ''}`
  );
}

export const stepHeader = 'concurrency | requests/s | p50 ms | p99 ms | errors';

export function formatMixDone(step: StepResult): string {
  return [...step.byOperation]
    .sort((a, b) => b[1] - a[1])
    .map(([name, n]) => `${name} ${((n / step.requests) * 100).toFixed(0)}%`)
    .join(', ');
}

/** p50/p99 per operation, slowest p99 first. */
export function formatOperationLatencies(step: StepResult): string {
  return [...step.latenciesByOperation]
    .map(([name, values]) => [name, values.sort((a, b) => a - b)] as const)
    .sort((a, b) => quantile(b[1], 0.99) - quantile(a[1], 0.99))
    .map(
      ([name, values]) => `${name} ${quantile(values, 0.5).toFixed(0)}/${quantile(values, 0.99).toFixed(0)}`,
    )
    .join(', ');
}
