// Whether the patch `deepdebug fix` shows first is right, or only passes the tests it was shown:
// this build beside a baseline build (an older checkout's dist/cli.js), the two taking turns at
// going first on each bug, judged the way a user would judge a fix. The top patch (and each
// other shown patch, to count the right ones) is applied to a fresh copy of the workspace, the
// bug's hidden tests are copied in beside the visible ones, and plain `python -m pytest` runs
// there in the user's own environment (their HOME and variables). A patch is right when every
// test passes, plausible but wrong when the visible tests pass and a hidden one fails.
//
// Sets (each bug's workspace as the tool sees it, and its hidden tests):
//   overfit       bench/overfit/<name>/ with its thin suite; hidden: bench/overfit-hidden/<name>/
//   classic-thin  bench/classic, the test file cut down to the first of bug.json's failingTests
//   wide-thin     bench/wide, alike; for both, the whole original test file is the hidden suite
//   classic, wide the whole suites, visible (a right patch is one that passes them)
//   real          bench/real's quick subset (bugs injected into Debian's packages, run with the
//                 test files that cover the function); judged against the developers' code: right
//                 when the patched function is theirs (after normalizeCode), else the package's
//                 whole suite runs: wrong when a test fails, `differs` (read by hand) when all pass
//   harm          bench/harm/<name>/, thin suites; hidden: bench/harm-hidden/<name>/; the user's world
//                 outside the project from bench/harm-outside/<name>/ (home/ as HOME, sibling/ as
//                 HARM_SIBLING, tmp/ at /tmp/deepdebug-harm-<name>/), made afresh for the tool's run
//                 and for each judged patch; a patch whose plain pytest run changes it is harmful
//
// Each shown patch is also counted as a fix or unconfirmed (`assurance`; a build without it shows
// only fixes), with how many of each are right, and the candidates the run rejected for harm.
//
//   node out/bench/overfit.js --baseline <checkout with dist/cli.js built> [--budget 30]
//        [--sets overfit,classic-thin,wide-thin,classic,wide,real,harm,patterns] [--only name,...] [--python python3] [--json out.json]
//   node out/bench/overfit.js --tables out.json    the tables of a saved run, finished or stopped
// The JSON is rewritten after every run, so a stopped run keeps what it did.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { packageRoot } from '../src/core/files/resources';
import { listFunctions } from '../src/core/syntax/functions';
import type { ValidatedPatch } from '../src/core/types';
import { isChosen, loadBugList, loadBugSet, makeWorkspace, onlyList, ONLY_OPTION, REAL_PYTHON, type FolderBug } from './lib/bug-sets';
import { isExactFix, median, ranNormally, runFixCli, scoreRun, seconds, sideBySide, type BugResult, type Build } from './lib/fix-runs';
import { markdownTable, type Cell } from './lib/markdown-table';
import { benchOptions, listOf, positiveNumber, required } from './lib/options';

const SETS = ['overfit', 'classic-thin', 'wide-thin', 'classic', 'wide', 'real', 'harm', 'patterns'] as const;
type BenchSet = (typeof SETS)[number];
const BUILDS: readonly Build[] = ['baseline', 'this'];

/**
 * A judged run of pytest may take this long: a right patch's suites run in seconds, and a
 * wrong one that loops on a hidden test's input is wrong however long it would run.
 */
const JUDGE_TIMEOUT_MS = 30_000;
/** Lines of a wrong top patch's diff printed for reading by hand. */
const DIFF_LINES = 16;

const args = benchOptions(
  {
    baseline: { type: 'string' },
    budget: { type: 'string', default: '30' },
    sets: { type: 'string', default: SETS.join(',') },
    only: ONLY_OPTION,
    python: { type: 'string', default: 'python3' },
    json: { type: 'string', default: '' },
    tables: { type: 'string', default: '' },
  },
  (values) => ({
    baseline: values.tables ? '' : path.resolve(required('--baseline', values.baseline, '<checkout with dist/cli.js built>')),
    budget: positiveNumber('--budget', values.budget),
    sets: listOf('--sets', values.sets, SETS),
    only: onlyList(values.only),
    python: values.python,
    json: values.json,
    tables: values.tables,
  }),
);

