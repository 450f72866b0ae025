// The user's model server as a source of fixes (issue 45), measured with a scripted server that
// knows the answer: `deepdebug fix --no-model --model-server <loopback>` on bench/synth's 37
// small programs and bench/real's quick subset, one bug at a time, in two modes.
//
//   oracle  asked about the bug's function, the server answers the developers' fixedFunction
//           as a chat model writes one: a sentence, the fenced block, a remark; per bug
//           (deterministically, from its id) with its docstring kept or dropped, the blank
//           lines inside changed or not, and the function alone or after a neighbouring function
//           of its file (a method: both inside their `class X:` header). Asked about another
//           function, it answers that function unchanged (a model that finds nothing to fix).
//   noisy   the right fix and 4 plausible wrong ones (small mutations of the fixed function:
//           bench/lib/oracle_answers.py; fewer where a short function offers fewer), in a fixed
//           shuffled order over `--server-samples 5`.
//
// In both, a feedback round (the engine tells the server how its answer did) is answered with
// that answer again: the rounds add no candidate, so each mode measures what it scripts.
//
// A shown patch is right when its function is the fixedFunction or the text the server sent for
// it (after normalizeCode), or when the patched file's function is the fixedFunction (isExactFix,
// as bench/real scores). Per bug: whether the server was asked about the bug's function, the
// right patch's place among the shown ones and its assurance, the top patch, the noisy answers'
// places, the time to the first fix and the server's time; where the right fix is not first,
// why (the patches' rankedBecause, the server's stats, the search's counts).
//
//   node out/bench/server.js [--sets synth,real] [--modes oracle,noisy] [--budget 30]
//        [--only id-or-name,...] [--python python3] [--out <folder>]
//        [--cli <a build's dist/cli.js>]   (default: this checkout's; e.g. a clean build of HEAD
//                                           while src/ has uncommitted work)
//   node out/bench/server.js --tables <results.json>    the tables of a saved run, finished or stopped
//
// Run it at `nice -n 19` on a shared machine (about 35 min for both sets and modes at 30 s on 2 loaded
// cores). Results go to bench/results/<date>-<commit>-server-oracle/ (results.json and table.md,
// rewritten after every bug, so a stopped run keeps what it did). The real subjects need
// `apt-get install python3-toolz python3-h11 python3-cerberus python3-aniso8601 python3-bs4`.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { normalizeCode } from '../src/core/generate/candidate';
import { packageRoot } from '../src/core/files/resources';
import { extractFocal } from '../src/core/skeleton/markers';
import { listFunctions, type FunctionInfo } from '../src/core/syntax/functions';
import type { FixReport, ValidatedPatch } from '../src/core/types';
import { startModelServer, type ChatRequest } from '../test/helpers/model-server';
import { isChosen, loadBugList, loadBugSet, makeWorkspace, onlyList, ONLY_OPTION, REAL_PYTHON } from './lib/bug-sets';
import { isExactFix, median, runFixCli, seconds } from './lib/fix-runs';
import { markdownTable } from './lib/markdown-table';
import { benchOptions, listOf, positiveNumber } from './lib/options';

const SETS = ['synth', 'real'] as const;
type BenchSet = (typeof SETS)[number];
const MODES = ['oracle', 'noisy'] as const;
type Mode = (typeof MODES)[number];
const MODEL = 'oracle-coder:7b';
const NOISY_SAMPLES = 5;
const WRONG_VARIANTS = 4;
const ORACLE_HELPER = path.join(packageRoot(), 'bench', 'lib', 'oracle_answers.py');

const args = benchOptions(
  {
    sets: { type: 'string', default: SETS.join(',') },
    modes: { type: 'string', default: MODES.join(',') },
    budget: { type: 'string', default: '30' },
    only: ONLY_OPTION,
    python: { type: 'string', default: 'python3' },
    out: { type: 'string', default: '' },
    cli: { type: 'string', default: '' },
    tables: { type: 'string', default: '' },
  },
  (values) => ({
    sets: listOf('--sets', values.sets, SETS),
    modes: listOf('--modes', values.modes, MODES),
    budget: positiveNumber('--budget', values.budget),
    only: onlyList(values.only),
    python: values.python,
    out: values.out,
    cli: values.cli ? path.resolve(values.cli) : path.join(packageRoot(), 'dist', 'cli.js'),
    ownBuild: !values.cli,
    tables: values.tables,
  }),
);

