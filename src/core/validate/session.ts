import * as fs from 'node:fs';
import * as os from 'node:os';
import { pythonHelpersDir } from '../files/resources';
import type { ValidatorKind } from '../types';
import type { ReadyMessage } from '../wire';
import { candidateEnvironment } from './environment';
import { sandboxScratch } from './sandbox';
import { createWorld, removeWorld, type ShadowCopy, type World } from './shadow';
import { testFiles, WorkerProcess } from './worker';

// A pytest session of the validator on a world of its own, in two steps: spawned (it collects
// and warms up) and serving (told which tests to serve). A pool's sessions may be spawned
// while the first run still runs (early-start.ts); the others do both steps at once.

/** What every session of a pool shares; each gets a world of its own. */
export interface SessionLaunch {
  python: string;
  /** Node ids to serve. */
  tests: string[];
  sandboxed: boolean;
  cgroupTasks: number | null;
  /** Variables of the host passed through beyond the allow-list (environment.ts). */
  environment: readonly string[];
  validator: ValidatorKind;
  /** The interpreter's user base, named to the session (user-site.ts). */
  userBase: string | null;
}

/** A world is a session's: "world" or "recheck" (a validated patch's clean re-check). */
export type WorldKind = 'world' | 'recheck';

/** Numbers the worlds: unique among those of one copy, whichever start (early, kept, pool) makes them. */
let worldsMade = 0;

/** A session collecting on its world, not yet serving. */
export interface SpawnedSession {
  worker: WorkerProcess;
  world: World;
}

export interface Session extends SpawnedSession {
  ready: ReadyMessage;
}

/**
 * A new world of `kind` and a pytest session collecting `collect` on it (see WorkerLaunch.collect), with
 * `patch` written into the world's files when given; the world is removed again if the session
 * cannot start. `signal` kills the session until it serves.
 */
export async function spawnSession(
  shadow: ShadowCopy,
  kind: WorldKind,
  launch: Omit<SessionLaunch, 'tests'>,
  collect: string[],
  patch?: { file: string; bytes: Uint8Array },
  signal?: AbortSignal,
): Promise<SpawnedSession> {
  const scratch = launch.sandboxed ? sandboxScratch() : [];
  // The user's home is a read-only view only where the sandbox makes it read-only.
  const world = await createWorld(shadow, `${kind}-${worldsMade++}`, scratch, {
    ...(patch ? { patch } : {}),
    ...(launch.sandboxed ? { realHome: os.homedir() } : {}),
  });
  const helpersDir = pythonHelpersDir();
  try {
    const worker = WorkerProcess.spawn(
      {
        python: launch.python,
        cwd: world.workspace,
        helpersDir,
        collect,
        basetemp: world.basetemp,
        world: world.spec,
        env: candidateEnvironment(process.env, world, helpersDir, launch.environment, launch.userBase),
        // The real path: bubblewrap mounts onto it, and a symlink on the way (a temp folder
        // behind one) must not make the mount miss the folder the worker sees.
        sandboxWritable: launch.sandboxed ? fs.realpathSync(world.dir) : null,
        cgroupTasks: launch.cgroupTasks,
        validator: launch.validator,
      },
      signal,
    );
    return { worker, world };
  } catch (error) {
    await removeWorld(world);
    throw error;
  }
}

/** The spawned session serving `tests`; its world is removed if it cannot. */
export async function serveSession(spawned: SpawnedSession, tests: readonly string[], signal?: AbortSignal): Promise<Session> {
  try {
    return { ...spawned, ready: await spawned.worker.serve(tests, signal) };
  } catch (error) {
    await removeWorld(spawned.world);
    throw error;
  }
}

/** A new world and a session on it serving `launch.tests` (collecting just their files). */
export async function startSession(
  shadow: ShadowCopy,
  kind: WorldKind,
  launch: SessionLaunch,
  patch?: { file: string; bytes: Uint8Array },
  signal?: AbortSignal,
): Promise<Session> {
  const spawned = await spawnSession(shadow, kind, launch, testFiles(launch.tests), patch, signal);
  return serveSession(spawned, launch.tests, signal);
}