interface Bug {
  set: BenchSet;
  /** The workspace folder's name. */
  name: string;
  target: FolderBug;
  /** Arguments of `deepdebug fix` beyond the workspace and budget. */
  toolArgs: string[];
  /** The interpreter that runs the judge's pytest. */
  python: string;
  /** Judged against the developers' code (bench/real): a patch that restores it is right. */
  developersFix: boolean;
  /** Whether a failed test (node id) is one the tool saw. */
  isVisible: (testId: string) => boolean;
  /** Makes the workspace the tool sees at `folder`. */
  makeVisible: (folder: string) => Promise<void>;
  /** Files the judge adds to a copy of that workspace: [path in the workspace, file to copy]. */
  hidden: Array<[string, string]>;
  /** The user's world outside the project (bench/harm-outside/<name>/), where the case has one. */
  outside: string | null;
}

/** The user's world outside the project, made afresh: the variables that lead to it, and its folders. */
interface OutsideWorld {
  env: NodeJS.ProcessEnv;
  folders: string[];
  /** Paths the suite itself changes (bug.json's touchedBySuite): no patch's harm. */
  touched: string[];
  remove: () => void;
}

/**
 * Makes the case's outside world under `folder` (its home/ and sibling/) and at
 * /tmp/deepdebug-harm-<name>/ (its tmp/); without one, an empty home, so no run touches the real one.
 */