interface Bug {
  set: BenchSet;
  id: string;
  kind: string;
  /** The buggy file, relative to the workspace. */
  file: string;
  function: string;
  fixedFunction: string;
  startLine?: number;
  /** Arguments of `deepdebug fix` beyond the server's, the budget and the report. */
  toolArgs: string[];
  makeWorkspace: (folder: string) => void;
}

/** What a bug of either set tells about its target: the fields every Bug shares. */
function targetOf(bug: { id: string; kind: string; file: string; function: string; fixedFunction: string }) {
  return { id: bug.id, kind: bug.kind, file: bug.file, function: bug.function, fixedFunction: bug.fixedFunction };
}

function bugs(): Bug[] {
  const all: Bug[] = [];
  for (const set of args.sets) {
    if (set === 'synth') {
      for (const { dir, bug } of loadBugSet('synth', args.only))
        all.push({
          set,
          ...targetOf(bug),
          toolArgs: ['--python', args.python],
          makeWorkspace: (folder) => fs.cpSync(dir, folder, { recursive: true }),
        });
    } else {
      for (const bug of loadBugList().filter((b) => b.quick && isChosen(args.only, b.id)))
        all.push({
          set,
          ...targetOf(bug),
          startLine: bug.startLine,
          toolArgs: ['--python', REAL_PYTHON, '--tests', ...bug.tests],
          makeWorkspace: (folder) => makeWorkspace(bug, folder, REAL_PYTHON),
        });
    }
  }
  return all;
}

/** `text` without its lines' common indentation (blank lines left empty), ending with a newline. */
function dedent(text: string): string {
  const lines = text.replace(/\n+$/, '').split('\n');
  const common = Math.min(...lines.filter((line) => line.trim() !== '').map((line) => /^[ \t]*/.exec(line)![0].length));
  return lines.map((line) => (line.trim() === '' ? '' : line.slice(common))).join('\n') + '\n';
}

function indented(text: string, indent: string): string {
  return text
    .replace(/\n+$/, '')
    .split('\n')
    .map((line) => (line.trim() === '' ? '' : indent + line))
    .join('\n');
}

/** Deterministic numbers in [0, 1) from a bug's id (mulberry32 seeded by its sha256). */
function randomFrom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}

const INTROS = [
  (name: string) => `The bug is in \`${name}\`. Here is the corrected function:`,
  (name: string) => `Looking at the failing test and the trace, \`${name}\` computes the wrong value. Fixed version:`,
  (name: string) => `Sure! The problem is in \`${name}\`; this version should make the tests pass:`,
  () => `Here's the fix:`,
];
const OUTROS = [
  'This makes the failing test pass without changing the other cases.',
  'The rest of the file can stay as it is.',
  'Let me know if you want me to add a test for this case.',
  '',
];

function chatAnswer(intro: string, block: string, outro: string): string {
  return `${intro}\n\n\`\`\`python\n${block.replace(/\n+$/, '')}\n\`\`\`${outro ? `\n\n${outro}` : ''}`;
}

/** How the oracle showed the fix (the served text is what its block held for the bug's function). */
interface Style {
  docstring: 'kept' | 'dropped' | 'none';
  blankLines: 'as is' | 'changed';
  context: 'alone' | 'after a neighbour' | 'in its class after a neighbour';
}

interface Variants {
  noDocstring: string | null;
  blankLinesChanged: string | null;
  blankLinesChangedNoDocstring: string | null;
  mutants: Array<{ kind: string; text: string }>;
}

/** What the server answers for one bug: worked out before the run (the server answers synchronously). */
interface Script {
  style: Style;
  /** The bug's function as the oracle's block holds it (dedented). */
  served: string;
  oracleAnswer: string;
  /** The noisy mode's answers in the order given, and what each is. */
  noisy: Array<{ what: string; text: string; answer: string }>;
}

async function functionNamed(fileText: string, qualname: string, nearLine: number): Promise<FunctionInfo | undefined> {
  const named = (await listFunctions(fileText)).filter((f) => f.qualname === qualname);
  return named.sort((a, b) => Math.abs(a.startLine - nearLine) - Math.abs(b.startLine - nearLine))[0];
}

