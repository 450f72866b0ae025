// How fast the model scores candidates (its likelihood of each one's edit, the search's prior),
// int8 on the CPU: per candidate as the engine did before (input rebuilt for each), per
// candidate with the input kept, and batched (CandidateScorer: one encoder pass per function,
// the decoder in batches of R rows). Real candidates: the template edits of each classic bug's
// own function, in the search's order, with the engine's own analysis (trace, suspect lines;
// bench/prior-data.ts). Also the first batch's latency: a model loaded fresh, nothing cached,
// the first --first candidates scored (the search's first batch, a quarter of its window: what
// its first validation may wait for, at most PRIOR_FIRST_WAIT_MS).
// Prints a table and writes results.md and results.json to
// bench/results/<date>-<commit>-prior-speed/ (or --out).
//
//   node out/bench/prior-speed.js [--candidates 120] [--repeats 3] [--rows 1,4,8,16,32] [--first 8] [--only id,...] [--out <folder>]
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CandidateScorer } from '../src/core/generate/model-candidates';
import { loadPatchModel, type PatchModel } from '../src/core/model';
import { defaultModelDir, packageRoot } from '../src/core/files/resources';
import { PRIOR_FIRST_WAIT_MS, PRIOR_WINDOW } from '../src/core/search/prior';
import type { Candidate, Failure } from '../src/core/types';
import { isChosen, onlyList, ONLY_OPTION } from './lib/bug-sets';
import { median } from './lib/fix-runs';
import { markdownTable } from './lib/markdown-table';
import { benchOptions, wholeNumber } from './lib/options';
import { analyzed, classicPriorBugs, templateCandidatesOf, trueSuspect } from './prior-data';

/** The engine's validation rate on small projects (bench/results/2026-12-01-f523a5b-throughput: 1,000-1,500 a minute alone, ~25-30/s on the quick fixtures). */
const VALIDATION_PER_SECOND = '25-30';

const args = benchOptions(
  {
    candidates: { type: 'string', default: '120' },
    repeats: { type: 'string', default: '3' },
    rows: { type: 'string', default: '1,4,8,16,32' },
    first: { type: 'string', default: String(Math.ceil(PRIOR_WINDOW / 4)) },
    only: ONLY_OPTION,
    out: { type: 'string', default: '' },
  },
  (values) => ({
    candidates: wholeNumber('--candidates', values.candidates, 1),
    repeats: wholeNumber('--repeats', values.repeats, 1),
    rows: values.rows.split(',').map((r) => wholeNumber('--rows', r, 1)),
    first: wholeNumber('--first', values.first, 1),
    only: onlyList(values.only),
    out: values.out,
  }),
);

interface Work {
  id: string;
  candidates: Candidate[];
  readSource: (file: string) => Promise<string | null>;
  failures: Failure[];
}

interface Method {
  name: string;
  /** Scores every candidate of a bug; the time of a call is what is measured. */
  run: (model: PatchModel, work: Work) => Promise<(number | null)[]>;
}

const methods: Method[] = [
  {
    name: 'one at a time, input rebuilt per candidate (the engine before)',
    run: async (model, work) => {
      const scores: (number | null)[] = [];
      for (const candidate of work.candidates) {
        // A fresh scorer parses the file and builds the skeleton again, as scoreOne did.
        scores.push(...(await new CandidateScorer(model, work.readSource, work.failures).score([candidate], { batchRows: 1 })));
      }
      return scores;
    },
  },
  {
    name: 'one at a time, input kept',
    run: async (model, work) => {
      const scorer = new CandidateScorer(model, work.readSource, work.failures);
      const scores: (number | null)[] = [];
      for (const candidate of work.candidates) scores.push(...(await scorer.score([candidate], { batchRows: 1 })));
      return scores;
    },
  },
  ...args.rows.map((rows): Method => ({
    name: `batched, ${rows} rows per decoder run`,
    run: (model, work) => new CandidateScorer(model, work.readSource, work.failures).score(work.candidates, { batchRows: rows }),
  })),
];

function git(...gitArgs: string[]): string {
  return execFileSync('git', gitArgs, { cwd: packageRoot(), encoding: 'utf8' }).trim();
}