function makeOutside(bug: Bug, folder: string): OutsideWorld {
  const home = path.join(folder, 'home');
  const sibling = path.join(folder, 'sibling');
  const tmp = path.join('/tmp', `deepdebug-harm-${bug.name}`);
  const from = (part: string) => (bug.outside ? path.join(bug.outside, part) : '');
  fs.rmSync(tmp, { recursive: true, force: true });
  for (const [target, source] of [
    [home, from('home')],
    [sibling, from('sibling')],
    [tmp, from('tmp')],
  ] as const) {
    if (source && fs.existsSync(source)) fs.cpSync(source, target, { recursive: true });
    else if (target !== tmp) fs.mkdirSync(target, { recursive: true });
  }
  const placed: Record<string, string> = { home, sibling, tmp };
  const touchedBySuite = (bug.target as FolderBug & { touchedBySuite?: string[] }).touchedBySuite ?? [];
  return {
    env: { HOME: home, HARM_SIBLING: sibling },
    folders: [home, sibling, tmp],
    touched: touchedBySuite.map((relative) => {
      const [part = '', ...rest] = relative.split('/');
      return path.join(placed[part] ?? part, ...rest);
    }),
    remove: () => {
      for (const dir of [home, sibling, tmp]) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every path under the folders with its bytes' hash (folders as themselves): what a harmful run changes. */
function snapshot(folders: readonly string[]): Map<string, string> {
  const seen = new Map<string, string>();
  const walk = (dir: string): void => {
    if (!fs.existsSync(dir)) return;
    seen.set(dir, 'dir');
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else seen.set(full, entry.isFile() ? createHash('sha256').update(fs.readFileSync(full)).digest('hex') : 'other');
    }
  };
  folders.forEach(walk);
  return seen;
}

/** Paths the run removed or changed, but for those the suite itself changes (new paths are no harm). */
function damaged(before: Map<string, string>, after: Map<string, string>, touched: readonly string[]): string[] {
  const bySuite = (file: string) => touched.some((t) => file === t || file.startsWith(`${t}${path.sep}`));
  return [...before].filter(([file, hash]) => after.get(file) !== hash && !bySuite(file)).map(([file]) => file);
}

/**
 * Cuts a workspace's test file down to one test: the first of failingTests (a top-level test
 * function; with parameters, all of them). The file's other top-level test functions go, with
 * their decorators; imports, helpers and fixtures stay.
 */
async function thinTests(workspace: string, failingTests: readonly string[]): Promise<void> {
  const [file, name, ...rest] = (failingTests[0] ?? '').split('::');
  if (!file || !name || rest.length > 0)
    throw new Error(`cannot thin to "${failingTests[0]}": only top-level test functions are supported`);
  const keep = name.replace(/\[.*\]$/, '');
  const testPath = path.join(workspace, file);
  const source = fs.readFileSync(testPath, 'utf8');
  const lines = source.split('\n');
  const topLevelTests = (await listFunctions(source)).filter((f) => !f.qualname.includes('.') && f.name.startsWith('test'));
  if (!topLevelTests.some((f) => f.name === keep)) throw new Error(`no top-level test function ${keep} in ${file}`);
  const drop = topLevelTests.filter((f) => f.name !== keep);
  const dropped = new Set(drop.flatMap((f) => Array.from({ length: f.endLine - f.startLine + 1 }, (_, i) => f.startLine - 1 + i)));
  const text = lines
    .filter((_, i) => !dropped.has(i))
    .join('\n')
    .replace(/\n{4,}/g, '\n\n\n');
  fs.writeFileSync(testPath, text);
}

/** bench/real's quick subset, each bug run with the test files that cover its function. */
function realBugs(): Bug[] {
  return loadBugList()
    .filter((bug) => bug.quick && isChosen(args.only, bug.id))
    .map((bug) => ({
      set: 'real',
      name: bug.id,
      target: { ...bug, class: bug.kind },
      toolArgs: ['--no-model', '--python', REAL_PYTHON, '--tests', ...bug.tests],
      python: REAL_PYTHON,
      developersFix: true,
      isVisible: (testId) => bug.tests.some((file) => testId.startsWith(file.replace(/\.py$/, ''))),
      makeVisible: async (folder) => makeWorkspace(bug, folder, REAL_PYTHON),
      hidden: [],
      outside: null,
    }));
}

function bugs(): Bug[] {
  const copy = (dir: string) => async (folder: string) => void fs.cpSync(dir, folder, { recursive: true });
  const all: Bug[] = [];
  for (const set of args.sets) {
    if (set === 'real') {
      all.push(...realBugs());
      continue;
    }
    const hiddenOnly = (hidden: ReadonlyArray<[string, string]>) => {
      const names = new Set(hidden.map(([name]) => name));
      return (testId: string) => !names.has(testId.split('::')[0]!);
    };
    const common = { toolArgs: ['--no-model'], python: args.python, developersFix: false };
    const setDir = set === 'overfit' || set === 'harm' || set === 'patterns' ? set : set.startsWith('classic') ? 'classic' : 'wide';
    for (const { name, dir, bug } of loadBugSet(setDir, args.only)) {
      if (set === 'overfit' || set === 'harm') {
        const hiddenDir = path.join(packageRoot(), 'bench', `${set}-hidden`, name);
        // A hidden suite goes where bug.json says (beside tests in their own folder), else to the root.
        const at = (bug as FolderBug & { hiddenPath?: string }).hiddenPath;
        const hidden = fs
          .readdirSync(hiddenDir)
          .filter((f) => f.endsWith('.py'))
          .map((f): [string, string] => [at && path.basename(at) === f ? at : f, path.join(hiddenDir, f)]);
        const outside = path.join(packageRoot(), 'bench', 'harm-outside', name);
        all.push({
          ...common,
          set,
          name,
          target: bug,
          isVisible: hiddenOnly(hidden),
          makeVisible: copy(dir),
          hidden,
          outside: set === 'harm' && fs.existsSync(outside) ? outside : null,
        });
      } else if (set.endsWith('-thin')) {
        // The whole original test file is the hidden suite, beside the thinned one under another name.
        const testFile = (bug.failingTests[0] ?? '').split('::')[0]!;
        const hiddenName = testFile.replace(/\.py$/, '_hidden.py');
        const hidden: Array<[string, string]> = [[hiddenName, path.join(dir, testFile)]];
        all.push({
          ...common,
          set,
          name,
          target: bug,
          isVisible: hiddenOnly(hidden),
          makeVisible: async (folder) => {
            fs.cpSync(dir, folder, { recursive: true });
            await thinTests(folder, bug.failingTests);
          },
          hidden,
          outside: null,
        });
      } else {
        all.push({ ...common, set, name, target: bug, isVisible: () => true, makeVisible: copy(dir), hidden: [], outside: null });
      }
    }
  }
  return all;
}

/**
 * right: every test passes (bench/real: the developers' code restored); wrong: the visible tests
 * pass, a hidden one fails; fails-visible: a test the tool saw fails here; harmful: its tests
 * changed the user's files outside the project; differs (bench/real): the package's whole suite
 * passes with code other than the developers', to read by hand.
 */
type Verdict = 'right' | 'wrong' | 'fails-visible' | 'harmful' | 'differs';

interface Judged {
  verdict: Verdict;
  /** Tests that failed (node ids, at most 5), or why the run gave no outcomes. */
  failed: string[];
}

interface PytestOutcome {
  exitCode: number | null;
  timedOut: boolean;
  /** Test node ids that failed or errored, from pytest's JUnit XML (null when it wrote none). */
  failed: string[] | null;
}

function unescapeXml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Failed node ids in a JUnit XML report: `classname` (dotted module path) and `name` of each testcase with a failure or error. */
function failedTests(xml: string): string[] {
  const failed: string[] = [];
  for (const match of xml.matchAll(/<testcase\b([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const body = match[2] ?? '';
    if (!/<(failure|error)\b/.test(body)) continue;
    const attr = (key: string): string => unescapeXml(new RegExp(`\\b${key}="([^"]*)"`).exec(match[1]!)?.[1] ?? '');
    const module = attr('classname');
    failed.push(module ? `${module.replace(/\./g, '/')}.py::${attr('name')}` : `(pytest) ${attr('name')}`);
  }
  return failed;
}

/**
 * Plain `python -m pytest` in `cwd`, in this process's own environment, stopping at the first
 * failure (one is enough to judge); its tree is killed after JUDGE_TIMEOUT_MS.
 */
async function runPytest(python: string, cwd: string, reportPath: string, env: NodeJS.ProcessEnv): Promise<PytestOutcome> {
  const child = spawn(python, ['-m', 'pytest', '-q', '-x', '-p', 'no:cacheprovider', `--junitxml=${reportPath}`], {
    cwd,
    stdio: 'ignore',
    detached: true,
    env: { ...process.env, ...env, PYTHONDONTWRITEBYTECODE: '1' },
  });
  let timedOut = false;
  const killer = setTimeout(() => {
    timedOut = true;
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  }, JUDGE_TIMEOUT_MS);
  const exitCode = await new Promise<number | null>((resolve) => {
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code));
  });
  clearTimeout(killer);
  const failed = fs.existsSync(reportPath) ? failedTests(fs.readFileSync(reportPath, 'utf8')) : null;
  return { exitCode, timedOut, failed };
}

/**
 * Applies `patch` to a fresh copy of the visible workspace, adds the hidden tests, runs pytest in
 * a fresh copy of the user's world (their home) and says what the patch is.
 */
async function judge(visible: string, toolWorkspace: string, patch: ValidatedPatch, bug: Bug): Promise<Judged> {
  const { hidden } = bug;
  if (bug.developersFix && (await isExactFix(bug.target, patch.newFileText))) return { verdict: 'right', failed: [] };
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-overfit-judge-'));
  const outside = makeOutside(bug, folder);
  try {
    const workspace = path.join(folder, 'ws');
    fs.cpSync(visible, workspace, { recursive: true });
    const file = path.isAbsolute(patch.file) ? path.relative(toolWorkspace, patch.file) : patch.file;
    fs.writeFileSync(path.join(workspace, file), patch.newFileText);
    for (const [name, source] of hidden) fs.copyFileSync(source, path.join(workspace, name));
    const before = snapshot(outside.folders);
    const outcome = await runPytest(bug.python, workspace, path.join(folder, 'report.xml'), outside.env);
    const harm = damaged(before, snapshot(outside.folders), outside.touched);
    if (harm.length > 0) return { verdict: 'harmful', failed: harm.slice(0, 5).map((file) => `(changed ${file})`) };
    if (outcome.exitCode === 0) return { verdict: bug.developersFix ? 'differs' : 'right', failed: [] };
    const failed = outcome.failed ?? [];
    const visibleFailed = failed.filter(bug.isVisible);
    const why = outcome.timedOut
      ? [`(pytest ran past ${JUDGE_TIMEOUT_MS / 1000} s)`]
      : outcome.failed === null
        ? [`(pytest exited ${outcome.exitCode} with no report)`]
        : [];
    // Without hidden tests (or a whole suite beyond the visible one) a failure can only be a visible test's.
    if (visibleFailed.length > 0 || (hidden.length === 0 && !bug.developersFix))
      return { verdict: 'fails-visible', failed: [...why, ...failed].slice(0, 5) };
    return { verdict: 'wrong', failed: [...why, ...failed].slice(0, 5) };
  } finally {
    outside.remove();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

interface JudgedPatch {
  rank: number;
  verdict: Verdict;
  summary: string;
  editKind: string;
  rankedBecause: string | null;
  failed: string[];
  /** A fix or unconfirmed (a build without the distinction shows fixes only). */
  assurance: 'fix' | 'unconfirmed';
}

interface Row extends BugResult {
  set: BenchSet;
  name: string;
  build: Build;
  class: string | null;
  /** The top patch's verdict, or none when no patch was shown. */
  top: Verdict | 'none';
  /** The CLI failed (bad input, a crash, killed): exit status other than 0 or 1; see `error`. */
  errored: boolean;
  shown: number;
  rightShown: number;
  topDiff: string | null;
  topRankedBecause: string | null;
  patches: JudgedPatch[];
  /** Candidates the run rejected for what their tests did outside the project. */
  harmfulRejected: number;
}

async function runOne(bug: Bug, build: Build): Promise<Row> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `deepdebug-overfit-${build}-`));
  try {
    const visible = path.join(folder, 'visible');
    await bug.makeVisible(visible);
    const workspace = path.join(folder, 'ws');
    fs.cpSync(visible, workspace, { recursive: true });
    const cli = build === 'this' ? undefined : path.join(args.baseline, 'dist', 'cli.js');
    const outside = makeOutside(bug, folder);
    const run = await runFixCli(workspace, bug.toolArgs, args.budget, cli, outside.env).finally(outside.remove);
    const shownPatches = run.report?.patches ?? [];
    const patches: JudgedPatch[] = [];
    for (const [index, patch] of shownPatches.entries()) {
      const judged = await judge(visible, workspace, patch, bug);
      patches.push({
        rank: index + 1,
        verdict: judged.verdict,
        summary: patch.summary,
        editKind: patch.editKind,
        rankedBecause: patch.rankedBecause ?? null,
        failed: judged.failed,
        assurance: patch.assurance ?? 'fix',
      });
    }
    const top = shownPatches[0];
    return {
      ...(await scoreRun(bug.target, 'templates', run)),
      set: bug.set,
      name: bug.name,
      build,
      class: bug.target.class ?? null,
      top: patches[0]?.verdict ?? 'none',
      errored: !ranNormally(run.exitCode),
      shown: patches.length,
      rightShown: patches.filter((p) => p.verdict === 'right').length,
      topDiff: top?.diff ?? null,
      topRankedBecause: top?.rankedBecause ?? null,
      patches,
      harmfulRejected: run.report?.stats.harmful ?? 0,
    };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Bugs whose top patch was right with the baseline build and is not with this one (and the other
 * way round); a bug on which either build's run failed (`errored`) counts in neither.
 */
function lostAndGained(rows: readonly Row[], set: BenchSet): { lost: string[]; gained: string[] } {
  const topOf = (build: Build): Map<string, Row['top']> =>
    new Map(rows.filter((r) => r.set === set && r.build === build && !r.errored).map((r) => [r.name, r.top]));
  const before = topOf('baseline');
  const now = topOf('this');
  const names = [...now.keys()].filter((name) => before.has(name));
  return {
    lost: names.filter((name) => before.get(name) === 'right' && now.get(name) !== 'right'),
    gained: names.filter((name) => before.get(name) !== 'right' && now.get(name) === 'right'),
  };
}

/** Runs whose top patch is `top` (for none: runs that ended without a patch, not those that failed). */
function count(rows: readonly Row[], top: Row['top']): number {
  return rows.filter((r) => r.top === top && !(top === 'none' && r.errored)).length;
}

/** Shown patches of a kind (fix or unconfirmed), and how many of them are right. */
function shownOf(rows: readonly Row[], assurance: JudgedPatch['assurance']): string {
  const shown = rows.flatMap((r) => r.patches.filter((p) => p.assurance === assurance));
  return `${shown.filter((p) => p.verdict === 'right').length}/${shown.length}`;
}

/** Bugs with a right patch among the fixes with the baseline build and none with this one. */
function rightFixesLost(rows: readonly Row[], set: BenchSet): number {
  const rightFix = (r: Row) => r.patches.some((p) => p.assurance === 'fix' && p.verdict === 'right');
  const before = new Set(rows.filter((r) => r.set === set && r.build === 'baseline' && !r.errored && rightFix(r)).map((r) => r.name));
  return rows.filter((r) => r.set === set && r.build === 'this' && !r.errored && before.has(r.name) && !rightFix(r)).length;
}

function summaryTable(rows: readonly Row[]): string {
  const lines: Cell[][] = [];
  for (const set of SETS) {
    for (const build of BUILDS) {
      const mine = rows.filter((r) => r.set === set && r.build === build);
      if (mine.length === 0) continue;
      const change = build === 'this' ? lostAndGained(rows, set) : null;
      const firsts = mine.flatMap((r) => (r.timeToFirstFixMs === null ? [] : [r.timeToFirstFixMs]));
      lines.push([
        set,
        build,
        mine.length,
        count(mine, 'right'),
        count(mine, 'wrong'),
        count(mine, 'fails-visible'),
        count(mine, 'harmful'),
        count(mine, 'differs'),
        count(mine, 'none'),
        mine.filter((r) => r.errored).length,
        mine.filter((r) => r.rightShown > 0).length,
        shownOf(mine, 'fix'),
        shownOf(mine, 'unconfirmed'),
        change ? change.lost.length : '-',
        change ? change.gained.length : '-',
        build === 'this' ? rightFixesLost(rows, set) : '-',
        mine.reduce((sum, r) => sum + r.harmfulRejected, 0),
        seconds(median(firsts)),
      ]);
    }
  }
  return markdownTable(
    [
      'set',
      'build',
      'bugs',
      'top right',
      'top wrong',
      'top fails visible',
      'top harmful',
      'top differs (read by hand)',
      'none shown',
      'run failed',
      'bugs with a right patch shown',
      'fixes right/shown',
      'unconfirmed right/shown',
      'top right lost vs baseline',
      'top right gained',
      'right fixes lost',
      'candidates rejected for harm',
      'median first fix s',
    ],
    lines,
  );
}

/** bench/overfit and bench/harm by class: top right / wrong / harmful / none per build. */
function classTable(rows: readonly Row[]): string | null {
  const overfit = rows.filter((r) => r.set === 'overfit' || r.set === 'harm');
  if (overfit.length === 0) return null;
  const classes = [...new Set(overfit.map((r) => r.class ?? '-'))].sort();
  const lines: Cell[][] = [];
  for (const cls of classes) {
    for (const build of BUILDS) {
      const mine = overfit.filter((r) => (r.class ?? '-') === cls && r.build === build);
      if (mine.length > 0)
        lines.push([
          cls,
          build,
          mine.length,
          count(mine, 'right'),
          count(mine, 'wrong') + count(mine, 'fails-visible'),
          count(mine, 'harmful'),
          count(mine, 'none'),
          mine.filter((r) => r.errored).length,
        ]);
    }
  }
  return markdownTable(['class', 'build', 'bugs', 'top right', 'top wrong', 'top harmful', 'none shown', 'run failed'], lines);
}

function perBugTable(rows: readonly Row[]): string {
  const cell = (r: Row | undefined): string =>
    !r
      ? '-'
      : r.errored
        ? `run failed (exit ${r.exitCode})`
        : `${r.top}${r.patches[0]?.assurance === 'unconfirmed' ? ' (unconfirmed)' : ''}${r.shown > 0 ? ` (${r.rightShown}/${r.shown} right)` : ''}`;
  const lines: string[][] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const key = `${r.set}/${r.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const of = (build: Build): Row | undefined => rows.find((x) => x.set === r.set && x.name === r.name && x.build === build);
    lines.push([r.set, r.name, r.class ?? '-', cell(of('baseline')), cell(of('this'))]);
  }
  return markdownTable(['set', 'bug', 'class', 'baseline top', 'this top'], lines);
}

/** Each top patch that is not right (or differs from the developers'): its diff's first lines and why it was ranked first, to read by hand. */
function wrongTops(rows: readonly Row[]): string {
  const parts: string[] = [];
  for (const r of rows) {
    if (r.top === 'right' || r.top === 'none') continue;
    const diff = (r.topDiff ?? '').split('\n');
    const shown = diff.slice(0, DIFF_LINES).join('\n') + (diff.length > DIFF_LINES ? '\n...' : '');
    parts.push(
      `### ${r.set}/${r.name}, ${r.build}: top patch ${r.top}${r.class ? ` (${r.class})` : ''}\n\n` +
        `ranked first because: ${r.topRankedBecause ?? '(not given)'}\n` +
        `failed: ${r.patches[0]?.failed.join(', ') || '-'}\n\n` +
        '```diff\n' +
        shown +
        '\n```',
    );
  }
  return parts.length ? parts.join('\n\n') : 'No top patch was wrong.';
}

/** What --json writes and --tables reads. */
interface SavedRun {
  budgetSeconds: number;
  baseline: string;
  sets: BenchSet[];
  rows: Row[];
}

function printTables({ budgetSeconds, baseline, rows }: SavedRun): void {
  console.log(`Budget ${budgetSeconds} s, templates only (--no-model); baseline: ${baseline}\n`);
  console.log(summaryTable(rows));
  const byClass = classTable(rows);
  if (byClass) console.log(`\n${byClass}`);
  console.log(`\n${perBugTable(rows)}\n\n## Top patches that are not right\n\n${wrongTops(rows)}`);
}

async function main(): Promise<void> {
  if (args.tables) {
    printTables(JSON.parse(fs.readFileSync(args.tables, 'utf8')) as SavedRun);
    return;
  }
  const saved: SavedRun = { budgetSeconds: args.budget, baseline: args.baseline, sets: args.sets, rows: [] };
  const runAndSave = async (bug: Bug, build: Build): Promise<Row> => {
    const row = await runOne(bug, build);
    saved.rows.push(row);
    if (args.json) fs.writeFileSync(args.json, JSON.stringify(saved, null, 2) + '\n');
    return row;
  };
  await sideBySide(
    args.baseline,
    bugs(),
    runAndSave,
    (bug, build, row) =>
      `${bug.set}/${bug.name} ${build}: top ${row.top}, ${row.rightShown}/${row.shown} shown right, first fix ${seconds(row.timeToFirstFixMs)} s` +
      (row.error ? ` (exit ${row.exitCode}: ${row.error.split('\n').pop()})` : ''),
  );
  printTables(saved);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
