import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// A dependency nobody imports still gets installed, audited and advertised (@fastify/rate-limit was
// listed for months and never registered). Each workspace's dependencies must be named by its own
// files; the few used only by name elsewhere are listed with the reason.
const root = join(import.meta.dirname, '..');

const usedWithoutImport: Record<string, string> = {
  typescript: 'the tsc command of npm run typecheck',
  '@vitest/coverage-v8': 'loaded by vitest run --coverage',
  '@testing-library/dom': 'peer dependency of @testing-library/react',
};

const workspaces: Record<string, string[]> = {
  '.': [
    'e2e',
    'bench',
    'scripts',
    'test',
    'apps',
    'packages',
    'eslint.config.js',
    'eslint.web-layering.js',
    'vitest.config.ts',
  ],
  'apps/api': ['apps/api'],
  'apps/web': ['apps/web'],
  'packages/shared': ['packages/shared'],
};

function sourceText(path: string): string {
  const full = join(root, path);
  if (!statSync(full).isDirectory()) return readFileSync(full, 'utf8');
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => !['node_modules', 'dist', 'data'].includes(entry.name))
    .filter((entry) => entry.isDirectory() || /\.(?:[cm]?js|tsx?|html|css)$/.test(entry.name))
    .map((entry) => sourceText(join(path, entry.name)))
    .join('\n');
}

describe('declared dependencies', () => {
  it.each(Object.entries(workspaces))('every dependency of %s is used', (workspace, paths) => {
    const manifest = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    const text = paths.map(sourceText).join('\n') + Object.values(manifest.scripts ?? {}).join('\n');
    const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
    const unused = names.filter(
      (name) =>
        !name.startsWith('@types/') &&
        !(name in usedWithoutImport) &&
        ![`'${name}'`, `'${name}/`, `"${name}"`, `"${name}/`, `${name} `].some((quoted) =>
          text.includes(quoted),
        ),
    );
    expect(names.length).toBeGreaterThan(0);
    expect(unused).toEqual([]);
  });
});
