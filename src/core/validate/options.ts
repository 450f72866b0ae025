import type { ValidatorKind } from '../types';
import type { CoverageMap } from './selection';

// What a validator pool is started with (ValidatorPool.start, and what of it an early start knows).

export interface ValidatorOptions {
  workspace: string;
  python: string;
  /** Node ids of the tests the patch must make pass. */
  failing: string[];
  /** Node ids of the tests that passed before and must keep passing. */
  passing: string[];
  /** How long the passing tests took in the run before (ms, all together): see recheckSuite. */
  passingDurationMs?: number;
  /** Parallel workers; default: the number of cores. */
  workers?: number;
  /** Wall time for one candidate (patch + all its tests); default 10 000. */
  perCandidateTimeoutMs?: number;
  /**
   * Wall time for one candidate once a candidate has timed out (see CandidateLimits); default:
   * perCandidateTimeoutMs. `startShort`: use it from the start (the first run already saw a test time out).
   */
  afterTimeout?: { timeoutMs: number; startShort: boolean };
  /** Address space a candidate may add to its worker's, in MiB; default 2048. */
  memoryLimitMb?: number;
  /** Per test node id: workspace-relative file -> executed lines. */
  coverage?: CoverageMap;
  /** Run candidates in the bubblewrap sandbox where it works; default true. */
  sandbox?: boolean;
  /** Processes and threads one candidate may start; default 256. */
  processLimit?: number;
  /** The environment variables the user's run read: passed to candidates, secrets excepted. */
  environRead?: readonly string[];
  /** How candidates run; default: the platform's (validatorFor). */
  validator?: ValidatorKind;
  /** The interpreter's user base as the user's run gave it (null: it could not say); default: the likely one (user-site.ts). */
  userBase?: string | null;
}

/**
 * The validator asked for, else the one DEEPDEBUG_VALIDATOR names (`fork` or `spawn`: a whole
 * test suite run again with the other), else the platform's: in place where Python has no fork
 * (Windows), else a fork per candidate.
 */
export function validatorFor(
  asked: ValidatorKind | undefined,
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): ValidatorKind {
  const named = env.DEEPDEBUG_VALIDATOR;
  return asked ?? (isValidatorKind(named) ? named : platform === 'win32' ? 'spawn' : 'fork');
}

/** The validators' names, as the CLI, the editor's setting and DEEPDEBUG_VALIDATOR give them. */
export const VALIDATOR_KINDS = ['fork', 'spawn'] as const satisfies readonly ValidatorKind[];

export function isValidatorKind(name: string | undefined): name is ValidatorKind {
  return (VALIDATOR_KINDS as readonly (string | undefined)[]).includes(name);
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MEMORY_MB = 2048;
export const DEFAULT_PROCESS_LIMIT = 256;
