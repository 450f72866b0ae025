import * as os from 'node:os';

// The signals that end a run as Ctrl-C does (the engine cancels: workers killed, temp folders
// removed), for the CLI and the sidecar alike: SIGINT (Ctrl-C), SIGTERM (kill, a service
// manager, the editor ending the sidecar), SIGHUP (the terminal closed). SIGPIPE is not one:
// Node ignores it, and a handler would fire on any broken pipe, a dead worker's request pipe
// included; a closed output is seen as EPIPE on the write instead (src/cli/stop.ts).

export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type StopSignal = (typeof STOP_SIGNALS)[number];

/** The conventional exit status of a process ended by `signal`: 128 + its number (SIGINT 130, SIGTERM 143, SIGHUP 129). */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + os.constants.signals[signal];
}

/** Calls `handler` on each stop signal, instead of Node's default of dying at once. */
export function onStopSignals(handler: (signal: StopSignal) => void): void {
  for (const signal of STOP_SIGNALS) process.on(signal, () => handler(signal));
}
