import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { secretPatterns } from './secret-patterns.js';

export interface LogFinding {
  file: string;
  line: number;
  /** The pattern's name, or "a secret the tests use". */
  kind: string;
  /** The offending text with the secret masked, so the report does not leak it again. */
  excerpt: string;
}

function mask(secret: string): string {
  return `${secret.slice(0, 4)}…(${secret.length} chars)`;
}

function excerptAround(line: string, index: number, secret: string): string {
  const start = Math.max(0, index - 60);
  const before = line.slice(start, index);
  const after = line.slice(index + secret.length, index + secret.length + 40);
  return `${start > 0 ? '…' : ''}${before}${mask(secret)}${after}`;
}

/** Every secret in one log's text: known values the tests use, and anything shaped like a secret. */
export function findSecretsInLog(
  text: string,
  knownSecrets: Iterable<string>,
  file = '(text)',
): LogFinding[] {
  const known = [...knownSecrets].filter((value) => value.length >= 6);
  const findings: LogFinding[] = [];
  text.split('\n').forEach((line, index) => {
    for (const secret of known) {
      const at = line.indexOf(secret);
      if (at >= 0)
        findings.push({
          file,
          line: index + 1,
          kind: 'a secret the tests use',
          excerpt: excerptAround(line, at, secret),
        });
    }
    for (const { name, pattern } of secretPatterns) {
      const match = pattern.exec(line);
      if (match)
        findings.push({
          file,
          line: index + 1,
          kind: name,
          excerpt: excerptAround(line, match.index, match[0]),
        });
    }
  });
  return findings;
}

export async function scanLogDirectory(
  directory: string,
  knownSecrets: Iterable<string>,
): Promise<{ findings: LogFinding[]; files: number; lines: number }> {
  const names = (await readdir(directory).catch(() => [])).filter((name) => name.endsWith('.log'));
  const findings: LogFinding[] = [];
  let lines = 0;
  for (const name of names) {
    const text = await readFile(path.join(directory, name), 'utf8');
    lines += text.split('\n').length - 1;
    findings.push(...findSecretsInLog(text, knownSecrets, name));
  }
  return { findings, files: names.length, lines };
}

export function describeFindings(findings: LogFinding[], directory: string): string {
  const shown = findings
    .slice(0, 30)
    .map((finding) => `  ${finding.file}:${finding.line}  ${finding.kind}: ${finding.excerpt}`);
  const more = findings.length > shown.length ? [`  … and ${findings.length - shown.length} more`] : [];
  return [`Secrets found in the server logs of this test run (${directory}):`, ...shown, ...more].join('\n');
}
