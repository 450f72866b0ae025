import * as fs from 'node:fs';
import * as path from 'node:path';
import { UserError } from '../errors';

// Where the patch model's runtime, onnxruntime-node, is installed and whether it has a native
// build for this platform. Each package of the extension carries the build of its own platform
// only (scripts/package.mjs), and the darwin-x64 one none (the runtime's version has none), so
// the model's absence there is said in the runtime's own terms before anything tries to load it.

export interface RuntimeHere {
  platform: string;
  arch: string;
  /** Resolves a module as `require.resolve` does (a test gives another). */
  resolve: (module: string) => string;
}

const HERE: RuntimeHere = { platform: process.platform, arch: process.arch, resolve: (module) => require.resolve(module) };

/** onnxruntime-node's own folder; null where it is not installed. */
export function runtimeRoot(here: RuntimeHere = HERE): string | null {
  let root: string;
  try {
    root = path.dirname(here.resolve('onnxruntime-node'));
  } catch {
    return null;
  }
  while (path.basename(root) !== 'onnxruntime-node' && path.dirname(root) !== root) root = path.dirname(root);
  return root;
}

/** The folders holding the runtime's native build for this platform (one per N-API version shipped). */
export function nativeFolders(root: string, here: Pick<RuntimeHere, 'platform' | 'arch'> = HERE): string[] {
  const bin = path.join(root, 'bin');
  if (!fs.existsSync(bin)) return [];
  return fs
    .readdirSync(bin)
    .map((napi) => path.join(bin, napi, here.platform, here.arch))
    .filter((folder) => fs.existsSync(folder));
}

/** Why the patch model cannot run on this platform, in one line; null where its runtime is here. */
export function runtimeMissing(here: RuntimeHere = HERE): string | null {
  const platform = `${here.platform}-${here.arch}`;
  const root = runtimeRoot(here);
  if (!root) return `onnxruntime-node, the patch model's runtime, is not installed (the package for ${platform} has none)`;
  if (nativeFolders(root, here).length > 0) return null;
  let version = '';
  try {
    version = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: string }).version ?? '';
  } catch {
    // The version only adds to the message.
  }
  return `onnxruntime-node${version ? ` ${version}` : ''}, the patch model's runtime, has no build for ${platform}`;
}

/** Throws the one-line reason where the patch model cannot run here, before its folder is read. */
export function requireRuntime(): void {
  const missing = runtimeMissing();
  if (missing) throw new UserError('no-model-runtime', missing);
}
