// How the CLI and the extension tell the user that candidates ran without a sandbox: one
// line in the CLI report, a note in the headline, and the one-time warning's text.
import * as assert from 'node:assert/strict';
import { formatFixReport } from '../../src/cli/format';
import type { Containment, FixReport } from '../../src/core/types';
import { containmentWarning, headline } from '../../src/extension/logic/headline';
import { runFromFix } from '../../src/extension/logic/run-record';

const limits: Containment['limits'] = {
  wallMs: 10_000,
  wallAfterTimeoutMs: 10_000,
  cpuSeconds: 11,
  memoryMb: 2048,
  fileSizeMb: 512,
  processes: 256,
  processLimitBy: 'pids-cgroup',
};

const sandboxed: Containment = { sandbox: 'bubblewrap', limits, summary: 'sandboxed (bubblewrap: ...)' };
const uncontained: Containment = {
  sandbox: 'none',
  reason: 'bubblewrap not found',
  limits,
  summary: 'no sandbox (bubblewrap not found): candidates run with resource limits only (10 s wall, ...)',
};

function report(containment: Containment | undefined): FixReport {
  return {
    version: 1,
    workspace: '/tmp/ws',
    failures: [{ nodeid: 'test_a.py::test_a', kind: 'test', exception: 'AssertionError', message: 'no', longrepr: '', frames: [] }],
    flaky: [],
    suspects: [],
    patches: [],
    model: { name: null, device: null, note: 'no model' },
    containment,
    stats: { candidatesGenerated: 3, candidatesValidated: 0, elapsedMs: 1000, timeToFirstFixMs: null },
  };
}

describe('containment presentation', () => {
  it('prints one warning line in the CLI report only when there was no sandbox', () => {
    const warnings = (text: string) => text.split('\n').filter((line) => line.startsWith('Warning:'));
    assert.deepEqual(warnings(formatFixReport(report(uncontained), null, { allowTestEdits: false })), [`Warning: ${uncontained.summary}`]);
    assert.deepEqual(warnings(formatFixReport(report(sandboxed), null, { allowTestEdits: false })), []);
    assert.deepEqual(warnings(formatFixReport(report(undefined), null, { allowTestEdits: false })), []);
  });

  it('notes a missing sandbox in the headline', () => {
    assert.equal(
      headline(runFromFix('r1', '/tmp/ws', report(uncontained))),
      'DeepDebug: no validated fix for test_a (no sandbox: bubblewrap not found)',
    );
    assert.equal(headline(runFromFix('r2', '/tmp/ws', report(sandboxed))), 'DeepDebug: no validated fix for test_a');
  });

  it('warns with a remedy where there is one', () => {
    assert.equal(containmentWarning(sandboxed), undefined);
    assert.equal(containmentWarning(null), undefined);
    assert.equal(
      containmentWarning(uncontained),
      `DeepDebug: ${uncontained.summary}. Install bubblewrap (the "bwrap" command) to sandbox them.`,
    );
    assert.equal(
      containmentWarning({ ...uncontained, reason: 'not Linux', summary: 'no sandbox (not Linux): limits only' }),
      'DeepDebug: no sandbox (not Linux): limits only.',
    );
  });
});