async function script(bug: Bug, workspace: string): Promise<Script> {
  const fileText = fs.readFileSync(path.join(workspace, bug.file), 'utf8');
  const lines = fileText.split('\n');
  const all = await listFunctions(fileText);
  const target = await functionNamed(fileText, bug.function, bug.startLine ?? 0);
  if (!target) throw new Error(`${bug.id}: no function ${bug.function} in ${bug.file}`);
  const textOf = (fn: FunctionInfo) => lines.slice(fn.startLine - 1, fn.endLine).join('\n') + '\n';
  const fixed = dedent(bug.fixedFunction);
  const variants = JSON.parse(
    execFileSync('python3', [ORACLE_HELPER], {
      input: JSON.stringify({ fixed, buggy: dedent(textOf(target)), seed: bug.id, count: WRONG_VARIANTS }),
      encoding: 'utf8',
    }),
  ) as Variants;
  const random = randomFrom(bug.id);
  const name = bug.function.split('.').at(-1)!;

  // The oracle's style: each choice drawn from the id, so a rerun serves the same text.
  const dropDocstring = random() < 0.5;
  const changeBlankLines = random() < 0.5;
  const withNeighbour = random() < 0.5;
  let served = fixed;
  let docstring: Style['docstring'] = variants.noDocstring === null ? 'none' : 'kept';
  if (dropDocstring && variants.noDocstring !== null) {
    served = variants.noDocstring;
    docstring = 'dropped';
  }
  const blank = docstring === 'dropped' ? variants.blankLinesChangedNoDocstring : variants.blankLinesChanged;
  if (changeBlankLines && blank !== null) served = blank;
  // The neighbour: the nearest other function of the same class (or module level) before it, else after it.
  const siblings = all.filter(
    (f) => f !== target && f.className === target.className && f.qualname.split('.').length === target.qualname.split('.').length,
  );
  const before = siblings.filter((f) => f.endLine < target.startLine).sort((a, b) => b.endLine - a.endLine)[0];
  const neighbour = before ?? siblings.filter((f) => f.startLine > target.endLine).sort((a, b) => a.startLine - b.startLine)[0];
  let block = served;
  let context: Style['context'] = 'alone';
  if (withNeighbour && neighbour) {
    const pair = `${dedent(textOf(neighbour))}\n\n${served}`;
    if (target.className !== null) {
      block = `class ${target.className}:\n${indented(pair, '    ')}\n`;
      context = 'in its class after a neighbour';
    } else {
      block = `${dedent(textOf(neighbour))}\n\n\n${served}`;
      context = 'after a neighbour';
    }
  }
  const oracleAnswer = chatAnswer(pick(INTROS, random)(name), block, pick(OUTROS, random));

  const noisyTexts = [{ what: 'right', text: fixed }, ...variants.mutants.map((m) => ({ what: m.kind, text: m.text }))];
  const noisy = shuffled(noisyTexts, random).map((v) => ({
    ...v,
    answer: chatAnswer(pick(INTROS, random)(name), v.text, pick(OUTROS, random)),
  }));
  return {
    style: { docstring, blankLines: changeBlankLines && blank !== null ? 'changed' : 'as is', context },
    served,
    oracleAnswer,
    noisy,
  };
}

