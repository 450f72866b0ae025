// Bundles the extension, the sidecar and the CLI with esbuild and copies the runtime assets
// (tree-sitter wasm files, Python helpers) next to them in dist/.
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { root } from './root.mjs';

const dist = path.join(root, 'dist');
fs.mkdirSync(dist, { recursive: true });

const entries = [
  { in: 'src/cli/main.ts', out: 'cli', banner: '#!/usr/bin/env node' },
  { in: 'src/sidecar/server.ts', out: 'sidecar' },
  { in: 'src/extension/extension.ts', out: 'extension' },
  // The patch model's thread (src/core/model/thread.ts starts it from next to the bundle).
  { in: 'src/core/model/model-worker.ts', out: 'model-worker' },
].filter((entry) => fs.existsSync(path.join(root, entry.in)));

await Promise.all(
  entries.map((entry) =>
    esbuild.build({
      entryPoints: [path.join(root, entry.in)],
      outfile: path.join(dist, `${entry.out}.js`),
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      sourcemap: true,
      // vscode is provided by the editor; onnxruntime-node carries native binaries that must
      // stay in node_modules (the .vsix ships it). Everything else is bundled.
      external: ['vscode', 'onnxruntime-node'],
      // web-tree-sitter's ESM build reads import.meta.url, which a CommonJS bundle lacks.
      define: { 'import.meta.url': '__importMetaUrl' },
      banner: {
        js: [entry.banner, "const __importMetaUrl = require('url').pathToFileURL(__filename).href;"].filter(Boolean).join('\n'),
      },
      logLevel: 'warning',
    }),
  ),
);

for (const wasm of ['web-tree-sitter/web-tree-sitter.wasm', 'tree-sitter-python/tree-sitter-python.wasm']) {
  fs.copyFileSync(path.join(root, 'node_modules', wasm), path.join(dist, path.basename(wasm)));
}
fs.rmSync(path.join(dist, 'python'), { recursive: true, force: true });
fs.cpSync(path.join(root, 'src', 'python'), path.join(dist, 'python'), {
  recursive: true,
  filter: (src) => !src.includes('__pycache__'),
});
if (fs.existsSync(path.join(dist, 'cli.js'))) fs.chmodSync(path.join(dist, 'cli.js'), 0o755);
