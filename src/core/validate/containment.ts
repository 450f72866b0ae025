import type { CandidateLimits, Containment, ValidatorKind } from '../types';
import { pidsCgroupBase } from './limits';
import { probeSandbox, type SandboxProbe } from './sandbox';

// What contains the candidates of one validator pool, decided once when it starts: the
// bubblewrap sandbox where it works (and is not turned off), and which limits are in force.

/** Largest file a candidate may write: enough for any test, not enough to fill a disk. */
const FILE_SIZE_MB = 512;

export interface ContainmentRequest {
  wallMs: number;
  wallAfterTimeoutMs: number;
  memoryMb: number;
  /** Processes and threads a candidate may add. */
  processes: number;
}

/** Whether the sandbox can be used: `sandbox` false turns it off. Probed once per pool, maybe before its limits are known. */
export async function sandboxFor(sandbox: boolean): Promise<SandboxProbe> {
  return sandbox ? await probeSandbox() : { available: false, reason: 'disabled' };
}

/** Tasks the pids cgroup around a session lets a candidate add; null where no such cgroup can be made. */
export function cgroupTasksFor(processes: number): number | null {
  return pidsCgroupBase() ? processes : null;
}

export function planContainment(
  request: ContainmentRequest,
  probe: SandboxProbe,
  validator: ValidatorKind,
  platform: NodeJS.Platform = process.platform,
): Containment {
  const limits = candidateLimits(request, validator, platform);
  const inPlace = validator === 'spawn' ? '; candidates run in the worker itself (no fork)' : '';
  if (probe.available) {
    return {
      sandbox: 'bubblewrap',
      validator,
      limits,
      summary: `sandboxed (bubblewrap: writes only to its copy of the workspace, no network); limits: ${limitsText(limits, validator, platform)}${inPlace}`,
    };
  }
  return {
    sandbox: 'none',
    validator,
    reason: probe.reason,
    limits,
    // Python's own file operations outside the project are still refused and watched (effects.py); a subprocess's are not.
    summary: `no sandbox (${probe.reason}): candidates run with resource limits only (${limitsText(limits, validator, platform)}); what their tests' subprocesses write outside the project is not watched${inPlace}`,
  };
}

/**
 * The limits in force. In place (spawn) RLIMIT_NPROC would bind the session for good, not one
 * candidate, so processes are limited there by a pids cgroup around the session, or on Windows
 * by the session's Job Object (whose processes but the session end after each candidate).
 */
function candidateLimits(request: ContainmentRequest, validator: ValidatorKind, platform: NodeJS.Platform): CandidateLimits {
  const processLimitBy =
    platform === 'linux' && pidsCgroupBase()
      ? 'pids-cgroup'
      : platform === 'linux' && process.getuid?.() !== 0 && validator === 'fork'
        ? 'rlimit-nproc'
        : platform === 'win32' && validator === 'spawn'
          ? 'job-object'
          : null;
  return {
    wallMs: request.wallMs,
    wallAfterTimeoutMs: Math.min(request.wallMs, request.wallAfterTimeoutMs),
    // A busy process is stopped by the wall clock first; this catches the CPU time of processes
    // a candidate leaves running in parallel.
    cpuSeconds: Math.ceil(request.wallMs / 1000) + 1,
    memoryMb: request.memoryMb,
    fileSizeMb: FILE_SIZE_MB,
    processes: processLimitBy ? request.processes : null,
    processLimitBy,
  };
}

/** The limits a candidate runs under, as enforced on `platform`; in place (spawn) the session's process is limited, not the candidate's own. */
export function limitsText(limits: CandidateLimits, validator: ValidatorKind, platform: NodeJS.Platform = process.platform): string {
  const processes = limits.processes === null ? 'processes not limited' : `${limits.processes} processes`;
  const afterTimeout = limits.wallAfterTimeoutMs < limits.wallMs ? ` (${limits.wallAfterTimeoutMs / 1000} s once one timed out)` : '';
  const wall = `${limits.wallMs / 1000} s wall${afterTimeout}`;
  // Off Linux a limit on the address space is not enforced: the forked child watches its own resident memory (memory.py).
  const forkedMemory =
    platform === 'linux' ? `${limits.memoryMb} MiB memory` : `${limits.memoryMb} MiB memory by a watch on the candidate's process`;
  if (validator === 'fork') return `${wall}, ${limits.cpuSeconds} s CPU, ${forkedMemory}, ${processes}`;
  const fileSize = platform === 'win32' ? 'file size not limited' : "file size the whole session's";
  return `${wall}, ${limits.memoryMb} MiB memory by a watch on the session, CPU time not limited, ${fileSize}, ${processes}`;
}
