import * as assert from 'node:assert/strict';
import type { Candidate } from '../../src/core/types';
import type { ResultMessage, WireOutcome } from '../../src/core/wire';
import { coveringTests } from '../../src/core/validate/selection';
import { verdictOf } from '../../src/core/validate/verdict';

const candidate: Candidate = {
  kind: 'candidate',
  file: 'lib.py',
  function: 'f',
  startLine: 3,
  endLine: 6,
  newFunctionText: 'def f():\n    return 1',
  newFileText: 'def f():\n    return 1\n',
  diff: '',
  source: 'template',
  editKind: 'compare-op',
  summary: 'test',
  score: 1,
};

function reply(results: [string, WireOutcome][], extra: Partial<ResultMessage> = {}): ResultMessage {
  return {
    op: 'result',
    id: 1,
    status: 'done',
    applied: 'swap',
    results: results.map(([nodeid, outcome]) => ({ nodeid, outcome, phase: 'call', message: `${outcome} here`, durationMs: 1 })),
    detail: '',
    durationMs: 5,
    ...extra,
  };
}

const failing = ['t::fail1', 't::fail2'];
const passing = ['t::pass1', 't::pass2', 't::pass3'];

describe('verdictOf', () => {
  const check = (r: ResultMessage, covering: string[] | null = null, unpatchedEffects: ReadonlySet<string> = new Set()) =>
    verdictOf({ candidate, reply: r, failing, passing, covering, unpatchedEffects });
  const allPass: [string, WireOutcome][] = [...failing, ...passing].map((id) => [id, 'passed']);

  it('rejects a candidate whose tests changed files outside the project that the unpatched code left alone', () => {
    const effects: ResultMessage['effects'] = [
      { path: '~/precious', kind: 'deleted' },
      { path: '/srv/data.csv', kind: 'truncated' },
    ];
    const outcome = check(reply(allPass, { effects }));
    assert.equal(outcome.verdict, 'harmful');
    assert.deepEqual(outcome.harm, effects);
    assert.equal(outcome.detail, "its tests deleted ~/precious and 1 more, which the unpatched code's tests left alone");
  });

  it('lets a candidate do outside what the unpatched code did there too', () => {
    const outcome = check(reply(allPass, { effects: [{ path: '~/.cache/app', kind: 'deleted' }] }), null, new Set(['~/.cache/app']));
    assert.equal(outcome.verdict, 'validated');
    assert.equal(outcome.harm, undefined);
    const partly = check(
      reply(allPass, {
        effects: [
          { path: '~/.cache/app', kind: 'deleted' },
          { path: '~/notes.txt', kind: 'rewritten' },
        ],
      }),
      null,
      new Set(['~/.cache/app']),
    );
    assert.equal(partly.verdict, 'harmful');
    assert.deepEqual(partly.harm, [{ path: '~/notes.txt', kind: 'rewritten' }]);
  });

  it('validates when every failing test passes and no passing test breaks', () => {
    const outcome = check(
      reply([
        ['t::fail1', 'passed'],
        ['t::fail2', 'xpassed'],
        ['t::pass1', 'passed'],
        ['t::pass2', 'skipped'],
        ['t::pass3', 'xfailed'],
      ]),
    );
    assert.equal(outcome.verdict, 'validated');
    assert.deepEqual(outcome.validation, { failingFixed: 2, failingTotal: 2, suitePassed: 3, suiteTotal: 3 });
    assert.equal(outcome.failedTest, undefined);
  });

  it('fails on the first failing test that still fails, and counts a missing result as not fixed', () => {
    const outcome = check(reply([['t::fail1', 'failed']]));
    assert.equal(outcome.verdict, 'failed');
    assert.equal(outcome.failedTest, 't::fail1');
    assert.equal(outcome.validation.failingFixed, 0);
    assert.match(outcome.detail, /t::fail1 still fails \(failed: failed here\)/);
  });

  it('fails on a previously passing test that broke, or that never ran', () => {
    const broke = check(
      reply([
        ['t::fail1', 'passed'],
        ['t::fail2', 'passed'],
        ['t::pass1', 'error'],
      ]),
    );
    assert.equal(broke.verdict, 'failed');
    assert.equal(broke.failedTest, 't::pass1');
    const stopped = check(
      reply([
        ['t::fail1', 'passed'],
        ['t::fail2', 'passed'],
        ['t::pass1', 'passed'],
      ]),
    );
    assert.equal(stopped.verdict, 'failed');
    assert.equal(stopped.failedTest, 't::pass2');
    assert.match(stopped.detail, /did not run/);
  });

  it('judges against the covering tests only when the patch was a body swap', () => {
    const results: [string, WireOutcome][] = [
      ['t::fail1', 'passed'],
      ['t::fail2', 'passed'],
      ['t::pass2', 'passed'],
    ];
    const swapped = check(reply(results), ['t::pass2']);
    assert.equal(swapped.verdict, 'validated');
    assert.equal(swapped.validation.suiteTotal, 1);
    const reexecuted = check(reply(results, { applied: 'reexec' }), ['t::pass2']);
    assert.equal(reexecuted.verdict, 'failed');
    assert.equal(reexecuted.validation.suiteTotal, 3);
  });

  it('maps timeouts, crashes and broken candidates', () => {
    assert.equal(check(reply([], { status: 'timeout', detail: 'killed after 10 ms' })).verdict, 'timeout');
    const crashed = check(reply([], { status: 'crashed', detail: 'test process killed by signal 11' }));
    assert.deepEqual([crashed.verdict, crashed.detail], ['failed', 'test process killed by signal 11']);
    const broken = check(reply([], { applied: 'none', patchError: 'SyntaxError: invalid syntax (line 2)' }));
    assert.deepEqual([broken.verdict, broken.detail], ['failed', 'SyntaxError: invalid syntax (line 2)']);
  });
});

describe('coveringTests', () => {
  const coverage = {
    't::a': { 'lib.py': [1, 4] },
    't::b': { 'lib.py': [7, 8], 'other.py': [4] },
    't::c': {},
  };

  it('keeps tests that executed a line of the function, and tests without data', () => {
    assert.deepEqual(coveringTests(coverage, ['t::a', 't::b', 't::c', 't::d'], 'lib.py', 3, 6), ['t::a', 't::d']);
    assert.deepEqual(coveringTests(coverage, ['t::b'], 'lib.py', 8, 9), ['t::b']);
  });

  it('selects nothing without coverage data', () => {
    assert.equal(coveringTests(undefined, ['t::a'], 'lib.py', 3, 6), null);
  });
});
