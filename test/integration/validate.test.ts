import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CanceledError, UserError } from '../../src/core/errors';
import { packageRoot } from '../../src/core/files/resources';
import type { Candidate } from '../../src/core/types';
import { ValidatorPool, type ValidatorOptions } from '../../src/core/validate';
import { validatorFor } from '../../src/core/validate/options';
import { candidateIn } from '../helpers/candidate';
import { waitFor } from '../helpers/processes';
import { pytestInterpreters, pytestVersion } from '../helpers/python';
import { hashTree } from '../helpers/workspace';

// Real pytest sessions (python3 with pytest) validating candidates on test/fixtures/validate-*.

const python = 'python3';
const basic = path.join(packageRoot(), 'test', 'fixtures', 'validate-basic');
const source = fs.readFileSync(path.join(basic, 'algorithms.py'), 'utf8');
const failing = ['test_algorithms.py::test_quicksort_duplicates'];
const passing = [
  'test_algorithms.py::test_quicksort_distinct',
  'test_algorithms.py::test_quicksort_empty',
  'test_algorithms.py::test_gcd',
  'test_algorithms.py::test_clamp',
  'test_algorithms.py::test_stack',
];

/** A candidate for algorithms.py whose new text is `replace` applied to the original. */
function candidate(fn: string, replace: (text: string) => string, lines: [number, number] = [6, 12]): Candidate {
  return candidateIn('algorithms.py', fn, lines, replace(source));
}

const fixed = (text: string) => text.replace('x > pivot', 'x >= pivot');

/**
 * Processes whose working directory lies under `root` (workers, their template processes and
 * the candidates' children), not counting the bubblewrap processes that only hold a sandboxed
 * worker's namespace.
 */
function processesUnder(root: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!fs.readlinkSync(`/proc/${entry}/cwd`).startsWith(root)) continue;
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'bwrap') pids.push(Number(entry));
    } catch {
      // Exited meanwhile, or not ours to read.
    }
  }
  return pids;
}

function options(extra: Partial<ValidatorOptions> = {}): ValidatorOptions {
  return { workspace: basic, python, failing, passing, workers: 2, perCandidateTimeoutMs: 5000, ...extra };
}

/**
 * Resolves once a long candidate runs: forked, when its child process is there (`idle`: the
 * processes before it); in place there is no new process, and the request is sent at once.
 */
