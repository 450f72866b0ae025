import * as path from 'node:path';
import { nodeidFile } from '../pytest/failures';
import { selectionArguments } from '../pytest/run';
import { cgroupTasksFor, sandboxFor } from './containment';
import { environmentFor } from './environment';
import type { SandboxProbe } from './sandbox';
import { spawnSession, type SpawnedSession } from './session';
import { createShadowCopy, removeShadowCopy, removeWorld, shadowIsCurrent, type ShadowCopy } from './shadow';
import { DEFAULT_PROCESS_LIMIT, validatorFor, type ValidatorOptions } from './options';
import type { ValidatorKind } from '../types';
import { likelyUserBase } from './user-site';
import { testFiles } from './worker';

// The validator's start, begun beside the first run: the workspace copy, the sandbox probe and
// all but one of the sessions (each collects the first run's test files and warms up) need
// nothing the first run finds out. Which tests to serve, their limits and the variables the
// user's code read come from it; ValidatorPool.start then takes what was begun where it still
// fits the run, or starts afresh. On a 2-core machine one session starts early: the first run
// keeps a core to itself, and the other session starts beside the first candidates.

export interface EarlyStartOptions {
  workspace: string;
  python: string;
  /** The first run's selection (node ids, paths, -k/-m): the sessions collect its files. */
  selection: readonly string[];
  workers: number;
  sandbox?: boolean;
  processLimit?: number;
  validator?: ValidatorKind;
}

/** What an early start made, handed to the pool that takes it. */
export interface EarlyPieces {
  probe: SandboxProbe;
  shadow: ShadowCopy;
  sessions: SpawnedSession[];
}

/** What the sessions were started with: a pool can take them only for the same. */
export interface SessionBasis {
  /** The workspace, resolved. */
  workspace: string;
  /** Files and folders the sessions collected; empty: the whole suite. */
  collect: string[];
  python: string;
  sandbox: boolean;
  /** Variables passed beyond the allow-list (environment.ts). */
  environment: readonly string[];
  validator: ValidatorKind;
  /** The user base the sessions name (user-site.ts). */
  userBase: string | null;
}

/** What was begun: the sessions that started, and whether any did not (then none is taken). */
interface Begun extends EarlyPieces {
  someFailed: boolean;
}

export class EarlyStart {
  private taken = false;

  private constructor(
    private readonly basis: SessionBasis,
    private readonly begun: Promise<Begun | null>,
  ) {}

  /** Begins the pool's start; null where the selection names paths a workspace copy would not hold. */
  static begin(options: EarlyStartOptions, signal?: AbortSignal): EarlyStart | null {
    const collect = collectedFiles(options.selection);
    if (collect === null) return null;
    const basis: SessionBasis = {
      workspace: path.resolve(options.workspace),
      collect,
      python: options.python,
      sandbox: options.sandbox ?? true,
      environment: [],
      validator: validatorFor(options.validator),
      userBase: likelyUserBase(),
    };
    const begun = (async (): Promise<Begun> => {
      const probe = await sandboxFor(basis.sandbox);
      const sandboxed = probe.available;
      const shadow = await createShadowCopy(basis.workspace, sandboxed);
      const launch = {
        python: options.python,
        sandboxed,
        cgroupTasks: cgroupTasksFor(options.processLimit ?? DEFAULT_PROCESS_LIMIT),
        environment: basis.environment,
        validator: basis.validator,
        userBase: basis.userBase,
      };
      const count = Math.max(1, options.workers - 1);
      const started = await Promise.allSettled(
        Array.from({ length: count }, () => spawnSession(shadow, 'world', launch, collect, undefined, signal)),
      );
      const sessions = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      return { probe, shadow, sessions, someFailed: sessions.length < started.length };
    })();
    // A workspace that is not a folder is the first run's error to report; here it is only no early start.
    return new EarlyStart(
      basis,
      begun.catch(() => null),
    );
  }

  /** Sessions an earlier run's pool kept (ValidatorPool.keep), to be taken like those begun early. */
  static kept(pieces: EarlyPieces, basis: SessionBasis): EarlyStart {
    return new EarlyStart(basis, Promise.resolve({ ...pieces, someFailed: false }));
  }

  /** Whether a run with `options` may use these sessions, as far as is known before its first run. */
  async suits(options: Pick<EarlyStartOptions, 'workspace' | 'python' | 'sandbox' | 'validator'>): Promise<boolean> {
    const begun = await this.begun;
    return (
      begun !== null &&
      !this.taken &&
      !begun.someFailed &&
      begun.sessions.every((session) => session.worker.alive) &&
      path.resolve(options.workspace) === this.basis.workspace &&
      options.python === this.basis.python &&
      (options.sandbox ?? true) === this.basis.sandbox &&
      validatorFor(options.validator) === this.basis.validator &&
      (await shadowIsCurrent(begun.shadow, this.basis.workspace))
    );
  }

  /**
   * What was begun, for a pool with `options`, or null (and all of it removed) where it does not
   * fit: another workspace or interpreter, tests outside the collected files, other variables of
   * the user's run than the sessions got, a session that did not start (or died), or a workspace
   * file that changed since it was copied. Once.
   */
  async take(options: ValidatorOptions): Promise<EarlyPieces | null> {
    if (this.taken) return null;
    const begun = await this.begun;
    if (begun === null) return null;
    const passed = environmentFor(process.env, options.environRead ?? []).passed;
    const fits =
      (await this.suits(options)) &&
      sameNames(passed, this.basis.environment) &&
      // The user's run said where its `pip install --user` packages are: the sessions must name the same.
      (options.userBase == null || options.userBase === this.basis.userBase) &&
      testFiles([...options.failing, ...options.passing]).every((file) => this.collects(file));
    this.taken = true;
    if (fits) return { probe: begun.probe, shadow: begun.shadow, sessions: begun.sessions };
    await removeEarly(begun);
    return null;
  }

  /** Removes what was begun unless a pool took it. */
  async dispose(): Promise<void> {
    if (this.taken) return;
    this.taken = true;
    const begun = await this.begun;
    if (begun) await removeEarly(begun);
  }

  private collects(file: string): boolean {
    const { collect } = this.basis;
    return collect.length === 0 || collect.some((entry) => file === entry || file.startsWith(`${entry}/`));
  }
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((name) => b.includes(name));
}

/** Stops the early sessions and removes their worlds and the copy. */
export async function removeEarly(pieces: Pick<EarlyPieces, 'shadow' | 'sessions'>): Promise<void> {
  await Promise.all(
    pieces.sessions.map(async ({ worker, world }) => {
      await worker.kill();
      await removeWorld(world);
    }),
  );
  await removeShadowCopy(pieces.shadow);
}

/** The selection's files and folders (workspace-relative, as pytest's arguments); null for any outside the workspace. */
function collectedFiles(selection: readonly string[]): string[] | null {
  let args: string[];
  try {
    args = selectionArguments([...selection]);
  } catch {
    return null; // the first run reports it
  }
  const paths: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '-k' || args[i] === '-m') i++;
    else paths.push(path.posix.normalize(nodeidFile(args[i]!)).replace(/\/$/, ''));
  }
  if (paths.some((file) => path.isAbsolute(file) || file === '..' || file.startsWith('../'))) return null;
  return testFiles(paths.filter((file) => file !== '.'));
}
