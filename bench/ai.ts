// The built-in caption writer as the API runs it (write, fit to platform rules): 4 platforms × 5
// variants per call. Median latency against a 20 ms target, and how many of 1,000 answers to the
// same input are unique against a 95% target.
import { aiPlatforms } from '@app/shared/ai';
import type { GenerationTask } from '../apps/api/src/adapters/ai/caption-provider.js';
import { createCaptionWriter } from '../apps/api/src/adapters/ai/caption-writer.js';
import { createOfflineProvider } from '../apps/api/src/adapters/ai/offline/offline-generator.js';

const calls = 1_000;
const warmup = 100;
const latencyTargetMs = 20;
const uniqueTarget = 0.95;

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

const offline = createOfflineProvider();
const writer = createCaptionWriter(offline, offline);
for (let index = 0; index < warmup; index++) await writer.write(task);

const times: number[] = [];
const answers = new Set<string>();
const items = new Set<string>();
const itemsByPlatform = new Map<string, Set<string>>(aiPlatforms.map((platform) => [platform, new Set()]));
let itemCount = 0;
let short = 0;
for (let index = 0; index < calls; index++) {
  const started = performance.now();
  const { results } = await writer.write(task);
  times.push(performance.now() - started);
  if (results.length !== aiPlatforms.length * task.variants) short++;
  answers.add(JSON.stringify(results));
  for (const result of results) {
    const key = JSON.stringify([
      result.platform,
      result.titles,
      result.body,
      result.hashtags,
      result.photoInstructions,
    ]);
    items.add(key);
    itemsByPlatform.get(result.platform)!.add(JSON.stringify([result.titles, result.body]));
    itemCount++;
  }
}

times.sort((a, b) => a - b);
const median = percentile(times, 0.5);
const uniqueItems = items.size / itemCount;
const perPlatformCalls = calls * task.variants;
console.log(
  `offline writer, ${task.platforms.length} platforms × ${task.variants} variants, ${calls} calls with the same input (node ${process.version})`,
);
console.log(
  `latency   median ${median.toFixed(2)} ms, p95 ${percentile(times, 0.95).toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms`,
);
console.log(
  `          target < ${latencyTargetMs} ms: ratio target/median ${(latencyTargetMs / median).toFixed(1)}× ${median < latencyTargetMs ? '(met)' : '(MISSED)'}`,
);
console.log(
  `unique    whole answers ${answers.size}/${calls} (${((answers.size / calls) * 100).toFixed(1)}%)`,
);
console.log(`          single results ${items.size}/${itemCount} (${(uniqueItems * 100).toFixed(2)}%)`);
for (const [platform, seen] of itemsByPlatform) {
  console.log(
    `          ${platform.padEnd(9)} title+caption ${seen.size}/${perPlatformCalls} (${((seen.size / perPlatformCalls) * 100).toFixed(2)}%)`,
  );
}
console.log(
  `          target ≥ ${uniqueTarget * 100}% of single results: ratio ${(uniqueItems / uniqueTarget).toFixed(3)} ${uniqueItems >= uniqueTarget ? '(met)' : '(MISSED)'}`,
);
console.log(`answers short of ${aiPlatforms.length * task.variants} results: ${short}`);
if (median >= latencyTargetMs || uniqueItems < uniqueTarget || short > 0) process.exitCode = 1;
