// What a clean world per candidate costs, and which validated patches it takes away.
//
// For each bug (bench/classic, and bench/real bugs given with --real), the engine's own
// template candidates are made once, then every one of them is validated by two validator
// pools side by side in one run: the baseline build's (an older checkout, --baseline) and this
// build's, one worker each, alternating bugs' order between them. This build's pool also
// re-checks every patch it validated in a fresh world (ValidatorPool.recheck). Prints, per bug:
// candidates, validated by each, the patches that validate only in one of them, the median wall
// time per candidate of each (one worker, a 3 s limit per candidate), and the median clean
// re-check time.
//
//   node out/bench/clean-world.js --baseline <checkout built with tsc -p tsconfig.test.json>
//        [--only name,...] [--real id,...] [--max <candidates per bug, 300>] [--json out.json]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isTestFile, failuresOf } from '../src/core/pytest/failures';
import { runPytest } from '../src/core/pytest/run';
import { localize } from '../src/core/localize';
import { templateCandidates } from '../src/core/generate/templates';
import { coverageByTest } from '../src/core/pipeline/analysis';
import { ValidatorPool, type ValidationOutcome, type ValidatorOptions } from '../src/core/validate';
import type { Candidate } from '../src/core/types';
import { loadBugList, loadBugSet, makeWorkspace, onlyList, ONLY_OPTION, REAL_PYTHON } from './lib/bug-sets';
import { median } from './lib/fix-runs';
import { tableHead, tableRow } from './lib/markdown-table';
import { benchOptions, required, wholeNumber } from './lib/options';

/** The part of a validator pool both builds have. */
interface Pool {
  validate(candidate: Candidate): Promise<Pick<ValidationOutcome, 'verdict'>>;
  dispose(): Promise<void>;
}
type StartPool = (options: ValidatorOptions) => Promise<Pool>;

interface Subject {
  name: string;
  workspace: string;
  python: string;
  tests: string[];
}

interface Row {
  bug: string;
  candidates: number;
  baselineValidated: string[];
  validated: string[];
  recheckFailed: string[];
  baselineMsPerCandidate: number | null;
  msPerCandidate: number | null;
  recheckMs: number | null;
}

const TIMEOUT_MS = 3000;

const args = benchOptions(
  {
    baseline: { type: 'string' },
    only: ONLY_OPTION,
    real: { type: 'string', default: '' },
    max: { type: 'string', default: '300' },
    json: { type: 'string', default: '' },
  },
  (values) => ({
    baseline: required('--baseline', values.baseline, '<checkout built with tsc -p tsconfig.test.json>'),
    only: onlyList(values.only),
    real: values.real,
    max: wholeNumber('--max', values.max, 1),
    json: values.json,
  }),
);

/** The engine's candidate list for a workspace: the first run, localization, template edits, in validation order. */
async function engineCandidates(subject: Subject, max: number): Promise<{ options: ValidatorOptions; candidates: Candidate[] }> {
  const run = await runPytest({
    workspace: subject.workspace,
    python: subject.python,
    selection: subject.tests,
    coverage: true,
    perTestTimeoutMs: 10_000,
  });
  const failures = failuresOf(run).filter((f) => f.kind !== 'collection');
  const readSource = async (file: string) => fs.promises.readFile(path.join(run.workspace, file), 'utf8').catch(() => null);
  const suspects = await localize(run, failures, { workspace: run.workspace, readSource, isTestFile });
  const templates = await templateCandidates(suspects.filter((s) => !isTestFile(s.file)).slice(0, 5), readSource, {
    maxCandidates: 2000,
    allowTestEdits: false,
    isTestFile,
    failures,
  });
  return {
    options: {
      workspace: run.workspace,
      python: subject.python,
      failing: failures.map((f) => f.nodeid),
      passing: run.tests.filter((t) => t.outcome === 'passed').map((t) => t.nodeid),
      coverage: coverageByTest(run),
      workers: 1,
      // Candidates that loop cost their whole limit in both pools alike: a short one keeps the run short.
      perCandidateTimeoutMs: TIMEOUT_MS,
    },
    candidates: templates.slice(0, max),
  };
}

/** Validates every candidate one at a time; the validated ones' summaries and the wall time of each. */
async function validateAll(start: StartPool, options: ValidatorOptions, candidates: Candidate[]) {
  const pool = await start(options);
  const times: number[] = [];
  const validated: Candidate[] = [];
  try {
    for (const candidate of candidates) {
      const started = performance.now();
      const outcome = await pool.validate(candidate);
      times.push(performance.now() - started);
      if (outcome.verdict === 'validated') validated.push(candidate);
    }
  } finally {
    await pool.dispose();
  }
  return { validated, msPerCandidate: median(times) };
}

