// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { layerMessages } from '../../../eslint.web-layering.js';

/**
 * The layer rules of decision 023 run through the repository's own eslint.config.js on in-memory
 * files, so removing or loosening a zone fails here rather than silently letting imports drift.
 */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
let eslint: ESLint;

async function messagesFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}apps/web/src/${filePath}` });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

function restricted(path: string, message: string): string {
  return `import-x/no-restricted-paths: Unexpected path "${path}" imported in restricted zone. ${message}`;
}

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

describe('web layering lint (decision 023)', { timeout: 60_000 }, () => {
  it('fails a feature that imports another feature', async () => {
    const code = "import { login } from '../auth/api/login';\nexport const probe = login;\n";
    expect(await messagesFor('features/media/probe.ts', code)).toEqual([
      restricted('../auth/api/login', layerMessages.crossFeature),
    ]);
  });

  it('fails a feature that imports app/', async () => {
    const code = "import { AppProviders } from '../../app/providers';\nexport const probe = AppProviders;\n";
    expect(await messagesFor('features/media/probe.ts', code)).toEqual([
      restricted('../../app/providers', layerMessages.featureToApp),
    ]);
  });

  it('fails shared code that imports a feature', async () => {
    const code =
      "import { getMedia } from '../features/media/api/get-media';\nexport const probe = getMedia;\n";
    expect(await messagesFor('lib/probe.ts', code)).toEqual([
      restricted('../features/media/api/get-media', layerMessages.sharedUpward),
    ]);
  });

  it('fails application code that imports the test harness', async () => {
    const code = "import { stubFetch } from '../../testing/fetch-stub';\nexport const probe = stubFetch;\n";
    expect(await messagesFor('features/media/probe.ts', code)).toEqual([
      restricted('../../testing/fetch-stub', layerMessages.testingInProduction),
    ]);
  });

  it('lets app/ compose features, features use shared code, and tests use the harness', async () => {
    const appCode =
      "import { getMedia } from '../features/media/api/get-media';\nexport const probe = getMedia;\n";
    const featureCode = "import { apiRequest } from '../../lib/request';\nexport const probe = apiRequest;\n";
    const testCode =
      "import { stubFetch } from '../../testing/fetch-stub';\nexport const probe = stubFetch;\n";
    expect(await messagesFor('app/probe.ts', appCode)).toEqual([]);
    expect(await messagesFor('features/media/probe.ts', featureCode)).toEqual([]);
    expect(await messagesFor('features/media/probe.test.ts', testCode)).toEqual([]);
  });

  it('keeps import cycles an error', async () => {
    const config = await eslint.calculateConfigForFile(
      `${repoRoot}apps/web/src/features/media/gallery-page.tsx`,
    );
    expect(config.rules['import-x/no-cycle']).toMatchObject([2, { ignoreExternal: true }]);
  });
});
