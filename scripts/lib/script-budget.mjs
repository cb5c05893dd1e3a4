// The script budget (decision 033): how many kB of brotli-compressed script each route of the
// built web app loads before the first interaction, read from the build's real chunk graph.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webRoot = path.join(repoRoot, 'apps/web');

/**
 * Issue 22: each visitor's entry route loads at most 120 kB before the first interaction, and the
 * signed-in shell at most 200 kB. Both fail the test; a signed-in page's own total is information.
 */
export const budgetsKB = { signedOut: 120, signedIn: 200 };
/**
 * Script files any route may load before the first interaction. A phone fetches six at a time over
 * HTTP/1.1, so their number costs round trips as their bytes cost bandwidth: with every small
 * shared module in a file of its own, signed-in pages needed 70-80 (docs/performance.md).
 */
export const maxScriptFiles = 50;
/** The visitors' entry routes the issue names, each held to the signed-out budget. */
export const signedOutBudgetRoutes = [
  '/',
  '/login',
  '/terms',
  '/privacy',
  '/imageshield',
  '/forgot-password',
  '/reset-password',
  '/email-verification',
];
/** The name the signed-in shell's line carries in the results and the table. */
export const signedInShellName = 'signed-in shell';
/** Guards that only let signed-in users through: their routes also load the signed-in shell. */
const signedInGuards = new Set(['SignedInOnly', 'ProOnly', 'AdminOnly', 'LogoutRoute']);
/** The lazily loaded module every signed-in page needs before it renders. */
export const signedInShellModule = 'src/app/signed-in-app.tsx';
/** What lazyQueryPage loads beside the page (app/lazy-page.ts). */
const queryBoundaryModule = 'src/app/query-boundary.tsx';

function parse(file) {
  return ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
}

function resolveModule(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const found = ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => base + ext).find(existsSync);
  if (!found) throw new Error(`Cannot resolve ${specifier} from ${fromFile}`);
  return path.relative(webRoot, found).split(path.sep).join('/');
}

/**
 * lazy-pages.ts: for each exported page, the modules its lazyPage(() => import(…)) loads: the page's,
 * and for lazyQueryPage also the query boundary.
 */
export function readPageModules(file = path.join(webRoot, 'src/app/lazy-pages.ts')) {
  const modules = new Map();
  const visit = (node, name, loader) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (!specifier || !ts.isStringLiteral(specifier)) return;
      const page = resolveModule(file, specifier.text);
      modules.set(name, loader === 'lazyQueryPage' ? [page, queryBoundaryModule] : [page]);
      return;
    }
    ts.forEachChild(node, (child) => {
      visit(child, name, loader);
    });
  };
  for (const statement of parse(file).statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const { name, initializer } of statement.declarationList.declarations) {
      if (ts.isIdentifier(name) && initializer && ts.isCallExpression(initializer)) {
        visit(initializer, name.text, initializer.expression.getText());
      }
    }
  }
  return modules;
}

const joinPath = (prefix, segment) => `/${[prefix, segment].filter(Boolean).join('/')}`.replace(/\/+/g, '/');

function jsxTagNames(node, names = []) {
  if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) names.push(node.tagName.getText());
  // forEachChild stops at the first truthy callback result, so the callback returns nothing.
  ts.forEachChild(node, (child) => {
    jsxTagNames(child, names);
  });
  return names;
}

/** route-tree.tsx: every route with a page, its full path, its page name and whether a signed-in guard wraps it. */
export function readRoutes(file = path.join(webRoot, 'src/app/route-tree.tsx')) {
  const routes = [];
  const add = (routePath, pageName, guard) => {
    if (pageName)
      routes.push({ path: routePath || '/', page: pageName, signedIn: signedInGuards.has(guard) });
  };
  const visit = (node, prefix) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'page') {
      const [routePath, pageRef, guard] = node.arguments;
      add(joinPath(prefix, routePath.text), pageRef.getText().replace(/^pages\./, ''), guard?.getText());
      return;
    }
    if (ts.isObjectLiteralExpression(node)) {
      const property = (name) =>
        node.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === name)?.initializer;
      const ownPath = property('path');
      const routePath = ownPath && ts.isStringLiteral(ownPath) ? joinPath(prefix, ownPath.text) : prefix;
      const element = property('element');
      if (element && (ownPath || property('index'))) {
        const tags = jsxTagNames(element);
        add(routePath, tags.find((tag) => tag.startsWith('pages.'))?.replace(/^pages\./, ''), tags[0]);
      }
      const children = property('children');
      if (children) visit(children, routePath === '/' ? '' : routePath.slice(1));
      return;
    }
    ts.forEachChild(node, (child) => visit(child, prefix));
  };
  visit(parse(file), '');
  return routes;
}

