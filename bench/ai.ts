// The built-in caption writer as the API runs it (write, fit to platform rules), measured two ways:
// 1. one fixed input, 1,000 calls of 4 platforms × 5 variants: median latency (target < 20 ms) and
//    how many results are unique (target ≥ 95%);
// 2. the 220 prompts of bench/ai/prompts.json, each written 3 times with 5 variants per platform,
//    graded by the bench's own checker: detail retention (≥ 98%), invention (≤ 2%), fluency proxy
//    (≥ 97%), latency and uniqueness. 40 random results go to docs/ai-samples.md for a person to read.
import { aiPlatforms } from '@app/shared/ai';
import type { GenerationTask } from '../apps/api/src/adapters/ai/caption-provider.js';
import { createCaptionWriter } from '../apps/api/src/adapters/ai/caption-writer.js';
import { createOfflineProvider } from '../apps/api/src/adapters/ai/offline/offline-generator.js';
import { benchTasks } from './ai/prompt-set.js';
import { score, totals, type Scored } from './ai/quality.js';
import { writeSamples } from './ai/samples.js';

const calls = 1_000;
const warmup = 100;
const rounds = 3;
const targets = { latencyMs: 20, unique: 0.95, retention: 0.98, invention: 0.02, fluency: 0.97 };

const task: GenerationTask = {
  prompt: 'my red dress at the beach',
  platforms: [...aiPlatforms],
  styleHints: ['playful', 'confident'],
  variants: 5,
  subreddit: null,
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

const percent = (part: number, whole: number) => `${((part / Math.max(1, whole)) * 100).toFixed(1)}%`;
const verdict = (met: boolean) => (met ? '(met)' : '(MISSED)');
let missed = false;
function check(met: boolean): string {
  if (!met) missed = true;
  return verdict(met);
}

const offline = createOfflineProvider();
const writer = createCaptionWriter(offline, offline);
for (let index = 0; index < warmup; index++) await writer.write(task);

// 1. One fixed input.
const times: number[] = [];
const items = new Set<string>();
const itemsByPlatform = new Map<string, Set<string>>(aiPlatforms.map((platform) => [platform, new Set()]));
let itemCount = 0;
let short = 0;
for (let index = 0; index < calls; index++) {
  const started = performance.now();
  const { results } = await writer.write(task);
  times.push(performance.now() - started);
  if (results.length !== aiPlatforms.length * task.variants) short++;
  for (const result of results) {
    items.add(
      JSON.stringify([
        result.platform,
        result.titles,
        result.body,
        result.hashtags,
        result.photoInstructions,
      ]),
    );
    itemsByPlatform.get(result.platform)!.add(JSON.stringify([result.titles, result.body]));
    itemCount++;
  }
}
times.sort((a, b) => a - b);
const median = percentile(times, 0.5);
const uniqueItems = items.size / itemCount;
console.log(`offline writer (node ${process.version})`);
console.log(
  `\n1. one input ("${task.prompt}"), ${aiPlatforms.length} platforms × ${task.variants} variants, ${calls} calls`,
);
console.log(
  `latency     median ${median.toFixed(2)} ms, p95 ${percentile(times, 0.95).toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms; target < ${targets.latencyMs} ms ${check(median < targets.latencyMs)}`,
);
console.log(
  `uniqueness  single results ${items.size}/${itemCount} (${percent(items.size, itemCount)}); target ≥ 95% ${check(uniqueItems >= targets.unique)}`,
);
for (const [platform, seen] of itemsByPlatform)
  console.log(`            ${platform.padEnd(9)} title+caption ${percent(seen.size, calls * task.variants)}`);
console.log(`            answers short of ${aiPlatforms.length * task.variants} results: ${short}`);
if (short > 0) missed = true;

// 2. The prompt set.
const tasks = benchTasks(5);
const setTimes: number[] = [];
const scored: Scored[] = [];
let uniqueSets = 0;
let resultCount = 0;
let shortSets = 0;
for (const each of tasks) {
  const seen = new Set<string>();
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    const { results } = await writer.write(each);
    setTimes.push(performance.now() - started);
    if (results.length !== each.platforms.length * each.variants) shortSets++;
    for (const result of results) {
      scored.push(score(each, result));
      seen.add(JSON.stringify([result.platform, result.titles, result.body]));
      resultCount++;
    }
  }
  uniqueSets += seen.size;
}
setTimes.sort((a, b) => a - b);
const setMedian = percentile(setTimes, 0.5);
const sum = totals(scored);
const retention = sum.kept / Math.max(1, sum.facts);
const invention = sum.inventing / sum.variants;
const fluency = sum.fluent / sum.texts;
const styles = new Set(tasks.flatMap((each) => each.styleHints));
console.log(
  `\n2. ${tasks.length} prompts (bench/ai/prompts.json: ${styles.size} styles, ${tasks.filter((each) => each.subreddit).length} with a subreddit) × ${rounds} calls, 5 variants per platform: ${sum.variants} results`,
);
console.log(
  `retention   ${percent(sum.kept, sum.facts)} of ${sum.facts} prompt facts kept (main title + body); target ≥ 98% ${check(retention >= targets.retention)}`,
);
console.log(
  `            Reddit main title alone: ${percent(sum.titleKept, sum.titleFacts)} of ${sum.titleFacts}`,
);
console.log(
  `invention   ${percent(sum.inventing, sum.variants)} of results add a time, place, light or clothing word; target ≤ 2% ${check(invention <= targets.invention)}`,
);
console.log(
  `fluency     ${percent(sum.fluent, sum.texts)} of ${sum.texts} titles and first sentences read; target ≥ 97% ${check(fluency >= targets.fluency)}`,
);
console.log(
  `latency     median ${setMedian.toFixed(2)} ms, p95 ${percentile(setTimes, 0.95).toFixed(2)} ms per request; target < ${targets.latencyMs} ms ${check(setMedian < targets.latencyMs)}`,
);
console.log(
  `uniqueness  ${percent(uniqueSets, resultCount)} of results differ from every other of the same prompt; target ≥ 95% ${check(uniqueSets / resultCount >= targets.unique)}`,
);
console.log(`            requests short of their variants: ${shortSets}`);

const show = (label: string, lines: string[]) => {
  if (!lines.length) return;
  console.log(`\n${label} (first 8 of ${lines.length}):`);
  for (const line of lines.slice(0, 8)) console.log(`  ${line}`);
};
show(
  'lost facts',
  scored
    .filter((each) => each.missing.length)
    .map(
      (each) =>
        `${each.missing.map((fact) => fact.text).join(', ')} ← "${each.task.prompt}" (${each.result.platform})`,
    ),
);
show(
  'inventions',
  scored
    .filter((each) => each.invented.length)
    .map((each) => `${each.invented.join(', ')} ← "${each.task.prompt}" (${each.result.platform})`),
);
show(
  'unreadable',
  scored.flatMap((each) => each.disfluent.map((entry) => `"${entry.text}": ${entry.problems.join('; ')}`)),
);

const seed = Number(process.env.AI_SAMPLE_SEED ?? Date.now() % 1_000_000);
const file = writeSamples(scored, seed, `${sum.variants} results of ${tasks.length} prompts`);
console.log(`\n40 random results written to ${file} (seed ${seed}; AI_SAMPLE_SEED=${seed} repeats the pick)`);
if (missed || shortSets > 0) process.exitCode = 1;
