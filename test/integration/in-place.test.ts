import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CanceledError } from '../../src/core/errors';
import { packageRoot } from '../../src/core/files/resources';
import type { ValidatorKind } from '../../src/core/types';
import { ValidatorPool } from '../../src/core/validate';
import { candidateIn } from '../helpers/candidate';

// The two validators on real pytest sessions of test/fixtures/in-place: `spawn` runs each
// candidate in the session's own process and must put it back as it was (a candidate that
// rebinds a module's global, appends to a module's list, sets a variable, changes directory,
// extends sys.path and imports a module of the project must leave nothing of it to the next), stop a candidate at its time limit
// or on cancel and go on serving, and have a session that a candidate ended replaced. `fork`
// does all of it by construction: the same tests hold for both. Where Python has no POSIX (the
// shim of Windows' CPython) the spawn validator must do the same with an alarm thread.

const fixture = path.join(packageRoot(), 'test', 'fixtures', 'in-place');
const source = fs.readFileSync(path.join(fixture, 'pricing.py'), 'utf8');
const failing = ['test_pricing.py::test_price', 'test_pricing.py::test_describe'];
const passing = ['test_pricing.py::test_process_as_it_was'];

/** A candidate for `price` (lines 8-9) whose body is `body`. */
const priceAs = (body: string) => candidateIn('pricing.py', 'price', [8, 9], source.replace('    return amount * RATE + 1\n', body));
const fix = priceAs('    return amount * RATE\n');
// Right for the failing tests, and changes the process every way a test might.
const messy = priceAs(
  [
    '    global RATE',
    '    RATE = 5',
    "    os.environ['DEEPDEBUG_TOUCHED'] = '1'",
    "    os.chdir('/')",
    "    sys.path.append('touched')",
    '    import late_module',
    '    SEEN.append(amount)',
    '    return amount * 2',
    '',
  ].join('\n'),
);
const endless = priceAs('    while True:\n        pass\n');
const exits = priceAs('    os._exit(3)\n');

/** A Python without POSIX, as Windows' CPython is (test/fixtures/posixless-shim): no fork, resource, process groups or SIGALRM. */
const posixless = path.join(packageRoot(), 'test', 'fixtures', 'posixless-shim');

const cases: { name: string; validator: ValidatorKind; pythonPath?: string }[] = [
  { name: 'The spawn validator', validator: 'spawn' },
  { name: 'The fork validator', validator: 'fork' },
  { name: 'The spawn validator on a Python without POSIX', validator: 'spawn', pythonPath: posixless },
];

for (const { name, validator, pythonPath } of cases) {
  describe(name, function () {
    this.timeout(120_000);
    let pool: ValidatorPool;
    const userPythonPath = process.env.PYTHONPATH;

    before(async () => {
      // The user's PYTHONPATH reaches the sessions (validate/environment.ts), first.
      if (pythonPath) process.env.PYTHONPATH = pythonPath;
      pool = await ValidatorPool.start({
        workspace: fixture,
        python: 'python3',
        failing,
        passing,
        workers: 1,
        perCandidateTimeoutMs: 3000,
        validator,
      });
    });

    after(async () => {
      await pool?.dispose();
      if (userPythonPath === undefined) delete process.env.PYTHONPATH;
      else process.env.PYTHONPATH = userPythonPath;
    });

    it('says how candidates run', () => {
      assert.equal(pool.containment.validator, validator);
    });

    if (pythonPath) {
      it('runs its candidates where there is no os.fork', async () => {
        const outcome = await pool.validate(priceAs("    assert not hasattr(os, 'fork')\n    return amount * RATE\n"));
        assert.equal(outcome.verdict, 'validated', outcome.detail);
      });
    }

    it("leaves nothing of one candidate's changes to the process to the next", async () => {
      const first = await pool.validate(messy);
      assert.equal(first.verdict, 'failed', first.detail);
      assert.deepEqual(
        first.tests.map((test) => [test.nodeid, test.outcome]),
        [...failing.map((id) => [id, 'passed']), [passing[0], 'failed']],
        'its own later test sees what it changed',
      );
      const next = await pool.validate(fix);
      assert.equal(next.verdict, 'validated', next.detail);
      assert.equal(next.method, 'swap');
      assert.deepEqual(next.validation, { failingFixed: 2, failingTotal: 2, suitePassed: 1, suiteTotal: 1 });
    });

    it('stops a candidate at its time limit, and its session goes on with the next', async () => {
      const stopped = await pool.validate(endless);
      assert.equal(stopped.verdict, 'timeout', stopped.detail);
      const next = await pool.validate(fix);
      assert.equal(next.verdict, 'validated', next.detail);
    });

    it('stops a canceled candidate, and its session goes on with the next', async () => {
      const cancel = new AbortController();
      const running = pool.validate(endless, cancel.signal);
      setTimeout(() => cancel.abort(), 500);
      await assert.rejects(running, CanceledError);
      const next = await pool.validate(fix);
      assert.equal(next.verdict, 'validated', next.detail);
    });

    it('fails a candidate that ends its process, and validates the next on a session that can', async () => {
      const ended = await pool.validate(exits);
      assert.equal(ended.verdict, 'failed', ended.detail);
      const next = await pool.validate(fix);
      assert.equal(next.verdict, 'validated', next.detail);
    });
  });
}