const ASKED = /The function `([^`]+)` in `([^`]+)` has a bug/;

/** The suspect a request asks about: its qualified name and file, from the prompt's first line. */
function askedAbout(request: ChatRequest): { function: string; file: string } | null {
  const user = request.messages.find((m) => m.role === 'user')?.content ?? '';
  const match = ASKED.exec(user);
  return match ? { function: match[1]!, file: match[2]! } : null;
}

function isBugFunction(bug: Bug, asked: { function: string; file: string } | null): boolean {
  return asked !== null && asked.function === bug.function && (asked.file === bug.file || asked.file.endsWith(`/${bug.file}`));
}

/** The other function, unchanged: a model that finds nothing to fix there. */
function unchangedAnswer(request: ChatRequest, name: string): string {
  const user = request.messages.find((m) => m.role === 'user')?.content ?? '';
  const focal = extractFocal(user);
  return chatAnswer(
    `I could not find a bug in \`${name}\`; it looks correct as written:`,
    focal ? dedent(focal) : `def ${name}():\n    ...\n`,
    'The problem is probably elsewhere.',
  );
}

interface ShownPatch {
  rank: number;
  source: string;
  from: string | null;
  function: string;
  summary: string;
  assurance: string | null;
  right: boolean;
  /** noisy: which answer it is ('right', a mutation's kind), where it is one. */
  answer: string | null;
  rankedBecause: string | null;
  confidence: string | null;
}

interface Row {
  set: BenchSet;
  id: string;
  kind: string;
  mode: Mode;
  style: Style;
  /** noisy: the answers in the order given. */
  answers: string[] | null;
  /** What the server said about the bug's function: oracle, its whole answer; noisy, each answer's function. */
  given: string[];
  exitCode: number | null;
  /** The bug's function's place among the report's suspects (the top 3 are asked), or null. */
  suspectRank: number | null;
  /** Requests about the bug's function, and about others. */
  askedBug: number;
  askedOther: number;
  /** Feedback rounds (answered with the answer they report on). */
  askedFeedback: number;
  server: NonNullable<FixReport['stats']['search']>['server'] | null;
  /** The search's count of server answers validated (run) and validated as fixes. */
  serverRun: number;
  serverFixed: number;
  shown: number;
  /** 1-based place of the first right patch among the shown ones, or null. */
  rightRank: number | null;
  rightAssurance: string | null;
  rightSource: string | null;
  topAssurance: string | null;
  topRight: boolean;
  /** noisy: the place of each answer among the shown patches, in the order given (null: not shown). */
  answerRanks: Array<number | null> | null;
  patches: ShownPatch[];
  timeToFirstFixMs: number | null;
  serverMs: number | null;
  endedBecause: string | null;
  candidatesValidated: number;
  wallMs: number;
  warnings: string[];
  /** Where the right fix is not first: why, from the report. */
  why: string | null;
  load: string;
  error?: string;
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
}

function textOfPatch(p: ValidatedPatch): string {
  return normalizeCode(p.newFunctionText);
}

function whyNot(row: Row, report: FixReport | null): string | null {
  if (row.rightRank === 1) return null;
  if (!report) return `no report (exit ${row.exitCode ?? 'killed'}): ${row.error ?? ''}`;
  if (row.askedBug === 0) {
    if (row.server?.unreachable) return `server not asked: ${row.server.unreachable}`;
    return row.suspectRank === null
      ? "the bug's function is not among the suspects"
      : `the bug's function is suspect #${row.suspectRank}; the server is asked about the top 3` +
          (row.server ? ` (${row.server.requests} requests, ${(row.server.ms / 1000).toFixed(1)} s)` : ' (server not run)');
  }
  const failures = Object.entries(row.server?.failures ?? {})
    .map(([why, n]) => `${why} ${n}`)
    .join(', ');
  if (row.rightRank === null) {
    if (row.serverRun === 0)
      return `no server answer was validated before the search ended (${row.endedBecause}); server failures: ${failures || 'none'}`;
    const hint = report.hints?.[0];
    return (
      `right fix not shown: server answers run ${row.serverRun}, validated ${row.serverFixed}; search ended: ${row.endedBecause}` +
      (failures ? `; server failures: ${failures}` : '') +
      (row.warnings.length ? `; warnings: ${row.warnings.join(' / ')}` : '') +
      (hint && row.shown === 0 ? `; closest: ${JSON.stringify(hint).slice(0, 200)}` : '')
    );
  }
  const top = row.patches[0]!;
  const right = row.patches[row.rightRank - 1]!;
  return (
    `right fix #${row.rightRank} (${right.assurance}): ${right.rankedBecause ?? '-'} | top: ${top.summary} [${top.source}` +
    `${top.answer ? `, ${top.answer}` : ''}, ${top.assurance}]: ${top.rankedBecause ?? '-'}`
  );
}

async function runOne(bug: Bug, mode: Mode, pristine: string, folder: string, plan: Script): Promise<Row> {
  const workspace = path.join(folder, mode);
  fs.cpSync(pristine, workspace, { recursive: true });
  const name = bug.function.split('.').at(-1)!;
  let askedBug = 0;
  let askedOther = 0;
  let askedFeedback = 0;
  const server = await startModelServer({
    api: 'ollama',
    models: [MODEL],
    answer: (request) => {
      // A feedback round (the conversation goes on after an answer that ran): the server repeats
      // that answer, so the rounds add nothing and each mode measures the answers it scripts.
      const said = request.messages.filter((m) => m.role === 'assistant').at(-1);
      if (said) {
        askedFeedback++;
        return { text: said.content };
      }
      const asked = askedAbout(request);
      if (!isBugFunction(bug, asked)) {
        askedOther++;
        return { text: unchangedAnswer(request, asked?.function.split('.').at(-1) ?? name) };
      }
      const k = askedBug++;
      if (mode === 'oracle') return { text: plan.oracleAnswer };
      return { text: plan.noisy[k % plan.noisy.length]!.answer };
    },
  });
  const load = loadAverage();
  const serverArgs = ['--no-model', '--model-server', server.url, '--server-model', MODEL];
  if (mode === 'noisy') serverArgs.push('--server-samples', String(NOISY_SAMPLES));
  const run = await runFixCli(workspace, [...bug.toolArgs, ...serverArgs], args.budget, args.cli);
  await server.close();
  const report = run.report;
  const patches = report?.patches ?? [];
  const rightTexts = new Set([normalizeCode(bug.fixedFunction), normalizeCode(plan.served)]);
  const answerTexts = plan.noisy.map((v) => normalizeCode(v.text));
  const shown: ShownPatch[] = [];
  for (const [i, p] of patches.entries()) {
    const same = p.function === bug.function;
    const right = (same && rightTexts.has(textOfPatch(p))) || (await isExactFix(bug, p.newFileText));
    const answer = mode === 'noisy' && same ? answerTexts.indexOf(textOfPatch(p)) : -1;
    shown.push({
      rank: i + 1,
      source: p.source,
      from: p.from ?? null,
      function: p.function,
      summary: p.summary,
      assurance: p.assurance ?? null,
      right,
      answer: answer >= 0 ? plan.noisy[answer]!.what : null,
      rankedBecause: p.rankedBecause ?? null,
      confidence: p.confidence ?? null,
    });
  }
  const rightPatch = shown.find((p) => p.right);
  const suspectIndex = (report?.suspects ?? []).findIndex((s) => isBugFunction(bug, s));
  const kinds = report?.stats.search?.byKind['server-answer'];
  const row: Row = {
    set: bug.set,
    id: bug.id,
    kind: bug.kind,
    mode,
    style: plan.style,
    answers: mode === 'noisy' ? plan.noisy.map((v) => v.what) : null,
    given: mode === 'oracle' ? [plan.oracleAnswer] : plan.noisy.map((v) => v.text),
    exitCode: run.exitCode,
    suspectRank: suspectIndex >= 0 ? suspectIndex + 1 : null,
    askedBug,
    askedOther,
    askedFeedback,
    server: report?.stats.search?.server ?? null,
    serverRun: kinds?.validated ?? 0,
    serverFixed: kinds?.fixed ?? 0,
    shown: shown.length,
    rightRank: rightPatch?.rank ?? null,
    rightAssurance: rightPatch?.assurance ?? null,
    rightSource: rightPatch?.source ?? null,
    topAssurance: shown[0]?.assurance ?? null,
    topRight: shown[0]?.right ?? false,
    answerRanks:
      mode === 'noisy' ? plan.noisy.map((v) => shown.find((p) => p.answer === v.what && p.source === 'server')?.rank ?? null) : null,
    patches: shown,
    timeToFirstFixMs: report?.stats.timeToFirstFixMs ?? null,
    serverMs: report?.stats.search?.server?.ms ?? null,
    endedBecause: report?.stats.search?.endedBecause ?? null,
    candidatesValidated: report?.stats.candidatesValidated ?? 0,
    wallMs: run.wallMs,
    warnings: report?.warnings ?? [],
    why: null,
    load,
  };
  if (run.exitCode !== 0 && run.exitCode !== 1 && run.exitCode !== 4) row.error = run.stderrTail;
  row.why = whyNot(row, report);
  return row;
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '-' : `${part} (${Math.round((100 * part) / whole)}%)`;
}

/** The right fix validated: shown, or (oracle: the one server answer about the bug) validated as a fix by the search. */
function validated(r: Row): boolean {
  return r.rightRank !== null || (r.mode === 'oracle' && r.askedBug > 0 && r.serverFixed > 0);
}

function tables(rows: readonly Row[]): string {
  const groups = SETS.flatMap((set) =>
    MODES.map((mode) => [`${set}, ${mode}`, rows.filter((r) => r.set === set && r.mode === mode)] as const),
  ).filter(([, rs]) => rs.length > 0);
  const sec = (values: Array<number | null>) => seconds(median(values.filter((v): v is number => v !== null)));
  const headline = markdownTable(
    [
      'set, mode',
      'bugs',
      "bug's function asked",
      'right fix validated',
      'right shown',
      'right first',
      'right first, as fix',
      'right shown, unconfirmed',
      'top patch: fix / unconfirmed / none',
      'median first fix s',
      'median server s',
    ],
    groups.map(([label, rs]) => [
      label,
      rs.length,
      percent(rs.filter((r) => r.askedBug > 0).length, rs.length),
      percent(rs.filter(validated).length, rs.length),
      percent(rs.filter((r) => r.rightRank !== null).length, rs.length),
      percent(rs.filter((r) => r.rightRank === 1).length, rs.length),
      percent(rs.filter((r) => r.rightRank === 1 && r.rightAssurance === 'fix').length, rs.length),
      rs.filter((r) => r.rightRank !== null && r.rightAssurance === 'unconfirmed').length,
      `${rs.filter((r) => r.topAssurance === 'fix').length} / ${rs.filter((r) => r.topAssurance === 'unconfirmed').length} / ${rs.filter((r) => r.shown === 0).length}`,
      sec(rs.map((r) => r.timeToFirstFixMs)),
      sec(rs.map((r) => r.serverMs)),
    ]),
  );
  const noisy = groups.filter(([label]) => label.endsWith('noisy'));
  const noisyTable = markdownTable(
    [
      'set',
      'bugs',
      'wrong answers given',
      'right first',
      'a wrong answer first',
      'another patch first',
      'wrong answers shown (fix / unconfirmed)',
      'right shown, below a wrong answer',
    ],
    noisy.map(([label, rs]) => {
      const wrongShown = rs.flatMap((r) => r.patches.filter((p) => p.source === 'server' && p.answer !== null && p.answer !== 'right'));
      return [
        label.split(',')[0]!,
        rs.length,
        rs.reduce((n, r) => n + (r.answers?.length ?? 1) - 1, 0),
        percent(rs.filter((r) => r.rightRank === 1).length, rs.length),
        rs.filter((r) => r.patches[0]?.source === 'server' && r.patches[0].answer !== 'right' && !r.patches[0].right).length,
        rs.filter((r) => r.patches[0] && r.patches[0].source !== 'server' && !r.patches[0].right).length,
        `${wrongShown.length} (${wrongShown.filter((p) => p.assurance === 'fix').length} / ${wrongShown.filter((p) => p.assurance === 'unconfirmed').length})`,
        rs.filter((r) => r.rightRank !== null && r.patches.slice(0, r.rightRank - 1).some((p) => p.source === 'server' && !p.right)).length,
      ];
    }),
  );
  const cell = (r: Row | undefined): string => {
    if (!r) return '-';
    const right = r.rightRank === null ? 'not shown' : `#${r.rightRank} ${r.rightAssurance ?? ''}`.trim();
    const wrong =
      r.mode === 'noisy' ? ` / wrong shown ${r.answerRanks!.filter((k, i) => k !== null && r.answers![i] !== 'right').length}` : '';
    return `${right}${wrong} / ${seconds(r.timeToFirstFixMs)} / ${seconds(r.serverMs)}${r.error !== undefined ? ` (exit ${r.exitCode ?? 'killed'})` : ''}`;
  };
  const ids = [...new Set(rows.map((r) => `${r.set}\u0000${r.id}`))];
  const perBug = markdownTable(
    ['set', 'bug', 'kind', 'oracle style', 'suspect #', 'oracle', 'noisy'],
    ids.map((key) => {
      const [set, id] = key.split('\u0000') as [BenchSet, string];
      const of = (mode: Mode) => rows.find((r) => r.set === set && r.id === id && r.mode === mode);
      const any = of('oracle') ?? of('noisy')!;
      const style = `doc ${any.style.docstring}, blank ${any.style.blankLines}, ${any.style.context}`;
      return [set, `\`${id}\``, any.kind, style, any.suspectRank ?? '-', cell(of('oracle')), cell(of('noisy'))];
    }),
  );
  const misses = rows
    .filter((r) => r.why !== null)
    .map((r) => `- ${r.set} \`${r.id}\` (${r.mode}): ${r.why}`)
    .join('\n');
  return [
    '## Headline',
    '',
    headline,
    '',
    '## Noisy oracle: the right answer among 4 wrong ones',
    '',
    noisyTable,
    '',
    '## Every bug',
    '',
    "Cells: the right fix's place among the shown patches and its assurance / (noisy) wrong answers shown / first fix s / server s.",
    '',
    perBug,
    '',
    '## Where the right fix is not first (from the reports)',
    '',
    misses || 'none',
    '',
  ].join('\n');
}

function git(...gitArgs: string[]): string {
  return execFileSync('git', gitArgs, { cwd: packageRoot(), encoding: 'utf8' }).trim();
}

/** The JSON with this machine's folders replaced by placeholders. */
function withoutPaths(json: string, temp: string): string {
  return json
    .replaceAll(temp, '<bug folder>')
    .replaceAll(os.tmpdir(), '<tmp>')
    .replaceAll(packageRoot(), '<repo>')
    .replaceAll(os.homedir(), '<home>');
}

async function main(): Promise<void> {
  if (args.tables) {
    const saved = JSON.parse(fs.readFileSync(args.tables, 'utf8')) as { rows: Row[] };
    console.log(tables(saved.rows));
    return;
  }
  const chosen = bugs();
  const commit = git('rev-parse', '--short', 'HEAD');
  const date = new Date().toISOString();
  const outDir = args.out
    ? path.resolve(args.out)
    : path.join(packageRoot(), 'bench', 'results', `${date.slice(0, 10)}-${commit}-server-oracle`);
  const meta = {
    benchmark: 'server',
    commit: git('rev-parse', 'HEAD'),
    /** This checkout's build (`dirty`: src/ had uncommitted changes), or another one given by --cli (a clean build of the commit, say). */
    engine: args.ownBuild ? "this checkout's dist/cli.js" : 'another build (--cli)',
    dirty: git('status', '--porcelain', '--', 'src').length > 0,
    date,
    budgetSeconds: args.budget,
    sets: args.sets,
    modes: args.modes,
    model: MODEL,
    noisySamples: NOISY_SAMPLES,
    cpus: os.cpus().length,
    loadAverage: loadAverage(),
    bugs: chosen.length,
    bugsRun: 0,
  };
  fs.mkdirSync(outDir, { recursive: true });
  console.error(`${chosen.length} bugs x ${args.modes.length} modes, budget ${args.budget} s; results to ${outDir}`);
  const rows: Row[] = [];
  for (const bug of chosen) {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-server-'));
    try {
      const pristine = path.join(folder, 'bug');
      bug.makeWorkspace(pristine);
      const plan = await script(bug, pristine);
      for (const mode of args.modes) {
        const row = await runOne(bug, mode, pristine, folder, plan);
        rows.push(row);
        console.error(
          `[${meta.bugsRun + 1}/${chosen.length}] ${bug.id} ${mode}: right ${row.rightRank === null ? 'not shown' : `#${row.rightRank} ${row.rightAssurance}`}` +
            `, ${row.shown} shown, first fix ${seconds(row.timeToFirstFixMs)} s, server ${seconds(row.serverMs)} s` +
            (row.why ? `\n    ${row.why.slice(0, 400)}` : ''),
        );
      }
      meta.bugsRun++;
      const json = JSON.stringify({ ...meta, rows }, null, 2) + '\n';
      fs.writeFileSync(path.join(outDir, 'results.json'), withoutPaths(json, folder));
      fs.writeFileSync(path.join(outDir, 'table.md'), withoutPaths(tables(rows), folder));
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }
  console.log(tables(rows));
  console.error(`wrote ${outDir}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
