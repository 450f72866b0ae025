import type { TestResult } from '../types';
import { readPluginEvent } from '../wire';

// Reads the JSON-lines report that the pytest plugin (src/python/deepdebug/report.py) streams
// while pytest runs. The plugin flushes a line as each test starts and ends, so a report cut
// short by a dying interpreter still says which test was running. Each line is checked against
// the wire (../wire.ts): another version or a malformed event throws a WireError.

export interface PluginReport {
  /** The plugin was loaded and configured (pytest got past its command line). */
  started: boolean;
  /** Number of test items collected, once collection finished. */
  collected: number | null;
  results: TestResult[];
  /** Node id of a test that started and has no result: the one running when the process died. */
  running: string | null;
  /** pytest's exit status from the session's end; null when the session never finished. */
  exitStatus: number | null;
  /** The environment variables the user's code read (known once the session finished). */
  environ: string[];
  /** The interpreter's user base (site.getuserbase()) in the user's environment; null before the start or where it has none. */
  userBase: string | null;
}

export function parsePluginReport(text: string): PluginReport {
  const report: PluginReport = {
    started: false,
    collected: null,
    results: [],
    running: null,
    exitStatus: null,
    environ: [],
    userBase: null,
  };
  for (const line of text.split('\n')) {
    // Only a line cut off by a crash can fail to parse: each line is written in one call.
    const event = readPluginEvent(line);
    if (event === null) continue;
    switch (event.event) {
      case 'start':
        report.started = true;
        report.userBase = event.userBase;
        break;
      case 'collected':
        report.collected = event.count;
        break;
      case 'test-start':
        report.running = event.nodeid;
        break;
      case 'result':
        report.results.push(event.result);
        if (report.running === event.result.nodeid) report.running = null;
        break;
      case 'finish':
        report.exitStatus = event.exitstatus;
        report.environ = event.environ ?? [];
        break;
    }
  }
  return report;
}
