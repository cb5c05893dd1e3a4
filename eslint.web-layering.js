import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';
import { URL, fileURLToPath } from 'node:url';

/**
 * The web app's layers as lint rules (docs/decisions/023-web-layering.md), after bulletproof-react's
 * `import/no-restricted-paths` zones: shared code (components, hooks, lib) -> features -> app.
 * A feature imports only itself and shared code; a page that needs several features lives in app/.
 * src/testing is the test harness: it renders the whole app, so only tests may import it.
 */
const web = './apps/web/src';
const features = readdirSync(new URL(`${web}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export const layerMessages = {
  crossFeature:
    'Features do not import each other: move the shared piece to lib/ or components/, or the page to app/.',
  featureToApp: 'Features do not import app/: move the shared piece to lib/ or components/.',
  sharedUpward: 'Shared code (components, hooks, lib) imports neither features nor app/.',
  testingInProduction: 'Only tests import the test harness (src/testing, */testing/).',
};

const layerZones = [
  // Every feature folder is closed to every other one.
  ...features.map((name) => ({
    target: `${web}/features/${name}`,
    from: `${web}/features`,
    except: [`./${name}`],
    message: layerMessages.crossFeature,
  })),
  { target: `${web}/features`, from: `${web}/app`, message: layerMessages.featureToApp },
  {
    target: [`${web}/components`, `${web}/hooks`, `${web}/lib`],
    from: [`${web}/features`, `${web}/app`],
    message: layerMessages.sharedUpward,
  },
];

// Application code never reaches into test helpers; tests may use src/testing from any layer.
const productionZones = [
  ...layerZones,
  { target: web, from: `${web}/**/testing/**`, message: layerMessages.testingInProduction },
];

// Zones are relative to the repository root whichever folder eslint runs from.
const basePath = fileURLToPath(new URL('.', import.meta.url));
const tests = ['**/*.test.{ts,tsx}', '**/testing/**'];
const files = ['apps/web/src/**/*.{ts,tsx}'];

export const webLayering = [
  {
    files,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath, zones: productionZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: tests.map((glob) => `apps/web/src/${glob}`),
    rules: { 'import-x/no-restricted-paths': ['error', { basePath, zones: layerZones }] },
  },
];
