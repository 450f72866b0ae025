import * as assert from 'node:assert/strict';
import { parsePluginReport } from '../../src/core/pytest/plugin-report';
import { WireError } from '../../src/core/wire';

const start = '{"event": "start", "version": 1, "python": "3.11.7", "pytest": "9.0.3", "userBase": "/home/ann/.local"}';

describe('parsePluginReport', () => {
  it('reads a finished session', () => {
    const text = [
      start,
      '{"event": "collected", "count": 1}',
      '{"event": "test-start", "nodeid": "t.py::a"}',
      '{"event": "result", "result": {"nodeid": "t.py::a", "outcome": "passed", "phase": "call", "durationMs": 1.5, "frames": []}}',
      '{"event": "finish", "exitstatus": 0, "environ": ["APP_MODE"]}',
      '',
    ].join('\n');
    assert.deepEqual(parsePluginReport(text), {
      started: true,
      collected: 1,
      results: [{ nodeid: 't.py::a', outcome: 'passed', phase: 'call', durationMs: 1.5, frames: [] }],
      running: null,
      exitStatus: 0,
      environ: ['APP_MODE'],
      userBase: '/home/ann/.local',
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
    assert.deepEqual(parsePluginReport(''), {
      started: false,
      collected: null,
      results: [],
      running: null,
      exitStatus: null,
      environ: [],
      userBase: null,
    });
  });

  it('refuses a report of another version, whatever else its start event holds', () => {
    assert.throws(
      () => parsePluginReport('{"event": "start", "version": 2, "interpreter": "3.12.0"}'),
      (error: unknown) => error instanceof WireError && /has version 2, this build reads version 1/.test(error.message),
    );
  });

  it('refuses an event that does not match the wire: a field missing, renamed or unknown', () => {
    const result = (fields: string) => `{"event": "result", "result": {"nodeid": "t.py::a", "outcome": "passed", ${fields}}}`;
    for (const line of [
      result('"phase": "call", "frames": []'),
      result('"phase": "call", "durationMs": 1, "frames": [], "longRepr": ""'),
      result('"phase": "called", "durationMs": 1, "frames": []'),
    ]) {
      assert.throws(() => parsePluginReport([start, line].join('\n')), WireError, line);
    }
  });
});
