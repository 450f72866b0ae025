import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CanceledError } from '../../src/core/errors';
import type { Candidate } from '../../src/core/types';
import { ValidatorPool, type ValidationOutcome } from '../../src/core/validate';
import { copyFixture, hashTree, removeCopy } from '../helpers/workspace';

// A clean world per candidate, on real pytest sessions: whatever one candidate writes (in the
// private home, the workspace copy, the temp folder, a sqlite database, the sandbox's own
// /dev/shm) or deletes is back as it was before the next candidate runs, so verdicts do not
// depend on the order candidates ran in. And the clean re-check of a validated patch.

const python = 'python3';
const FILE = 'answer.py';
const FAILING = ['test_answer.py::test_answer'];
const PASSING = ['test_answer.py::test_answer_is_an_int'];

/** Where a candidate leaves its mark: a Python expression for the path, as the candidate's code computes it. */
const PLACES = {
  home: 'os.path.join(os.path.expanduser("~"), ".answer-marker")',
  workspace: 'os.path.join(os.path.dirname(DATA), "marker.txt")',
  temp: 'os.path.join(__import__("tempfile").gettempdir(), "answer-marker")',
  'dev-shm': '"/dev/shm/answer-marker"',
} as const;

function withBody(source: string, body: string[], name: string): Candidate {
  const start = source.indexOf('def answer():');
  const newFunctionText = ['def answer():', ...body.map((line) => `    ${line}`)].join('\n');
  const newFileText = `${source.slice(0, start)}${newFunctionText}\n`;
  const startLine = source.slice(0, start).split('\n').length;
  return {
    kind: 'candidate',
    file: FILE,
    function: 'answer',
    startLine,
    endLine: startLine + 2,
    newFunctionText,
    newFileText,
    diff: '',
    source: 'template',
    editKind: 'compare-op',
    summary: name,
    score: 1,
  };
}

/**
 * Candidates that fail but leave something behind, candidates that pass only where it was
 * left (false fixes under a leaking world), one that deletes the data file the true fix needs,
 * and the true fix.
 */
function candidateSet(source: string, places: (keyof typeof PLACES)[]): Candidate[] {
  const writers = places.map((place) =>
    withBody(source, [`with open(${PLACES[place]}, "w") as handle:`, '    handle.write("x")', 'return 41'], `writes ${place}`),
  );
  const cheats = places.map((place) => withBody(source, [`return 42 if os.path.exists(${PLACES[place]}) else 41`], `reads ${place}`));
  const database = 'os.path.join(os.path.dirname(DATA), "state.db")';
  const sqliteWriter = withBody(
    source,
    [
      `db = __import__("sqlite3").connect(${database})`,
      'db.execute("create table if not exists answers (value integer)")',
      'db.execute("insert into answers values (42)")',
      'db.commit()',
      'return 41',
    ],
    'writes sqlite',
  );
  const sqliteCheat = withBody(
    source,
    [
      `db = __import__("sqlite3").connect(${database})`,
      'try:',
      '    return db.execute("select value from answers").fetchone()[0]',
      'except Exception:',
      '    return 41',
    ],
    'reads sqlite',
  );
  const deleter = withBody(source, ['os.remove(DATA)', 'return 41'], 'deletes data.txt');
  const fix = withBody(source, ['with open(DATA) as handle:', '    return int(handle.read()) + 1'], 'true fix');
  return [...writers, sqliteWriter, deleter, ...cheats, sqliteCheat, fix];
}

async function verdicts(pool: ValidatorPool, candidates: Candidate[]): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  for (const candidate of candidates) {
    const outcome = await pool.validate(candidate);
    result.set(candidate.summary, outcome.verdict === 'validated' ? 'validated' : `not validated: ${outcome.detail}`);
  }
  return result;
}

for (const sandbox of [true, false]) {
  describe(`A clean world per candidate (${sandbox ? 'sandbox where it works' : 'no sandbox'})`, () => {
    let workspace: string;
    let pool: ValidatorPool;
    let hashesBefore: Map<string, string>;
    let source: string;
    let places: (keyof typeof PLACES)[];

    before(async () => {
      workspace = copyFixture('validate-side-effects');
      hashesBefore = hashTree(workspace);
      source = fs.readFileSync(path.join(workspace, FILE), 'utf8');
      // One worker: every candidate runs after the one before it, in the same session.
      pool = await ValidatorPool.start({ workspace, python, failing: FAILING, passing: PASSING, workers: 1, sandbox });
      // Without the sandbox /dev/shm is the machine's own, not the validator's to put back.
      places = pool.containment.sandbox === 'bubblewrap' ? ['home', 'workspace', 'temp', 'dev-shm'] : ['home', 'workspace', 'temp'];
    });

    after(async () => {
      await pool?.dispose();
      if (workspace) removeCopy(workspace);
    });

    it('gives the same verdicts in either order: only the true fix validates', async () => {
      const candidates = candidateSet(source, places);
      const forward = await verdicts(pool, candidates);
      const backward = await verdicts(pool, [...candidates].reverse());
      assert.deepEqual(new Map([...backward].sort()), new Map([...forward].sort()));
      const validated = [...forward].filter(([, verdict]) => verdict === 'validated').map(([name]) => name);
      assert.deepEqual(validated, ['true fix'], JSON.stringify([...forward], null, 1));
    });

    it('leaves the workspace and the real home untouched', () => {
      assert.deepEqual(hashTree(workspace), hashesBefore);
      assert.equal(fs.existsSync(path.join(os.homedir(), '.answer-marker')), false);
      assert.equal(fs.existsSync(path.join(os.tmpdir(), 'answer-marker')), false);
    });
  });
}

describe('The clean re-check of a validated patch', () => {
  let workspace: string;
  let pool: ValidatorPool;
  let source: string;
  let validated: ValidationOutcome;

  before(async () => {
    workspace = copyFixture('validate-side-effects');
    source = fs.readFileSync(path.join(workspace, FILE), 'utf8');
    pool = await ValidatorPool.start({ workspace, python, failing: FAILING, passing: PASSING, workers: 1 });
    validated = await pool.validate(candidateSet(source, []).at(-1)!);
    assert.equal(validated.verdict, 'validated', validated.detail);
  });

  after(async () => {
    await pool?.dispose();
    if (workspace) removeCopy(workspace);
  });

  const bytes = (text: string) => Buffer.from(text, 'utf8');

  it('passes a true fix again in a new session that imports it from disk', async () => {
    const again = await pool.recheck(validated, bytes(validated.candidate.newFileText));
    assert.equal(again.verdict, 'validated', again.detail);
    assert.deepEqual(again.tests.map((t) => t.nodeid).sort(), [...FAILING, ...PASSING].sort());
    assert.equal(again.method, 'none', 'nothing swapped in: the session collected the patched file');
  });

  it('fails what does not pass from scratch, and keeps the pool working', async () => {
    const brokenImport = source.replace('import os', 'import os\nraise RuntimeError("only in a fresh import")');
    const again = await pool.recheck(validated, bytes(brokenImport));
    assert.equal(again.verdict, 'failed');
    const next = await pool.validate(validated.candidate);
    assert.equal(next.verdict, 'validated', next.detail);
  });

  it('stops a session that is still starting when the run is canceled', async () => {
    const hangs = source.replace('import os', 'import os\nwhile True:\n    pass');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 1500);
    await assert.rejects(pool.recheck(validated, bytes(hangs), controller.signal), CanceledError);
  });

  it('removes its fresh worlds', () => {
    const left = fs.readdirSync(pool.tempRoot).filter((name) => name.startsWith('recheck-'));
    assert.deepEqual(left, []);
  });
});
