import { onStopSignals, signalExitCode, type StopSignal } from '../core/stop-signals';

// How a CLI run is stopped from outside, each way as Ctrl-C stops it (the engine cancels,
// workers are killed, temp folders removed): a stop signal, or the output's reader going
// away (`deepdebug fix ... 2>&1 | head`), which Node reports as an error on the next write.

export interface RunStop {
  /** Aborted by the first stop. */
  signal: AbortSignal;
  /** What stopped the run; null while nothing has. */
  cause: StopSignal | 'closed-output' | null;
  /** The exit status for it: 128 + the signal's number; a closed output exits as SIGPIPE would (141). */
  exitCode: number | null;
}

/** What the user is told when a signal stopped the run: "interrupted: stopping...", "deepdebug: interrupted, nothing changed". */
export const STOPPED_BY: Record<StopSignal, string> = { SIGINT: 'interrupted', SIGTERM: 'terminated', SIGHUP: 'hung up' };

/** Starts watching; call once, before the run. */
export function watchForStop(): RunStop {
  const controller = new AbortController();
  const stop: RunStop = { signal: controller.signal, cause: null, exitCode: null };
  onStopSignals((signal) => {
    // A second signal forces the exit; the exit handler still removes our temp folders (core/files/temp-folders.ts).
    if (stop.cause !== null) process.exit(signalExitCode(signal));
    stop.cause = signal;
    stop.exitCode = signalExitCode(signal);
    process.stderr.write(`\n${STOPPED_BY[signal]}: stopping...\n`);
    controller.abort();
  });
  // Any write error on stdout or stderr (EPIPE; EIO once the terminal is gone): nobody reads
  // what the run says any more. Without a listener it would throw, skipping the clean-up.
  const outputClosed = (): void => {
    const exitCode = stop.exitCode ?? signalExitCode('SIGPIPE');
    if (stop.cause === null) {
      stop.cause = 'closed-output';
      stop.exitCode = exitCode;
      controller.abort();
    }
    // The pipe may close only as the report is written, after the run's own status was set.
    process.exitCode = exitCode;
  };
  process.stdout.on('error', outputClosed);
  process.stderr.on('error', outputClosed);
  return stop;
}