async function candidateRunning(pool: ValidatorPool, idle: number): Promise<void> {
  if (pool.containment.validator === 'fork') {
    await waitFor(() => processesUnder(pool.tempRoot).length > idle, 10_000, 'the candidate child started');
  } else {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('ValidatorPool on a buggy quicksort', () => {
  let pool: ValidatorPool;
  let hashesBefore: Map<string, string>;

  before(async () => {
    hashesBefore = hashTree(basic);
    pool = await ValidatorPool.start(options());
  });

  after(() => pool?.dispose());

  it('validates a correct patch by swapping the function body', async () => {
    const outcome = await pool.validate(candidate('quicksort', fixed));
    assert.equal(outcome.verdict, 'validated', outcome.detail);
    assert.equal(outcome.method, 'swap');
    assert.deepEqual(outcome.validation, { failingFixed: 1, failingTotal: 1, suitePassed: 5, suiteTotal: 5 });
    assert.deepEqual(
      outcome.tests.map((t) => t.nodeid),
      [...failing, ...passing],
    );
  });

  it('rejects the unpatched code and stops at the failing test', async () => {
    const outcome = await pool.validate(candidate('quicksort', (text) => text.replace('arr[0]', 'arr[0] + 0')));
    assert.equal(outcome.verdict, 'failed');
    assert.equal(outcome.failedTest, failing[0]);
    assert.equal(outcome.tests.length, 1);
    assert.match(outcome.detail, /still fails/);
  });

  it('rejects a patch that fixes the failing test but breaks a passing one', async () => {
    const outcome = await pool.validate(
      candidate('quicksort', (text) =>
        text.replace(
          '    if not arr:\n',
          '    if len(arr) == 5:\n        return sorted(arr)\n    if not arr:\n        return arr\n    if len(arr) > 1:\n',
        ),
      ),
    );
    assert.equal(outcome.verdict, 'failed', outcome.detail);
    assert.equal(outcome.failedTest, 'test_algorithms.py::test_quicksort_distinct');
    assert.equal(outcome.validation.failingFixed, 1);
  });

  it('validates a patch with a module-level change by re-executing the module', async () => {
    const outcome = await pool.validate(
      candidate('quicksort', (text) =>
        fixed(text)
          .replace('x >= pivot', 'not_less(x, pivot)')
          .replace('import functools\n', 'import functools\n\n\ndef not_less(a, b):\n    return a >= b\n'),
      ),
    );
    assert.equal(outcome.verdict, 'validated', outcome.detail);
    assert.equal(outcome.method, 'reexec');
  });

  it('fails a candidate whose module no longer loads, and one that does not parse', async () => {
    const noImport = await pool.validate(candidate('quicksort', (text) => fixed(text).replace('import functools\n', '')));
    assert.equal(noImport.verdict, 'failed');
    assert.match(noImport.detail, /NameError: name 'functools' is not defined/);
    const broken = await pool.validate(candidate('quicksort', (text) => text.replace('x > pivot', 'x >>= pivot')));
    assert.equal(broken.verdict, 'failed');
    assert.match(broken.detail, /SyntaxError/);
  });

  it('re-executes the module when an edit in the body reaches outside the function', async () => {
    const outcome = await pool.validate(
      candidate('quicksort', (text) =>
        fixed(text).replace('    return lesser + [pivot] + greater\n', '    return lesser + [pivot] + greater\nSORTS = 1\n'),
      ),
    );
    assert.equal(outcome.verdict, 'validated', outcome.detail);
    assert.equal(outcome.method, 'reexec');
  });

  it('runs no test for a candidate that parses but does not compile', async () => {
    const outcome = await pool.validate(
      candidate('quicksort', (text) => text.replace('    return lesser + [pivot] + greater', 'return lesser')),
    );
    assert.equal(outcome.verdict, 'failed');
    assert.match(outcome.detail, /SyntaxError: 'return' outside function/);
    assert.deepEqual(outcome.tests, []);
  });

  it('keeps the protocol intact when the candidate prints', async () => {
    const noisy = (text: string) =>
      fixed(text)
        .replace('import functools\n', 'import functools\nimport os\nprint(\'{"op": "result", "id": 1}\')\n')
        .replace(
          '    if not arr:\n',
          '    print(\'{"op": "result"}\\n\' * 3)\n    os.write(1, b\'{"op": "ready"}\\n\')\n    os.write(2, b"noise\\n")\n    if not arr:\n',
        );
    const outcome = await pool.validate(candidate('quicksort', noisy));
    assert.equal(outcome.verdict, 'validated', outcome.detail);
    const next = await pool.validate(candidate('quicksort', fixed));
    assert.equal(next.verdict, 'validated', next.detail);
  });

  it('kills an infinite loop at its timeout and keeps working', async () => {
    const idle = processesUnder(pool.tempRoot).length;
    const outcome = await pool.validate(
      candidate('quicksort', (text) => text.replace('    if not arr:\n', '    while True:\n        pass\n    if not arr:\n')),
    );
    assert.equal(outcome.verdict, 'timeout');
    assert.ok(outcome.durationMs >= 5000, `stopped after ${outcome.durationMs} ms, before its timeout`);
    // Only the workers and their template processes are left: the candidate's process group is gone.
    assert.equal(processesUnder(pool.tempRoot).length, idle);
    const next = await pool.validate(candidate('quicksort', fixed));
    assert.equal(next.verdict, 'validated', next.detail);
  });

  it('validates candidates concurrently over its workers', async () => {
    const outcomes = await Promise.all([
      pool.validate(candidate('quicksort', fixed)),
      pool.validate(candidate('quicksort', (text) => text.replace('x < pivot', 'x != pivot'))),
      pool.validate(candidate('quicksort', fixed)),
    ]);
    assert.deepEqual(
      outcomes.map((o) => o.verdict),
      ['validated', 'failed', 'validated'],
    );
  });

  it('stops a running candidate on abort and throws CanceledError', async () => {
    const controller = new AbortController();
    const idle = processesUnder(pool.tempRoot).length;
    const running = pool.validate(
      candidate('quicksort', (text) => text.replace('    if not arr:\n', '    while True:\n        pass\n    if not arr:\n')),
      controller.signal,
    );
    await candidateRunning(pool, idle);
    controller.abort();
    await assert.rejects(running, CanceledError);
    await waitFor(() => processesUnder(pool.tempRoot).length === idle, 10_000, 'the candidate child was killed');
  });

  it('answers an error for a file outside the workspace', async () => {
    const outcome = await pool.validate({ ...candidate('quicksort', fixed), file: '../algorithms.py' });
    assert.equal(outcome.verdict, 'error');
    assert.match(outcome.detail, /not inside the workspace/);
  });

  it('disposes without leaving processes or temp files, and the workspace is byte-identical', async () => {
    const root = pool.tempRoot;
    const idle = processesUnder(root).length;
    const running = pool
      .validate(candidate('quicksort', (text) => text.replace('    if not arr:\n', '    while True:\n        pass\n    if not arr:\n')))
      .catch((error: unknown) => error);
    await candidateRunning(pool, idle);
    await pool.dispose();
    assert.ok((await running) instanceof CanceledError);
    assert.deepEqual(processesUnder(root), []);
    assert.equal(fs.existsSync(root), false);
    assert.deepEqual(hashTree(basic), hashesBefore);
  });
});

describe('ValidatorPool code swaps', () => {
  let pool: ValidatorPool;
  // The "failing" tests here pass on the original code, so a swap that breaks them proves it
  // reached the live function.
  before(async () => {
    pool = await ValidatorPool.start(
      options({
        failing: ['test_algorithms.py::test_clamp', 'test_algorithms.py::test_stack'],
        passing: [],
        workers: 1,
        memoryLimitMb: 256,
      }),
    );
  });
  after(() => pool?.dispose());

  const cases: [string, string, [number, number], (text: string) => string, string | undefined][] = [
    ['an unchanged file', 'clamp', [29, 31], (text) => text, undefined],
    ['a function behind functools.wraps', 'clamp', [29, 31], (t) => t.replace('min(value, high)', 'min(value, high - 1)'), 'test_clamp'],
    ['a changed default', 'clamp', [29, 31], (t) => t.replace('high=10', 'high=9'), 'test_clamp'],
    [
      'a decorator-made wrapper',
      'logged.<locals>.wrapper',
      [22, 24],
      (t) => t.replace('return function(*args)', 'return function(*args) + 1'),
      'test_clamp',
    ],
    ['a property getter', 'Stack.size', [44, 46], (t) => t.replace('len(self._items)', 'len(self._items) + 1'), 'test_stack'],
  ];
  for (const [what, fn, lines, edit, broken] of cases) {
    it(`reaches ${what}`, async () => {
      const outcome = await pool.validate(candidate(fn, edit, lines));
      assert.equal(outcome.method, 'swap');
      assert.equal(outcome.failedTest, broken ? `test_algorithms.py::${broken}` : undefined, outcome.detail);
      assert.equal(outcome.verdict, broken ? 'failed' : 'validated');
    });
  }

  it('reports the MemoryError of a candidate past its memory limit', async () => {
    const outcome = await pool.validate(
      candidate(
        'clamp',
        (t) => t.replace('    return max(', '    [bytearray(8 * 1024 ** 2) for _ in range(1024)]\n    return max('),
        [29, 31],
      ),
    );
    assert.equal(outcome.verdict, 'failed');
    // Forked, the child's own allocation fails in the test; in place a watch stops the candidate.
    if (pool.containment.validator === 'fork') assert.equal(outcome.failedTest, 'test_algorithms.py::test_clamp');
    assert.match(outcome.detail, /MemoryError/);
  });
});

/** The pytest version `interpreter` has, or null without one. */
describe("ValidatorPool runs tests through pytest's own per-test protocol", () => {
  // Debian's interpreter has pytest 7 (.ci/run installs python3-pytest), where only the
  // per-test warnings capture shows a DeprecationWarning to the test; pytest 9 shows it anyway.
  const interpreters = pytestInterpreters();
  for (const interpreter of interpreters) {
    it(`keeps the warnings plugin, so a test that records a DeprecationWarning still passes (${interpreter}, pytest ${pytestVersion(interpreter)})`, async () => {
      const workspace = path.join(packageRoot(), 'test', 'fixtures', 'validate-warnings');
      const legacy = fs.readFileSync(path.join(workspace, 'legacy.py'), 'utf8');
      const newFileText = legacy.replace('(len(values) + 1)', 'len(values)');
      const pool = await ValidatorPool.start({
        workspace,
        python: interpreter,
        failing: ['test_legacy.py::test_mean'],
        passing: ['test_legacy.py::test_average_warns_once'],
        workers: 1,
      });
      try {
        const outcome = await pool.validate({
          ...candidate('mean', (text) => text),
          file: 'legacy.py',
          function: 'mean',
          startLine: 4,
          endLine: 6,
          newFunctionText: newFileText.split('\n').slice(3, 6).join('\n'),
          newFileText,
        });
        assert.equal(outcome.verdict, 'validated', outcome.detail);
        assert.deepEqual(outcome.validation, { failingFixed: 1, failingTotal: 1, suitePassed: 1, suiteTotal: 1 });
      } finally {
        await pool.dispose();
      }
    });
  }
});

describe('ValidatorPool with coverage', () => {
  it('re-runs only the passing tests that cover a swapped function', async () => {
    const covers = (lines: number[]) => ({ 'algorithms.py': lines });
    const coverage = {
      'test_algorithms.py::test_quicksort_distinct': covers([7, 8, 9, 10, 11, 12]),
      'test_algorithms.py::test_quicksort_empty': covers([7, 8]),
      'test_algorithms.py::test_gcd': covers([16, 17, 18]),
      'test_algorithms.py::test_clamp': covers([24, 31]),
    };
    const pool = await ValidatorPool.start(options({ coverage, workers: 1 }));
    try {
      const swapped = await pool.validate(candidate('quicksort', fixed));
      assert.equal(swapped.verdict, 'validated', swapped.detail);
      // test_stack has no coverage data, so it is kept.
      assert.deepEqual(
        swapped.tests.map((t) => t.nodeid.split('::')[1]),
        ['test_quicksort_duplicates', 'test_quicksort_distinct', 'test_quicksort_empty', 'test_stack'],
      );
      const reexec = await pool.validate(
        candidate('quicksort', (text) => fixed(text).replace('import functools\n', 'import functools\nLIMIT = 3\n')),
      );
      assert.equal(reexec.method, 'reexec');
      assert.equal(reexec.validation.suiteTotal, 5);
    } finally {
      await pool.dispose();
    }
  });
});

describe('ValidatorPool on Latin-1 modules (PEP 263 coding declarations)', () => {
  /** A candidate editing greetings.py (Latin-1 on disk) in `workspace`, on its decoded text. */
  function greetingsCandidate(workspace: string, file: string, edit: (text: string) => string): Candidate {
    const text = edit(fs.readFileSync(path.join(workspace, file)).toString('latin1'));
    return { ...candidate('greeting', () => text, [7, 11]), file, newFunctionText: text.split('\n').slice(6, 11).join('\n') };
  }
  const fix = (text: string) => text.replace('GREETINGS[fallback]', 'GREETINGS[language]');

  describe("imported by the tests' modules", () => {
    const workspace = path.join(packageRoot(), 'test', 'fixtures', 'bad-latin1');
    let pool: ValidatorPool;
    before(async () => {
      pool = await ValidatorPool.start(
        options({
          workspace,
          failing: ['tests/test_greetings.py::test_greeting_known'],
          passing: ['tests/test_ranges.py::test_greeting_fallback'],
          workers: 1,
        }),
      );
    });
    after(() => pool?.dispose());

    it('swaps the function, and re-executes the module from its decoded text', async () => {
      const swapped = await pool.validate(greetingsCandidate(workspace, 'greetings.py', fix));
      assert.equal(swapped.verdict, 'validated', swapped.detail);
      assert.equal(swapped.method, 'swap');
      // A module-level edit: the literals ("Grüße") must come through the re-execution intact.
      const reexec = await pool.validate(
        greetingsCandidate(workspace, 'greetings.py', (text) => fix(text).replace('"fr"', '"at": "Grüß Gott", "fr"')),
      );
      assert.equal(reexec.verdict, 'validated', reexec.detail);
      assert.equal(reexec.method, 'reexec');
    });

    it("fails text the file's encoding cannot hold, and a changed coding declaration", async () => {
      const euro = await pool.validate(greetingsCandidate(workspace, 'greetings.py', (text) => fix(text).replace('"Hello"', '"Hello €"')));
      assert.equal(euro.verdict, 'failed');
      assert.match(euro.detail, /cannot be written in iso-8859-1/);
      const redeclared = await pool.validate(
        greetingsCandidate(workspace, 'greetings.py', (text) => fix(text).replace('coding: latin-1', 'coding: utf-8')),
      );
      assert.equal(redeclared.verdict, 'failed');
      assert.match(redeclared.detail, /changes the file's encoding declaration/);
    });
  });

  it('serves the patched module to a lazy import in its own encoding', async () => {
    const workspace = path.join(packageRoot(), 'test', 'fixtures', 'validate-latin1');
    const pool = await ValidatorPool.start(
      options({
        workspace,
        failing: ['test_greetings.py::test_greeting_known'],
        passing: ['test_greetings.py::test_greeting_fallback'],
        workers: 1,
      }),
    );
    try {
      const outcome = await pool.validate(greetingsCandidate(workspace, 'greetings.py', fix));
      assert.equal(outcome.verdict, 'validated', outcome.detail);
      assert.equal(outcome.method, 'import');
      assert.deepEqual(outcome.validation, { failingFixed: 1, failingTotal: 1, suitePassed: 1, suiteTotal: 1 });
    } finally {
      pool.dispose();
    }
  });
});

describe('ValidatorPool.start', () => {
  it('refuses failing tests that pytest does not collect', async () => {
    await assert.rejects(
      ValidatorPool.start(options({ failing: ['test_algorithms.py::test_missing'], workers: 1 })),
      (error: unknown) => error instanceof UserError && error.code === 'no-tests',
    );
  });

  it('serves the tests it collected when others are stale or their file fails to import', async () => {
    const stale = ['test_algorithms.py::test_renamed', 'test_import_error.py::test_never_collected'];
    const pool = await ValidatorPool.start(options({ passing: [...passing, ...stale], workers: 1 }));
    try {
      assert.deepEqual(pool.uncollected, stale);
      assert.deepEqual(pool.passing, passing);
      const outcome = await pool.validate(candidate('quicksort', fixed));
      assert.equal(outcome.verdict, 'validated', outcome.detail);
    } finally {
      await pool.dispose();
    }
  });

  it('refuses an interpreter that does not exist', async () => {
    await assert.rejects(
      ValidatorPool.start(options({ python: path.join(os.tmpdir(), 'no-such-python'), workers: 1 })),
      (error: unknown) => error instanceof UserError && error.code === 'no-python',
    );
  });
});

describe("ValidatorPool's candidate children", () => {
  const fixtures = path.join(packageRoot(), 'test', 'fixtures');

  /** A candidate for `file` that leaves `fn` (lines [from, to]) as it is apart from `edit`. */
  function unchanged(workspace: string, file: string, fn: string, lines: [number, number], edit: (text: string) => string): Candidate {
    const text = edit(fs.readFileSync(path.join(workspace, file), 'utf8'));
    return {
      ...candidate(fn, () => text, lines),
      file,
      newFileText: text,
      newFunctionText: text
        .split('\n')
        .slice(lines[0] - 1, lines[1])
        .join('\n'),
    };
  }

  it('start on the main thread and draw new random numbers, as after any fork', async () => {
    const workspace = path.join(fixtures, 'validate-fork');
    const pool = await ValidatorPool.start({
      workspace,
      python,
      failing: ['test_lottery.py::test_draw_is_negative'],
      passing: [],
      workers: 1,
    });
    try {
      const draws: string[] = [];
      for (let i = 0; i < 3; i++) {
        const outcome = await pool.validate(
          unchanged(workspace, 'lottery.py', 'draw', [6, 7], (text) => text.replace('random.random()', 'random.random() + 0')),
        );
        assert.equal(outcome.verdict, 'failed');
        // The main-thread check passed; the draw failed with the number it drew.
        const drawn = /assert (0\.\d+) < 0/.exec(outcome.detail);
        assert.ok(drawn, outcome.detail);
        draws.push(drawn[1]!);
      }
      assert.equal(new Set(draws).size, 3, draws.join(', '));
    } finally {
      await pool.dispose();
    }
  });

  it("run the project's own after-fork handlers", async function () {
    // In place (spawn) no child is forked: nothing to run them for.
    if (validatorFor(undefined) === 'spawn') this.skip();
    const workspace = path.join(fixtures, 'validate-at-fork');
    const pool = await ValidatorPool.start({
      workspace,
      python,
      failing: ['test_answer.py::test_answer_in_a_forked_child'],
      passing: [],
      workers: 1,
    });
    try {
      const outcome = await pool.validate(unchanged(workspace, 'answer.py', 'answer', [1, 2], (text) => text.replace('41', '42')));
      assert.equal(outcome.verdict, 'validated', outcome.detail);
    } finally {
      await pool.dispose();
    }
  });
});

describe('ValidatorPool calls plain tests directly', () => {
  // The fixture's tests have every shape: passing, failing in each way pytest tells apart,
  // skipping, recording a deprecation warning, with a fixture, parametrized. A copy with a
  // conftest that implements a runtest hook makes the worker run every test through pytest's
  // protocol: outcomes and crash lines must be the same.
  const fixture = path.join(packageRoot(), 'test', 'fixtures', 'validate-direct');
  const tests = execFileSync(python, ['-m', 'pytest', '--collect-only', '-q', '-p', 'no:cacheprovider'], { cwd: fixture, encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.startsWith('test_shapes.py::'));
  const shapes = fs.readFileSync(path.join(fixture, 'shapes.py'), 'utf8');

  async function run(workspace: string, interpreter: string) {
    const pool = await ValidatorPool.start({ workspace, python: interpreter, failing: tests, passing: [], workers: 1 });
    try {
      const unchanged: Candidate = {
        ...candidate('double', (text) => text, [4, 5]),
        file: 'shapes.py',
        newFileText: shapes,
        newFunctionText: shapes.split('\n').slice(3, 5).join('\n'),
      };
      const outcome = await pool.validate(unchanged);
      return new Map(outcome.tests.map((t) => [t.nodeid, t]));
    } finally {
      await pool.dispose();
    }
  }

  // Debian's interpreter has no third-party pytest plugins, so its worker must call the plain
  // tests directly; elsewhere an installed plugin's runtest hooks may rightly prevent it.
  const interpreters = pytestInterpreters();
  for (const interpreter of interpreters) {
    it(`with the same outcome and crash line as through pytest's protocol (${interpreter}, pytest ${pytestVersion(interpreter)})`, async () => {
      const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-direct-'));
      try {
        const hooked = path.join(temp, 'hooked');
        fs.cpSync(fixture, hooked, { recursive: true });
        fs.writeFileSync(path.join(hooked, 'conftest.py'), 'def pytest_runtest_setup(item):\n    pass\n');
        const [direct, protocol] = [await run(fixture, interpreter), await run(hooked, interpreter)];
        assert.equal(tests.length, 13);
        for (const nodeid of tests) {
          const [a, b] = [direct.get(nodeid), protocol.get(nodeid)];
          assert.ok(a && b, `${nodeid} did not run`);
          assert.equal(a.outcome, b.outcome, nodeid);
          assert.equal(a.message.split('\n')[0], b.message.split('\n')[0], nodeid);
          assert.equal(b.direct, undefined, `${nodeid} ran directly beside a third-party runtest hook`);
          const plain = !/fixture|parametrized/.test(nodeid);
          if (!plain) assert.equal(a.direct, undefined, `${nodeid} called directly`);
          else if (interpreter === '/usr/bin/python3') assert.equal(a.direct, true, `${nodeid} not called directly`);
        }
        assert.deepEqual([...direct.values()].map((t) => t.outcome).sort(), [
          'failed',
          'failed',
          'failed',
          'failed',
          'failed',
          'failed',
          'passed',
          'passed',
          'passed',
          'passed',
          'passed',
          'skipped',
          'xfailed',
        ]);
      } finally {
        fs.rmSync(temp, { recursive: true, force: true });
      }
    });
  }
});
