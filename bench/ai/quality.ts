// Scores the writer's results against the prompt with the bench's own checker (fact-check.ts,
// fluency.ts): facts kept, words invented, titles and first sentences that read as English.
import type { GenerationTask } from '../../apps/api/src/adapters/ai/caption-provider.js';
import type { WrittenResult } from '../../apps/api/src/adapters/ai/caption-writer.js';
import { inventedWords, missingFacts, promptFacts, type Fact } from './fact-check.js';
import { firstSentence, fluencyProblems } from './fluency.js';

export interface Scored {
  task: GenerationTask;
  result: WrittenResult;
  facts: number;
  missing: Fact[];
  /** Reddit: what the main title alone lost (a link post is only its title). */
  titleMissing: Fact[] | null;
  invented: string[];
  disfluent: { text: string; problems: string[] }[];
  readTexts: number;
}

export function score(task: GenerationTask, result: WrittenResult): Scored {
  // A subreddit that forbids links gets none: its link facts are withheld on purpose, not lost.
  const withholdLinks = result.platform === 'reddit' && task.subreddit?.linksAllowed === false;
  const facts = promptFacts(task.prompt).filter((fact) => !(withholdLinks && fact.kind === 'link'));
  const main = `${result.titles[0] ?? ''}\n${result.body}`;
  const missing = missingFacts(facts, main);
  const titleMissing = result.platform === 'reddit' ? missingFacts(facts, result.titles[0] ?? '') : null;
  const invented = inventedWords(task.prompt, `${result.titles.join('\n')}\n${result.body}`, result.hashtags);
  const texts = [...result.titles, ...(result.body.trim() ? [firstSentence(result.body)] : [])];
  const disfluent = texts
    .map((text) => ({ text, problems: fluencyProblems(text) }))
    .filter((entry) => entry.problems.length > 0);
  return {
    task,
    result,
    facts: facts.length,
    missing,
    titleMissing,
    invented,
    disfluent,
    readTexts: texts.length,
  };
}

export interface Totals {
  variants: number;
  facts: number;
  kept: number;
  titleFacts: number;
  titleKept: number;
  inventing: number;
  texts: number;
  fluent: number;
}

export function totals(scored: Scored[]): Totals {
  const sum = {
    variants: 0,
    facts: 0,
    kept: 0,
    titleFacts: 0,
    titleKept: 0,
    inventing: 0,
    texts: 0,
    fluent: 0,
  };
  for (const each of scored) {
    sum.variants++;
    sum.facts += each.facts;
    sum.kept += each.facts - each.missing.length;
    if (each.titleMissing) {
      sum.titleFacts += each.facts;
      sum.titleKept += each.facts - each.titleMissing.length;
    }
    if (each.invented.length) sum.inventing++;
    sum.texts += each.readTexts;
    sum.fluent += each.readTexts - each.disfluent.length;
  }
  return sum;
}
