import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** Where tests and stand-ins write the passwords, tokens and keys they use. */
const sourceFolders = ['apps/api/src', 'apps/api/test', 'e2e', 'bench'];

/**
 * A string literal given to a name that says it is a secret: `password: 'Secret123'`,
 * `const knownPassword = 'Known-pass1'`, `REDDIT_CLIENT_SECRET: 'stand-in-secret'`.
 */
const secretLiteral =
  /\b(\w*(?:password|secret|token|apikey|api_key|_key|secretaccesskey))\s*[:=]\s*(['"`])([^'"`\s${}]{6,})\2/gi;

/** Literals that share a secret's name but are not one: error codes, paths, cookie and field names. */
function isSecretValue(value: string): boolean {
  if (/^[A-Z0-9_]+$/.test(value)) return false;
  if (value.startsWith('/') || value.includes('://') || value.includes('[redacted]')) return false;
  // Stripe's publishable keys are handed to every browser.
  if (value.startsWith('pk_')) return false;
  return !/^(?:password|token|secret|XSRF-TOKEN|_csrf|x-csrf-token|authorization)$/i.test(value);
}

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter(
      (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.parentPath.includes('node_modules'),
    )
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Values the tests use as secrets, read from their sources so a new test's password is covered too. */
export async function knownTestSecrets(root = repoRoot): Promise<Set<string>> {
  const secrets = new Set<string>();
  const files = (
    await Promise.all(sourceFolders.map((folder) => sourceFiles(path.join(root, folder))))
  ).flat();
  for (const file of files) {
    // The scanner's own sources and tests name planted secrets on purpose.
    if (file.includes(`${path.sep}log-secrets${path.sep}`)) continue;
    const text = await readFile(file, 'utf8');
    for (const match of text.matchAll(secretLiteral)) {
      const value = match[3]!;
      if (isSecretValue(value)) secrets.add(value);
    }
  }
  return secrets;
}
