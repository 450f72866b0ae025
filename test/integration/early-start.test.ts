import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EarlyStart, ValidatorPool, type ValidatorOptions } from '../../src/core/validate';
import { candidateIn } from '../helpers/candidate';
import { processesIn, waitFor } from '../helpers/processes';
import { fixesQuicksort, fixQuicksort } from '../helpers/quicksort-fix';
import { copyFixture, removeCopy } from '../helpers/workspace';

// The validator begun beside the first run (src/core/validate/early-start.ts), on real pytest
// sessions over a copy of test/fixtures/validate-basic: its sessions are taken when the run
// leaves everything as it was, and a fresh copy is made when a file changed meanwhile.

const python = 'python3';
const failing = ['test_algorithms.py::test_quicksort_duplicates'];
const passing = ['test_algorithms.py::test_quicksort_distinct', 'test_algorithms.py::test_gcd'];
const newTest = 'test_algorithms.py::test_added_during_the_first_run';

function options(workspace: string, extra: Partial<ValidatorOptions> = {}): ValidatorOptions {
  return { workspace, python, failing, passing, workers: 2, perCandidateTimeoutMs: 5000, ...extra };
}

function begin(workspace: string): EarlyStart {
  const early = EarlyStart.begin({ workspace, python, selection: [], workers: 2 });
  assert.ok(early, 'an early start for a selection inside the workspace');
  return early;
}

/** Runs `work` with temp folders made in `tmp` (where an early start makes its copy and worlds). */
async function withTmpdir<T>(tmp: string, work: () => Promise<T>): Promise<T> {
  const before = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
  }
}

describe('The validator begun beside the first run', function () {
  this.timeout(120_000);
  let workspace: string;
  let pool: ValidatorPool | undefined;

  beforeEach(() => {
    workspace = copyFixture('validate-basic');
  });

  afterEach(async () => {
    await pool?.dispose();
    pool = undefined;
    removeCopy(workspace);
  });

  it('is taken when nothing changed, validates, and grows to its full size', async () => {
    const early = begin(workspace);
    pool = await ValidatorPool.start(options(workspace), undefined, early);
    assert.equal(pool.startedEarly, true);
    assert.deepEqual(pool.failing, failing);
    const source = fs.readFileSync(path.join(workspace, 'algorithms.py'), 'utf8');
    const fix = candidateIn('algorithms.py', 'quicksort', [6, 12], source.replace('x > pivot', 'x >= pivot'));
    assert.equal((await pool.validate(fix)).verdict, 'validated');
    const unchanged = candidateIn('algorithms.py', 'quicksort', [6, 12], source.replace('pivot = ', 'pivot  = '));
    assert.equal((await pool.validate(unchanged)).verdict, 'failed');
    const started = pool;
    await waitFor(
      () => started.workerPids.length === 2,
      30_000,
      () => `workers: ${started.workerPids.length}`,
    );
  });

  it('is not taken when a file changed during the first run: the pool serves the new file', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-early-tmp-'));
    const early = await withTmpdir(tmp, async () => {
      const begun = begin(workspace);
      await waitFor(() => processesIn([tmp]).length > 0, 20_000, 'an early session started (the copy is made)');
      return begun;
    });
    // The user saves a new test while the first run runs (which then sees and passes it).
    fs.appendFileSync(path.join(workspace, 'test_algorithms.py'), '\n\ndef test_added_during_the_first_run():\n    assert True\n');
    pool = await ValidatorPool.start(options(workspace, { passing: [...passing, newTest] }), undefined, early);
    assert.equal(pool.startedEarly, false);
    assert.ok(pool.passing.includes(newTest), `served: ${pool.passing.join(', ')}; not collected: ${pool.uncollected.join(', ')}`);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('is not taken when the user code read a variable its sessions did not get', async () => {
    process.env.EARLY_START_PROBE_SETTING = 'seen';
    try {
      const early = begin(workspace);
      pool = await ValidatorPool.start(options(workspace, { environRead: ['EARLY_START_PROBE_SETTING'] }), undefined, early);
      assert.equal(pool.startedEarly, false);
      assert.deepEqual(pool.environment.passed, ['EARLY_START_PROBE_SETTING']);
    } finally {
      delete process.env.EARLY_START_PROBE_SETTING;
    }
  });

  it('leaves no session or copy behind when the run ends before the pool is needed', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-early-tmp-'));
    await withTmpdir(tmp, async () => {
      const early = begin(workspace);
      await waitFor(() => processesIn([tmp]).length > 0, 20_000, 'an early session started');
      await early.dispose();
    });
    assert.deepEqual(processesIn([tmp]), []);
    assert.deepEqual(fs.readdirSync(tmp), []);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('in a fix run: the validator starts at the run start and the fix is found', async () => {
    const report = await fixQuicksort(workspace);
    const poolStart = report.stats.timeline?.find((step) => step.step === 'pool-start');
    const firstRun = report.stats.timeline?.find((step) => step.step === 'first-run');
    assert.ok(poolStart && firstRun, 'timeline with the pool start and the first run');
    assert.equal(poolStart.startMs, 0);
    assert.ok(poolStart.endMs >= firstRun.endMs, 'ready once the first run said which tests to serve');
    assert.ok(fixesQuicksort(report), report.patches.map((p) => p.diff).join('\n'));
  });
});
