import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/files/resources';
import { statementProbeCandidate, tasksOf, watchCandidate, type StatementTask } from '../../src/core/synth/statement-probe';
import { statementSites, type StatementSite } from '../../src/core/synth/statement-sites';
import type { Schedule } from '../../src/core/synth/probe';
import type { Suspect } from '../../src/core/types';
import { ValidatorPool } from '../../src/core/validate';

// Statement probes (src/core/synth/statement-probe.ts) through the validator on real pytest
// sessions: watching changes nothing and records the locals before the statement; a guard's
// probe skips the statement at the evaluations a schedule names, an exit's takes the exit
// there; what the failing tests then do is what the synthesizer learns from.

const fixtures = path.join(packageRoot(), 'test', 'fixtures');
const fixture = path.join(fixtures, 'synth-statement-guard');
const failing = ['test_ledger.py::test_only_the_account', 'test_ledger.py::test_other_account'];

describe('Angelic probes of a statement', function () {
  this.timeout(120_000);
  let pool: ValidatorPool;
  let site: StatementSite;
  const task = (edit: StatementTask['edit']): StatementTask => tasksOf(site).find((t) => t.edit === edit)!;
  const run = async (candidate: ReturnType<typeof watchCandidate>) => pool.validate((await candidate)!);

  before(async () => {
    pool = await ValidatorPool.start({
      workspace: fixture,
      python: 'python3',
      failing,
      passing: ['test_ledger.py::test_single', 'test_ledger.py::test_empty'],
      workers: 1,
      perCandidateTimeoutMs: 5000,
    });
    const suspect: Suspect = {
      file: 'ledger.py',
      function: 'credited',
      startLine: 4,
      endLine: 9,
      score: 1,
      reasons: [],
      lines: [{ line: 8, score: 1 }],
    };
    const [found] = await statementSites([suspect], async (file) => fs.readFileSync(path.join(fixture, file), 'utf8'), 1);
    assert.ok(found);
    site = found;
  });
  after(() => pool?.dispose());

  it('watches without changing anything: the locals before the statement at each evaluation, in each test', async () => {
    const watched = await run(watchCandidate(site));
    assert.equal(watched.validation.failingFixed, 0);
    const first = watched.probe!.filter((e) => e.test === failing[0]);
    assert.deepEqual(
      first.map((e) => [e.locals.name, e.locals.amount, e.locals.account, e.returned]),
      [
        ['rent', 500, 'rent', false],
        ['food', 120, 'rent', false],
        ['rent', 250, 'rent', false],
      ],
    );
  });

  it('skips the guarded statement where the schedule says, fixing the test whose one wrong entry it skipped', async () => {
    const watched = await run(watchCandidate(site));
    const food = watched.probe!.find((e) => e.test === failing[0] && e.locals.name === 'food')!;
    const skipped = await run(statementProbeCandidate(task('guard'), [food.n] satisfies Schedule));
    assert.equal(skipped.validation.failingFixed, 1);
    assert.deepEqual(
      skipped.tests
        .filter((t) => t.outcome === 'passed')
        .map((t) => t.nodeid)
        .filter((id) => failing.includes(id)),
      [failing[0]],
    );
    // Never run: the statement is skipped everywhere, and only the empty ledger's test passes.
    const never = await run(statementProbeCandidate(task('guard'), false));
    assert.equal(never.validation.failingFixed, 0);
  });

  it('takes an exit where the schedule forces it: `return None` at the first entry', async () => {
    const returned = await run(statementProbeCandidate(task('return'), true));
    const first = returned.tests.find((t) => t.nodeid === failing[0])!;
    assert.equal(first.outcome, 'failed');
    assert.match(first.message, /assert None == 750/);
  });

  it("records the simple fields of the locals' objects and dicts, not private ones, without running their code", () => {
    const script = [
      'from deepdebug.probe import snapshot',
      'class Row:',
      '    def __init__(self): self.kind, self.size, self._hidden, self.items = "debit", 3, 1, [1]',
      '    @property',
      '    def boom(self): raise RuntimeError',
      'import json; print(json.dumps(snapshot({"row": Row(), "n": 2, "entry": {"ref": "A1", "_p": 1, 3: 4, "rows": [1]}})))',
    ].join('\n');
    const taken = JSON.parse(
      execFileSync('python3', ['-c', script], {
        encoding: 'utf8',
        env: { ...process.env, PYTHONPATH: path.join(packageRoot(), 'src', 'python') },
      }),
    ) as Record<string, unknown>;
    assert.deepEqual(taken, { n: 2, 'len(entry)': 4, 'row.kind': 'debit', 'row.size': 3, "entry['ref']": 'A1' });
  });
});