async function main(): Promise<void> {
  const date = new Date().toISOString().slice(0, 10);
  const commit = git('rev-parse', '--short', 'HEAD');
  const out = args.out || path.join(packageRoot(), 'bench', 'results', `${date}-${commit}-prior-speed`);
  const loadBefore = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  const works: Work[] = [];
  for (const bug of classicPriorBugs().filter((b) => isChosen(args.only, b.target.id))) {
    const analysis = await analyzed(bug);
    if (!analysis) continue;
    const found = await trueSuspect(bug, analysis);
    if (!found) continue;
    const candidates = (await templateCandidatesOf(bug, analysis, [found.suspect], args.candidates)).map((c) => c.candidate);
    works.push({ id: bug.target.id, candidates, readSource: async (file) => analysis.texts[file] ?? null, failures: analysis.failures });
  }
  const total = works.reduce((sum, w) => sum + w.candidates.length, 0);
  console.error(`${works.length} bugs, ${total} candidates; load average ${loadBefore}`);

  const model = await loadPatchModel(defaultModelDir(), { device: 'cpu' });
  // Warm-up: the runtime's first runs allocate.
  await methods.at(-1)!.run(model, works[0]!);
  const rates = methods.map((): number[] => []);
  /** CPU time of the process (the runtime's threads included) per candidate: what scoring takes from validation, less moved by the machine's load than wall time. */
  const cpuMs = methods.map((): number[] => []);
  let reference: (number | null)[][] | null = null;
  let scored = 0;
  // Round robin, method after method in each repeat, so a change in the machine's load falls on all of them.
  for (let repeat = 0; repeat < args.repeats; repeat++) {
    for (const [m, method] of methods.entries()) {
      const started = process.hrtime.bigint();
      const cpu = process.cpuUsage();
      const scores: (number | null)[][] = [];
      for (const work of works) scores.push(await method.run(model, work));
      rates[m]!.push(total / (Number(process.hrtime.bigint() - started) / 1e9));
      const used = process.cpuUsage(cpu);
      cpuMs[m]!.push((used.user + used.system) / 1000 / total);
      // Every method must give the same numbers: batching changes the speed only.
      reference ??= scores;
      scored = scores.flat().filter((s) => s !== null).length;
      const worst = Math.max(
        0,
        ...scores.flatMap((s, i) => s.map((v, j) => (v === null || reference![i]![j] == null ? 0 : Math.abs(v - reference![i]![j]!)))),
      );
      if (worst > 1e-3) throw new Error(`${method.name}: scores differ from the first method's by ${worst}`);
      console.error(`repeat ${repeat + 1}, ${method.name}: ${rates[m]!.at(-1)!.toFixed(1)}/s, ${cpuMs[m]!.at(-1)!.toFixed(2)} CPU ms each`);
    }
  }
  const rows = methods.map((method, m) => {
    const perSecond = median(rates[m]!)!;
    const cpu = median(cpuMs[m]!)!;
    return {
      method: method.name,
      perSecond,
      msPerCandidate: 1000 / perSecond,
      cpuMsPerCandidate: cpu,
      scored,
      repeats: rates[m]!,
      cpuRepeats: cpuMs[m]!,
    };
  });
  await model.dispose();

  // The first window: nothing loaded or cached but the model itself.
  const firstWindow: number[] = [];
  for (const work of works) {
    const fresh = await loadPatchModel(defaultModelDir(), { device: 'cpu' });
    const started = process.hrtime.bigint();
    await new CandidateScorer(fresh, work.readSource, work.failures).score(work.candidates.slice(0, args.first));
    firstWindow.push(Number(process.hrtime.bigint() - started) / 1e6);
    await fresh.dispose();
  }
  const loadAfter = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

  const lines = [
    `# Scoring speed of the model prior (int8, CPU)`,
    '',
    `Commit ${commit}, ${new Date().toISOString()}; ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), ` +
      `load average ${loadBefore} before and ${loadAfter} after (1, 5, 15 min).`,
    `${works.length} bench/classic bugs, their own function's template candidates in the search's order, at most ${args.candidates} each: ` +
      `${total} candidates, ${rows[0]?.scored ?? 0} scoreable (the others: an edit longer than the model writes or at a line it never learned). ` +
      `Each method scores all of them, ${args.repeats} times (round robin over the methods); the median rate is shown (every repeat in results.json). ` +
      "The first row is the engine's old way of calling the model (per candidate: parse the file, build the skeleton, score one output), run on the new decoder path, which keeps the cross-attention keys per input.",
    '',
    "Wall: candidates per second of wall time (the machine's load moves it); CPU: the process's CPU time per candidate, the runtime's threads included " +
      '(what scoring takes from validation; 1000 / CPU ms is the rate one free core would give).',
    '',
    markdownTable(
      [
        'method',
        'wall: candidates/s',
        'wall: ms per candidate',
        'CPU ms per candidate',
        'candidates per CPU-second',
        `vs validation (${VALIDATION_PER_SECOND}/s), wall`,
      ],
      rows.map((r) => [
        r.method,
        r.perSecond.toFixed(1),
        r.msPerCandidate.toFixed(1),
        r.cpuMsPerCandidate.toFixed(2),
        (1000 / r.cpuMsPerCandidate).toFixed(0),
        `${(r.perSecond / 27.5).toFixed(1)}x`,
      ]),
    ),
    '',
    `First batch (${args.first} candidates, the search's first, a model loaded fresh: skeleton, encoder, cross-attention keys, decoder; ` +
      `the search waits at most ${PRIOR_FIRST_WAIT_MS} ms for it): ` +
      `median ${median(firstWindow)!.toFixed(0)} ms, max ${Math.max(...firstWindow).toFixed(0)} ms over ${firstWindow.length} bugs.`,
    '',
  ];
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'results.md'), lines.join('\n'));
  fs.writeFileSync(
    path.join(out, 'results.json'),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        loadBefore,
        loadAfter,
        bugs: works.map((w) => ({ id: w.id, candidates: w.candidates.length })),
        rows,
        firstWindowMs: firstWindow,
      },
      null,
      2,
    ) + '\n',
  );
  console.log(lines.join('\n'));
  console.error(`written to ${path.relative(packageRoot(), out)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
