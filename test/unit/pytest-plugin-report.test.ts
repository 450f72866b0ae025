import * as assert from 'node:assert/strict';
import { parsePluginReport } from '../../src/core/pytest/plugin-report';

const start = '{"event": "start", "version": 1, "python": "3.11.7", "pytest": "9.0.3"}';

describe('parsePluginReport', () => {
  it('reads a finished session', () => {
    const text = [
      start,
      '{"event": "collected", "count": 1}',
      '{"event": "test-start", "nodeid": "t.py::a"}',
      '{"event": "result", "result": {"nodeid": "t.py::a", "outcome": "passed", "phase": "call", "durationMs": 1.5, "frames": []}}',
      '{"event": "finish", "exitstatus": 0}',
      '',
    ].join('\n');
    assert.deepEqual(parsePluginReport(text), {
      started: true,
      collected: 1,
      results: [{ nodeid: 't.py::a', outcome: 'passed', phase: 'call', durationMs: 1.5, frames: [] }],
      running: null,
      exitStatus: 0,
    });
  });

  it('names the test that was running when the report was cut off, ignoring a torn last line', () => {
    const text = [
      start,
      '{"event": "collected", "count": 2}',
      '{"event": "test-start", "nodeid": "t.py::a"}',
      '{"event": "result", "result": {"nodeid": "t.py::a", "outcome": "passed", "phase": "call", "durationMs": 1, "frames": []}}',
      '{"event": "test-start", "nodeid": "t.py::b"}',
      '{"event": "resu',
    ].join('\n');
    const report = parsePluginReport(text);
    assert.equal(report.running, 't.py::b');
    assert.equal(report.exitStatus, null);
    assert.equal(report.results.length, 1);
  });

  it('reports an empty file as a plugin that never started', () => {
    assert.deepEqual(parsePluginReport(''), { started: false, collected: null, results: [], running: null, exitStatus: null });
  });

  it('refuses a report of another version', () => {
    assert.throws(() => parsePluginReport('{"event": "start", "version": 2, "python": "3.12.0", "pytest": "8.0.0"}'), /version 2/);
  });
});