async function measure(subject: Subject, baseline: StartPool, max: number, baselineFirst: boolean): Promise<Row> {
  const { options, candidates } = await engineCandidates(subject, max);
  const current: StartPool = (o) => ValidatorPool.start(o);
  const order: Array<['baseline' | 'current', StartPool]> = [
    ['baseline', baseline],
    ['current', current],
  ];
  if (!baselineFirst) order.reverse();
  const results: Partial<Record<'baseline' | 'current', Awaited<ReturnType<typeof validateAll>>>> = {};
  for (const [name, start] of order) results[name] = await validateAll(start, options, candidates);
  // The clean re-check of what this build validated.
  const pool = await ValidatorPool.start(options);
  const recheckTimes: number[] = [];
  const recheckFailed: string[] = [];
  try {
    for (const candidate of results.current!.validated) {
      const outcome = await pool.validate(candidate);
      const started = performance.now();
      const again = await pool.recheck(outcome, Buffer.from(candidate.newFileText, 'utf8'));
      recheckTimes.push(performance.now() - started);
      if (again.verdict !== 'validated') recheckFailed.push(`${candidate.summary} (${again.detail})`);
    }
  } finally {
    await pool.dispose();
  }
  return {
    bug: subject.name,
    candidates: candidates.length,
    baselineValidated: results.baseline!.validated.map((c) => c.summary),
    validated: results.current!.validated.map((c) => c.summary),
    recheckFailed,
    baselineMsPerCandidate: results.baseline!.msPerCandidate,
    msPerCandidate: results.current!.msPerCandidate,
    recheckMs: median(recheckTimes),
  };
}

function ms(value: number | null): string {
  return value === null ? '-' : value.toFixed(0);
}

function subjects(temp: string): Subject[] {
  const classic = loadBugSet('classic', args.only).map(({ name, dir }) => {
    const workspace = path.join(temp, name);
    fs.cpSync(dir, workspace, { recursive: true });
    return { name: `classic/${name}`, workspace, python: 'python3', tests: [] };
  });
  // Unlike --only, an empty --real picks none.
  const wanted = args.real ? args.real.split(',') : [];
  const real = loadBugList()
    .filter((bug) => wanted.includes(bug.id))
    .map((bug, index) => {
      const workspace = path.join(temp, `real-${index}`);
      makeWorkspace(bug, workspace, REAL_PYTHON);
      return { name: bug.id, workspace, python: REAL_PYTHON, tests: bug.tests };
    });
  return [...classic, ...real];
}

async function main(): Promise<void> {
  const baselineModule = path.resolve(args.baseline, 'out', 'src', 'core', 'validate', 'index.js');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { ValidatorPool: BaselinePool } = require(baselineModule) as { ValidatorPool: { start: StartPool } };
  const baseline: StartPool = (o) => BaselinePool.start(o);
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-bench-clean-world-'));
  const rows: Row[] = [];
  try {
    console.log(
      tableHead([
        'bug',
        'candidates',
        'validated: baseline / clean world',
        'only in baseline',
        'only in clean world',
        'failed clean re-check',
        'ms per candidate: baseline / clean world',
        're-check ms',
      ]),
    );
    for (const [index, subject] of subjects(temp).entries()) {
      const row = await measure(subject, baseline, args.max, index % 2 === 0);
      rows.push(row);
      const onlyBaseline = row.baselineValidated.filter((s) => !row.validated.includes(s));
      const onlyCurrent = row.validated.filter((s) => !row.baselineValidated.includes(s));
      console.log(
        tableRow([
          row.bug,
          row.candidates,
          `${row.baselineValidated.length} / ${row.validated.length}`,
          onlyBaseline.join('; ') || '-',
          onlyCurrent.join('; ') || '-',
          row.recheckFailed.join('; ') || '-',
          `${ms(row.baselineMsPerCandidate)} / ${ms(row.msPerCandidate)}`,
          ms(row.recheckMs),
        ]),
      );
      if (args.json) fs.writeFileSync(args.json, JSON.stringify({ load: os.loadavg(), rows }, null, 2) + '\n');
    }
    const ratio = rows.flatMap((r) => (r.baselineMsPerCandidate && r.msPerCandidate ? [r.msPerCandidate / r.baselineMsPerCandidate] : []));
    console.log('');
    console.log(`median ratio of ms per candidate (clean world / baseline): ${median(ratio)?.toFixed(2) ?? '-'} over ${ratio.length} bugs`);
    console.log(`median clean re-check: ${ms(median(rows.flatMap((r) => (r.recheckMs === null ? [] : [r.recheckMs]))))} ms`);
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
