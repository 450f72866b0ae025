import * as fs from 'node:fs';
import * as path from 'node:path';

// Assets are found in one of two layouts: the bundle (dist/*.js next to dist/python/,
// dist/*.wasm) and the unbundled sources under test (out/src/core/*.js, assets in the repo).
// All lookups go through here so no other module guesses paths.

function firstExisting(candidates: string[], what: string): string {
  for (const candidate of candidates) {
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`cannot find ${what}; looked in: ${candidates.join(', ')}`);
}

/** The repository root (or the installed extension root). */
export function packageRoot(): string {
  let dir = __dirname;
  for (let i = 0; i < 6; i++) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    dir = path.dirname(dir);
  }
  throw new Error(`cannot find package.json above ${__dirname}`);
}

/** Folder holding the Python helpers (pytest plugin, validation worker). */
export function pythonHelpersDir(): string {
  const root = packageRoot();
  return firstExisting(
    // The bundle's own copy first; unbundled code (tests under out/) uses the sources, never a
    // possibly stale dist/ copy.
    [path.join(__dirname, 'python'), path.join(root, 'src', 'python')],
    'the Python helpers',
  );
}

export function treeSitterWasm(name: 'web-tree-sitter.wasm' | 'tree-sitter-python.wasm'): string {
  const root = packageRoot();
  const packageDir = name === 'web-tree-sitter.wasm' ? 'web-tree-sitter' : 'tree-sitter-python';
  return firstExisting(
    [path.join(__dirname, name), path.join(root, 'dist', name), path.join(root, 'node_modules', packageDir, name)],
    name,
  );
}

/** The model shipped with the product. */
export function defaultModelDir(): string {
  return path.join(packageRoot(), 'models', 'deepdebug-small');
}
