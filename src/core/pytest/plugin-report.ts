import type { TestResult } from '../types';

// Reads the JSON-lines report that src/python/deepdebug_pytest_plugin.py streams while pytest
// runs. The plugin flushes a line as each test starts and ends, so a report cut short by a
// dying interpreter still says which test was running.

export const PLUGIN_REPORT_VERSION = 1;

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
}

type PluginEvent =
  | { event: 'start'; version: number; python: string; pytest: string }
  | { event: 'collected'; count: number }
  | { event: 'test-start'; nodeid: string }
  | { event: 'result'; result: TestResult }
  | { event: 'finish'; exitstatus: number };

export function parsePluginReport(text: string): PluginReport {
  const report: PluginReport = { started: false, collected: null, results: [], running: null, exitStatus: null };
  for (const line of text.split('\n')) {
    const event = parseLine(line);
    if (event === null) continue;
    switch (event.event) {
      case 'start':
        if (event.version !== PLUGIN_REPORT_VERSION) {
          throw new Error(`pytest plugin report version ${event.version}, expected ${PLUGIN_REPORT_VERSION}`);
        }
        report.started = true;
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
        break;
    }
  }
  return report;
}

function parseLine(line: string): PluginEvent | null {
  if (line.trim() === '') return null;
  try {
    return JSON.parse(line) as PluginEvent;
  } catch {
    // Only a line cut off by a crash can be malformed: each line is written in one call.
    return null;
  }
}
