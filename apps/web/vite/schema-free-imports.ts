import type { Plugin } from 'vite';

const query = '?no-schemas';

interface ImportNode {
  type: string;
  start: number;
  end: number;
  importKind?: string;
  source: { value: string; start: number; end: number };
  specifiers: Array<{ type: string; imported?: { name?: string; value?: string } }>;
}

const takesNoSchema = (node: ImportNode) =>
  node.specifiers.length > 0 &&
  node.specifiers.every(
    (specifier) =>
      specifier.type === 'ImportSpecifier' &&
      !/Schema$/.test(specifier.imported?.name ?? specifier.imported?.value ?? 'Schema'),
  );

/**
 * Gives code that imports only constants and texts from a shared contract module a copy of that
 * module of its own (decision 033). The shared modules mix those with zod schemas; a bundler puts a
 * module in one chunk, so one schema used by a signed-in page would otherwise drag zod into every
 * visitor's page that shows a plan's price. In the copy nothing uses the schemas, so pure-schemas.ts
 * lets them, and zod, fall away. The cost: the few constants exist twice in the build.
 */
export function schemaFreeImports(): Plugin {
  return {
    name: 'creator-studio:schema-free-imports',
    apply: 'build',
    async resolveId(source, importer) {
      if (!source.endsWith(query)) return null;
      const resolved = await this.resolve(source.slice(0, -query.length), importer, { skipSelf: true });
      return resolved ? `${resolved.id}${query}` : null;
    },
    transform: {
      filter: {
        id: /[\\/](?:apps[\\/]web[\\/]src[\\/][^?]*\.tsx?|packages[\\/]shared[\\/]src[\\/][^?]*\.ts\?no-schemas)$/,
      },
      handler(code, id) {
        const inShared = id.endsWith(query);
        const program = this.parse(code) as unknown as { body: ImportNode[] };
        const rewrites = program.body.filter((node) => {
          if (node.type !== 'ImportDeclaration' || node.importKind === 'type') return false;
          const from = node.source.value;
          // Inside a copy every shared import is a copy too: what the copy does not use falls away.
          if (inShared) return from.startsWith('./');
          return from.startsWith('@app/shared/') && takesNoSchema(node);
        });
        if (rewrites.length === 0) return null;
        let out = code;
        for (const node of rewrites.sort((a, b) => b.source.start - a.source.start)) {
          out = `${out.slice(0, node.source.end - 1)}${query}${out.slice(node.source.end - 1)}`;
        }
        return { code: out, map: null };
      },
    },
  };
}
