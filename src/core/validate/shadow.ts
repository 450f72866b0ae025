import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

// The validator's private copy of the workspace: candidates run there, never in the user's
// files. Virtual environments, VCS data and caches stay behind: the interpreter is given
// explicitly, so the user's venv still resolves imports, and stale __pycache__ files would
// only risk running old bytecode.

const SKIPPED_DIRS = new Set([
  '.git',
  '.hg',
  '.svn',
  '__pycache__',
  'node_modules',
  '.venv',
  'venv',
  '.tox',
  '.nox',
  '.pytest_cache',
  '.mypy_cache',
  '.ruff_cache',
]);

export interface ShadowCopy {
  /** Temp folder owned by the validator; removing it removes everything it made. */
  root: string;
  /** The copy of the workspace (same base name, so a workspace that is a package still imports). */
  workspace: string;
}

function copied(source: string): boolean {
  const name = path.basename(source);
  if (SKIPPED_DIRS.has(name)) return false;
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(source);
  } catch {
    return false;
  }
  // Any virtual environment, whatever its folder is called.
  return !(stat.isDirectory() && fs.existsSync(path.join(source, 'pyvenv.cfg')));
}

export async function createShadowCopy(workspace: string): Promise<ShadowCopy> {
  const root = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'deepdebug-validate-'));
  const copy = path.join(root, path.basename(path.resolve(workspace)) || 'workspace');
  try {
    await fs.promises.cp(workspace, copy, {
      recursive: true,
      verbatimSymlinks: true,
      filter: (source) => source === workspace || copied(source),
    });
  } catch (error) {
    await removeShadowCopy({ root, workspace: copy });
    throw error;
  }
  return { root, workspace: copy };
}

export async function removeShadowCopy(shadow: ShadowCopy): Promise<void> {
  await fs.promises.rm(shadow.root, { recursive: true, force: true, maxRetries: 3 });
}