function staticClosure(manifest, keys) {
  const seen = new Set();
  const walk = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) walk(imported);
  };
  keys.forEach(walk);
  return seen;
}

/** What the browser downloads for a file: its .br beside it (the server prefers it), else the file. */
function brotliBytes(distDir, file) {
  const br = path.join(distDir, `${file}.br`);
  return statSync(existsSync(br) ? br : path.join(distDir, file)).size;
}

function sumFiles(manifest, distDir, roots) {
  const files = [...staticClosure(manifest, roots)]
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'));
  return { kb: files.reduce((sum, file) => sum + brotliBytes(distDir, file), 0) / 1000, files };
}

/**
 * What each part loads before the first interaction, as the brotli bytes the server sends:
 * - every visitors' entry route (signedOutBudgetRoutes): the entry and its static imports, plus the
 *   page chunk and its static imports; enforced at 120 kB;
 * - the signed-in shell: the entry, its static imports and signed-in-app.tsx's static closure,
 *   without a page; enforced at 200 kB;
 * - every other route, for information against 200 kB: the same sum as a visitor's, plus the shell
 *   for routes a signed-in guard wraps (shell and page together).
 */
export function measureScriptBudget(distDir) {
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build with build.manifest on`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (!manifest[signedInShellModule])
    throw new Error(`No chunk for ${signedInShellModule} in the build's manifest`);
  const pageModules = readPageModules();
  const shell = {
    name: signedInShellName,
    kind: 'shell',
    budgetKB: budgetsKB.signedIn,
    enforced: true,
    ...sumFiles(manifest, distDir, [...entries, signedInShellModule]),
  };
  const routes = readRoutes().map((route) => {
    const pageChunks = pageModules.get(route.page) ?? [];
    const missing = pageChunks.length === 0 ? route.page : pageChunks.find((key) => !manifest[key]);
    if (missing) throw new Error(`No chunk for ${route.path} (${missing}) in the build's manifest`);
    const roots = [...entries, ...pageChunks, ...(route.signedIn ? [signedInShellModule] : [])];
    const signedOut = signedOutBudgetRoutes.includes(route.path);
    return {
      name: route.path,
      kind: signedOut ? 'signedOut' : 'route',
      budgetKB: signedOut ? budgetsKB.signedOut : budgetsKB.signedIn,
      enforced: signedOut,
      signedIn: route.signedIn,
      ...sumFiles(manifest, distDir, roots),
    };
  });
  return [shell, ...routes];
}

/** How a problem names the part: the shell, or the route's path. */
const partName = (result) => (result.kind === 'shell' ? 'The signed-in shell' : result.name);

/** What is wrong with one figure, or null: only an enforced budget (entry route, shell) can fail. */
export function budgetProblem(result) {
  if (!result.enforced || result.kb <= result.budgetKB) return null;
  return `${partName(result)} loads ${result.kb.toFixed(1)} kB of script before the first interaction, over its ${result.budgetKB} kB budget`;
}

/** What is wrong with the number of files a part loads, or null: every route and the shell are held to it. */
export function fileCountProblem(result) {
  if (result.files.length <= maxScriptFiles) return null;
  return `${partName(result)} loads ${result.files.length} script files before the first interaction, over the ${maxScriptFiles} allowed`;
}

/** The signed-out routes the budget names but the route tree no longer has (a rename must not hide one). */
export function missingSignedOutRoutes(results) {
  const measured = new Set(results.filter((r) => r.kind === 'signedOut').map((r) => r.name));
  return signedOutBudgetRoutes.filter((route) => !measured.has(route));
}

function status(result) {
  if (result.kb <= result.budgetKB) return 'ok';
  return result.enforced ? 'OVER BUDGET' : 'over (information)';
}

const contents = (result) =>
  result.kind === 'shell' ? 'entry + shell' : result.signedIn ? 'shell + page' : 'entry + page';

/** The visitors' entry routes, then the shell (the two that can fail), then every other route for information. */
export function formatBudgetTable(results) {
  const width = Math.max(...results.map((r) => r.name.length));
  const line = (r) =>
    [
      r.name.padEnd(width),
      `${r.kb.toFixed(1).padStart(6)} kB`,
      `/ ${r.budgetKB} kB ${r.enforced ? 'budget' : 'info  '}`,
      contents(r).padEnd(13),
      `${String(r.files.length).padStart(3)} files`,
      status(r),
    ].join('  ');
  const order = ['signedOut', 'shell', 'route'];
  const sorted = [...results].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  return [
    `${'part'.padEnd(width)}  brotli kB of script before the first interaction`,
    ...sorted.map(line),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(
    formatBudgetTable(measureScriptBudget(path.resolve(process.argv[2] ?? path.join(webRoot, 'dist')))),
  );
}
