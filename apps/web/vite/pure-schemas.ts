import type { Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function calleeRoot(node: Node): Node {
  let current = node;
  while (current.type === 'CallExpression' || current.type === 'MemberExpression') {
    const next = current.type === 'CallExpression' ? current.callee : current.object;
    if (!isNode(next)) break;
    current = next;
  }
  return current;
}

// `z.…` chains and chains on another schema (`userSchema.extend(…)`) only build objects.
const buildsSchema = (node: Node) => {
  const root = calleeRoot(node);
  return root.type === 'Identifier' && (root.name === 'z' || /Schema$/.test(String(root.name)));
};

function collectSchemaCalls(node: unknown, found: Array<[number, number]>): void {
  if (!isNode(node)) return;
  // Function bodies run later, when called: they are not module-level work.
  if (/Function|Arrow/.test(node.type)) return;
  if (node.type === 'CallExpression' && buildsSchema(node)) {
    // The outermost call of a chain; the calls inside it go into its wrapper with it.
    found.push([node.start, node.end as number]);
    return;
  }
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) value.forEach((child) => collectSchemaCalls(child, found));
    else collectSchemaCalls(value, found);
  }
}

/**
 * Makes module-level zod schema construction droppable (decision 033). The shared contracts mix
 * schemas with plain constants and texts; a bundler must otherwise keep every schema (and so all of
 * zod) as soon as a page imports one text from the module. Each schema expression becomes a pure
 * arrow called at once: a pure mark on the call alone would still leave its arguments behind, and
 * an argument that reads a property (`{ message: texts.tooLong }`) or spreads an object
 * (`{ ...cursorPageFields }`) counts as possible work (a getter) that keeps zod on the page.
 */
export function pureSchemas(): Plugin {
  return {
    name: 'creator-studio:pure-schemas',
    apply: 'build',
    transform: {
      filter: { id: /[\\/](?:packages[\\/]shared|apps[\\/]web)[\\/]src[\\/][^?]*\.tsx?(?:\?no-schemas)?$/ },
      handler(code) {
        const program = this.parse(code) as unknown as { body: Node[] };
        const found: Array<[number, number]> = [];
        for (const statement of program.body) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
          if (!isNode(declaration) || declaration.type !== 'VariableDeclaration') continue;
          for (const declarator of declaration.declarations as Node[])
            collectSchemaCalls(declarator.init, found);
        }
        if (found.length === 0) return null;
        let marked = code;
        for (const [start, end] of found.sort((a, b) => b[0] - a[0])) {
          marked = `${marked.slice(0, start)}/* @__PURE__ */ (() => ${marked.slice(start, end)})()${marked.slice(end)}`;
        }
        return { code: marked, map: null };
      },
    },
  };
}
