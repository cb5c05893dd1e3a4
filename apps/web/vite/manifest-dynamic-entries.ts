import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

interface ManifestChunk {
  file: string;
  src?: string;
  isDynamicEntry?: boolean;
}

/**
 * Keeps every lazily imported module findable in Vite's manifest by its source path, which the
 * script budget and the route preloads look pages up by (scripts/lib/script-budget.mjs,
 * scripts/prerender.mjs). With small common chunks inlined (vite.config.ts), the bundler may put a
 * page in a chunk that other modules share, and the manifest then names that chunk only by its
 * file ("_tax-tracker-page-….js"). This adds the page's own key beside it, pointing at that chunk.
 */
export function manifestDynamicEntries(): Plugin {
  const chunkOfModule = new Map<string, string>();
  let outDir = '';
  let root = '';
  return {
    name: 'manifest-dynamic-entries',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      chunkOfModule.clear();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) {
          const info = this.getModuleInfo(id);
          if (info && info.dynamicImporters.length > 0 && !id.includes('node_modules'))
            chunkOfModule.set(path.relative(root, id).split(path.sep).join('/'), output.fileName);
        }
      }
    },
    writeBundle() {
      const file = path.join(outDir, '.vite/manifest.json');
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
      const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
      let added = 0;
      for (const [src, fileName] of chunkOfModule) {
        const key = keyOfFile.get(fileName);
        if (manifest[src] || !key) continue;
        manifest[src] = { ...manifest[key]!, src, isDynamicEntry: true };
        added += 1;
      }
      if (added > 0) writeFileSync(file, JSON.stringify(manifest, null, 2));
    },
  };
}
