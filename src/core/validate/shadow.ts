import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { makeTempFolder, removeTempFolder } from '../files/temp-folders';
import type { OutsideLink } from '../types';
import type { WorldSpec } from '../wire';
import { containOutsideLinks } from './outside-links';
import { mirrorHome } from './home-view';

// The validator's private copies of the workspace: candidates run there, never in the user's
// files. One pristine copy is made per pool and never run in; each worker gets a world of its
// own made from it (its copy of the workspace, private home, temp and pytest folders), so
// candidates of different workers never see each other's files, and a worker puts its world
// back after every candidate (src/python/deepdebug/world.py). Virtual environments, VCS data
// and caches stay behind: the interpreter is given explicitly, so the user's venv still
// resolves imports, and stale __pycache__ files would only risk running old bytecode.

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
  /** The pristine copy of the workspace (same base name, so a workspace that is a package still imports). */
  workspace: string;
  /** Links in the workspace that lead out of it, and what the copy holds instead (see outside-links.ts). */
  outsideLinks: OutsideLink[];
  /** Each copied file's (and link's) size and modification time, by workspace-relative path: see shadowIsCurrent. */
  copiedStats: Map<string, string>;
}

/** Everything one worker (and so each of its candidates) may write, in one folder. */
export interface World {
  dir: string;
  /** This world's copy of the workspace: the pytest session's rootdir and working directory. */
  workspace: string;
  home: string;
  temp: string;
  /** pytest's --basetemp. */
  basetemp: string;
  /** What the worker needs to put the world back after each candidate (DEEPDEBUG_WORLD). */
  spec: string;
}

/** Where the world keeps its own files, beside the workspace copy (named so no workspace collides). */
const PRIVATE = '.deepdebug';

/** Whether the copy takes `source`; `stats` gets each file's and link's stamp (folders change with every __pycache__). */
function copied(source: string, relative: string, stats: Map<string, string>): boolean {
  const name = path.basename(source);
  if (SKIPPED_DIRS.has(name)) return false;
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(source);
  } catch {
    return false;
  }
  if (stat.isDirectory()) {
    // Any virtual environment, whatever its folder is called.
    return !fs.existsSync(path.join(source, 'pyvenv.cfg'));
  }
  stats.set(relative, stampOf(stat));
  return true;
}

function stampOf(stat: fs.Stats): string {
  return `${stat.size}:${stat.mtimeMs}`;
}

/** `sandboxed`: candidates run in the sandbox, where links out of the copy lead only to read-only files. */
export async function createShadowCopy(workspace: string, sandboxed: boolean): Promise<ShadowCopy> {
  const root = await makeTempFolder('deepdebug-validate-');
  const copy = path.join(root, 'pristine', path.basename(path.resolve(workspace)) || 'workspace');
  const copiedStats = new Map<string, string>();
  try {
    await fs.promises.cp(workspace, copy, {
      recursive: true,
      verbatimSymlinks: true,
      // Stamped before it is copied: a file written meanwhile differs from its stamp later.
      filter: (source) => source === workspace || copied(source, path.relative(workspace, source), copiedStats),
    });
    return { root, workspace: copy, outsideLinks: await containOutsideLinks(workspace, copy, sandboxed), copiedStats };
  } catch (error) {
    await removeShadowCopy({ root });
    throw error;
  }
}

/**
 * Whether `workspace` still holds exactly what the copy was made from: the same files, each of
 * the same size and modification time. A copy made while the first run ran (an early pool) is
 * used only then; a file saved meanwhile would otherwise be validated against its old text.
 */
export async function shadowIsCurrent(shadow: ShadowCopy, workspace: string): Promise<boolean> {
  const now = new Map<string, string>();
  const walk = async (folder: string): Promise<void> => {
    const entries = await fs.promises.readdir(folder, { withFileTypes: true });
    await Promise.all(
      entries.map(async (entry) => {
        const source = path.join(folder, entry.name);
        if (copied(source, path.relative(workspace, source), now) && entry.isDirectory()) await walk(source);
      }),
    );
  };
  try {
    await walk(workspace);
  } catch {
    return false; // a folder removed meanwhile
  }
  return now.size === shadow.copiedStats.size && [...now].every(([file, stamp]) => shadow.copiedStats.get(file) === stamp);
}

export async function removeShadowCopy(shadow: Pick<ShadowCopy, 'root'>): Promise<void> {
  await removeTempFolder(shadow.root);
}

/**
 * A new world named `name` from the pristine copy, with `patch` written into its workspace
 * copy when given. `scratch`: more folders the candidates can write (the sandbox's own), put
 * back by the worker too. `realHome`: the home its private home mirrors (sandboxed worlds
 * only, see home-view.ts); without it the private home is empty.
 */
export async function createWorld(
  shadow: ShadowCopy,
  name: string,
  scratch: readonly string[],
  { patch, realHome }: { patch?: { file: string; bytes: Uint8Array }; realHome?: string } = {},
): Promise<World> {
  const dir = path.join(shadow.root, name);
  const own = path.join(dir, PRIVATE);
  const folders = {
    workspace: path.join(dir, path.basename(shadow.workspace)),
    home: path.join(own, 'home'),
    temp: path.join(own, 'tmp'),
    basetemp: path.join(own, 'pytest-tmp'),
  };
  const backup = path.join(own, 'backup');
  const spec: WorldSpec = {
    // The world's folder mirrors the pristine one: the workspace copy has its twin there.
    roots: [{ path: dir, pristine: path.dirname(shadow.workspace) }, ...scratch.map((folder) => ({ path: folder, pristine: null }))],
    backup,
    // What a candidate does to the home and the sandbox's scratch folders is watched: there a
    // delete is absorbed here and real at the user's (src/python/deepdebug/effects.py).
    watch: {
      own: [folders.workspace, folders.temp, folders.basetemp, backup],
      home: folders.home,
      scratch: [...scratch],
      realHome: os.homedir(),
    },
  };
  const world: World = { dir, ...folders, spec: JSON.stringify(spec) };
  try {
    // Copy-on-write clones where the filesystem has them (btrfs, XFS): a world per worker then costs no disk.
    await fs.promises.cp(shadow.workspace, world.workspace, {
      recursive: true,
      verbatimSymlinks: true,
      mode: fs.constants.COPYFILE_FICLONE,
    });
    await Promise.all([world.home, world.temp].map((folder) => fs.promises.mkdir(folder, { recursive: true })));
    if (realHome !== undefined) await mirrorHome(realHome, world.home);
    if (patch) await fs.promises.writeFile(path.join(world.workspace, patch.file), patch.bytes);
  } catch (error) {
    await removeWorld(world);
    throw error;
  }
  return world;
}

export async function removeWorld(world: World): Promise<void> {
  await fs.promises.rm(world.dir, { recursive: true, force: true, maxRetries: 3 });
}
