// How the extension shows FixReport.warnings (what limited a run without stopping it): a note
// in the headline (notification and panel) and a Warnings list in the review panel.
import * as assert from 'node:assert/strict';
import type { AnalyzeReport, Containment, FixReport } from '../../src/core/types';
import { headline } from '../../src/extension/logic/headline';
import { finishedState, idleState } from '../../src/extension/logic/panel-state';
import { runFromAnalyze, runFromFix } from '../../src/extension/logic/run-record';

const notUtf8 = 'greetings.py is not UTF-8: DeepDebug edits UTF-8 files only, so it proposed no fix in it';
const unreadable = 'gone.py could not be read: no fix proposed in it';
const uncontained: Containment = {
  sandbox: 'none',
  reason: 'disabled',
  limits: {
    wallMs: 10_000,
    wallAfterTimeoutMs: 10_000,
    cpuSeconds: 11,
    memoryMb: 2048,
    fileSizeMb: 512,
    processes: 256,
    processLimitBy: 'pids-cgroup',
  },
  summary: 'no sandbox (disabled): candidates run with resource limits only',
};

function report(warnings: string[] | undefined, containment?: Containment): FixReport {
  return {
    version: 1,
    workspace: '/tmp/ws',
    failures: [{ nodeid: 'test_greet.py::test_hello', kind: 'test', exception: 'AssertionError', message: 'no', longrepr: '', frames: [] }],
    flaky: [],
    suspects: [],
    patches: [],
    model: { name: null, device: null, note: 'no model' },
    containment,
    warnings,
    stats: { candidatesGenerated: 0, candidatesValidated: 0, elapsedMs: 1000, timeToFirstFixMs: null },
  };
}

describe('warnings presentation', () => {
  it("keeps the report's warnings on the run, none for reports without them and for analyses", () => {
    assert.deepEqual(runFromFix('r1', '/tmp/ws', report([notUtf8])).warnings, [notUtf8]);
    assert.deepEqual(runFromFix('r2', '/tmp/ws', report(undefined)).warnings, []);
    const analysis: AnalyzeReport = {
      version: 1,
      workspace: '/tmp/ws',
      failures: [],
      suspects: [],
      skeleton: null,
      stats: { elapsedMs: 5, testsRun: 1, coverageRecorded: true },
    };
    assert.deepEqual(runFromAnalyze('r3', '/tmp/ws', analysis).warnings, []);
  });

  it('notes the first warning in the headline, with how many more there are', () => {
    assert.equal(
      headline(runFromFix('r1', '/tmp/ws', report([notUtf8]))),
      `DeepDebug: no validated fix for test_hello (warning: ${notUtf8})`,
    );
    assert.equal(
      headline(runFromFix('r2', '/tmp/ws', report([notUtf8, unreadable]))),
      `DeepDebug: no validated fix for test_hello (warning: ${notUtf8} (and 1 more))`,
    );
    assert.equal(headline(runFromFix('r3', '/tmp/ws', report(undefined))), 'DeepDebug: no validated fix for test_hello');
  });

  it('words a missing sandbox and a warning in one note', () => {
    assert.equal(
      headline(runFromFix('r1', '/tmp/ws', report([notUtf8], uncontained))),
      `DeepDebug: no validated fix for test_hello (no sandbox: disabled; warning: ${notUtf8})`,
    );
  });

  it('lists every warning in the review panel', () => {
    assert.deepEqual(idleState().warnings, []);
    const finished = finishedState(runFromFix('r1', '/tmp/ws', report([notUtf8, unreadable])));
    assert.deepEqual(finished.warnings, [notUtf8, unreadable]);
    assert.deepEqual(finishedState(runFromFix('r2', '/tmp/ws', report(undefined))).warnings, []);
  });
});
