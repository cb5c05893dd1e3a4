// Writes docs/ai-samples.md: 40 results picked at random from the run, whole, for a person to read.
import { writeFileSync } from 'node:fs';
import type { Scored } from './quality.js';

const sampleCount = 40;

function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

export function writeSamples(scored: Scored[], seed: number, heading: string): string {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const pool = [...scored];
  const picked: Scored[] = [];
  while (picked.length < sampleCount && pool.length)
    picked.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  const lines = [
    '# Built-in writer: 40 random results',
    '',
    `Written by \`npm run bench -- ai\` (${heading}, sample seed ${seed}); every run replaces this file.`,
    'Each entry: the prompt as the creator typed it, the platform, style and subreddit, then the result',
    'as the API returns it. Flags are the bench checker’s (facts lost, words invented, text it could not read).',
    '',
  ];
  picked.forEach((each, index) => {
    const { task, result } = each;
    const where = result.platform === 'reddit' && task.subreddit ? `, r/${task.subreddit.name}` : '';
    lines.push(`## ${index + 1}. ${result.platform}, ${task.styleHints.join(' + ')}${where}`);
    lines.push('', `Prompt: “${task.prompt}”`, '');
    result.titles.forEach((title, number) =>
      lines.push(`${number === 0 ? 'Title' : 'Alt'}: **${title}**`, ''),
    );
    if (result.body.trim()) lines.push(quote(result.body), '');
    if (result.hashtags.length)
      lines.push(`Hashtags: ${result.hashtags.map((tag) => `#${tag}`).join(' ')}`, '');
    lines.push(`Photo: ${result.photoInstructions}`, '');
    const flags = [
      ...each.missing.map((fact) => `lost ${fact.kind} “${fact.text}”`),
      ...each.invented.map((word) => `invented ${word}`),
      ...each.disfluent.map((entry) => `unreadable “${entry.text}” (${entry.problems.join('; ')})`),
    ];
    if (flags.length) lines.push(`Flags: ${flags.join(' · ')}`, '');
  });
  const file = new URL('../../docs/ai-samples.md', import.meta.url);
  writeFileSync(file, `${lines.join('\n').trimEnd()}\n`);
  return 'docs/ai-samples.md';
}
