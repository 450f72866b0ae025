// What the model prior's benchmarks and its fitting read for a bug, without validating any
// candidate: the engine's own analysis of the bug (one pytest run with coverage, the failures
// with their frames and locals, the ranked suspects with their lines), and the text of every
// file a suspect is in. Made once per bug by `runAnalyze` in a fresh copy of its workspace and
// kept under bench/work/prior-analysis/ (git-ignored), so a refit or a rerun costs no test run.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runAnalyze } from '../src/core/engine';
import { templateStream } from '../src/core/generate/templates';
import { isTestFile } from '../src/core/pytest/failures';
import { packageRoot } from '../src/core/files/resources';
import { editableSuspects } from '../src/core/search';
import { listFunctions } from '../src/core/syntax/functions';
import type { Candidate, Failure, Suspect } from '../src/core/types';
import { loadBugList, loadBugSet, makeWorkspace, REAL_PYTHON } from './lib/bug-sets';
import { isExactFix, type BugTarget } from './lib/fix-runs';

export interface PriorBug {
  set: 'classic' | 'wide' | 'real';
  target: BugTarget;
  /** The buggy file, relative to the workspace. */
  file: string;
  split?: 'dev' | 'test';
  /** Makes the bug's workspace at a folder. */
  build: (folder: string) => void;
  /** The pytest selection of a run, and the interpreter. */
  tests: string[];
  python?: string;
}

export interface Analyzed {
  id: string;
  failures: Failure[];
  suspects: Suspect[];
  /** Text of the buggy file and of every suspect's file, by workspace-relative path. */
  texts: Record<string, string>;
}

function folderBugs(set: 'classic' | 'wide'): PriorBug[] {
  return loadBugSet(set).map(({ dir, bug }) => ({
    set,
    target: bug,
    file: bug.file,
    build: (folder: string) => fs.cpSync(dir, folder, { recursive: true }),
    tests: [],
  }));
}

export function classicPriorBugs(): PriorBug[] {
  return folderBugs('classic');
}

export function widePriorBugs(): PriorBug[] {
  return folderBugs('wide');
}

export function realPriorBugs(split: 'dev' | 'test'): PriorBug[] {
  return loadBugList()
    .filter((bug) => bug.split === split)
    .map((bug) => ({
      set: 'real' as const,
      target: bug,
      file: bug.file,
      split: bug.split,
      build: (folder: string) => makeWorkspace(bug, folder, REAL_PYTHON),
      tests: bug.tests,
      python: REAL_PYTHON,
    }));
}

const CACHE = path.join(packageRoot(), 'bench', 'work', 'prior-analysis');

/** The engine's analysis of a bug, from the cache or made now (one pytest run); null when no test fails. */
/**
 * The ablation's fixed samples (bench/prior-ablation.ts, its defaults): every n-th bug from the
 * first, bench/wide in name order and bench/real's test split in file order. The prior's fit
 * reads only the bugs outside them.
 */
export const ABLATION_EVERY = { wide: 2, real: 19 } as const;

export function inAblationSample(set: keyof typeof ABLATION_EVERY, index: number): boolean {
  return index % ABLATION_EVERY[set] === 0;
}

export async function analyzed(bug: PriorBug): Promise<Analyzed | null> {
  const cached = path.join(CACHE, `${bug.target.id.replace(/[^A-Za-z0-9_.-]+/g, '_')}.json`);
  if (fs.existsSync(cached)) return JSON.parse(fs.readFileSync(cached, 'utf8')) as Analyzed | null;
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-prior-'));
  let result: Analyzed | null = null;
  try {
    const workspace = path.join(temp, 'bug');
    bug.build(workspace);
    const report = await runAnalyze({ workspace, tests: bug.tests, ...(bug.python ? { python: bug.python } : {}), timeBudgetMs: 120_000 });
    if (report.failures.length > 0) {
      const texts: Record<string, string> = {};
      for (const file of new Set([bug.file, ...report.suspects.map((s) => s.file)])) {
        const full = path.join(workspace, file);
        if (fs.existsSync(full)) texts[file] = fs.readFileSync(full, 'utf8');
      }
      result = { id: bug.target.id, failures: report.failures, suspects: report.suspects, texts };
    }
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
  fs.mkdirSync(CACHE, { recursive: true });
  fs.writeFileSync(cached, JSON.stringify(result));
  return result;
}

/**
 * The suspect for the bug's own function: the localizer's, when it ranked the function, else
 * the function with no ranked lines (every line weighs the same).
 */
export async function trueSuspect(bug: PriorBug, analysis: Analyzed): Promise<{ suspect: Suspect; ranked: boolean } | null> {
  const text = analysis.texts[bug.file];
  if (text === undefined) return null;
  const named = (await listFunctions(text)).filter((fn) => fn.qualname === bug.target.function);
  const fn = named.sort(
    (a, b) => Math.abs(a.startLine - (bug.target.startLine ?? 0)) - Math.abs(b.startLine - (bug.target.startLine ?? 0)),
  )[0];
  if (!fn) return null;
  const ranked = analysis.suspects.find(
    (s) => s.file === bug.file && s.startLine <= fn.defLine && fn.defLine <= s.endLine && s.function === fn.qualname,
  );
  if (ranked) return { suspect: { ...ranked, score: 1 }, ranked: true };
  return {
    suspect: { file: bug.file, function: fn.qualname, startLine: fn.startLine, endLine: fn.endLine, score: 1, reasons: [], lines: [] },
    ranked: false,
  };
}

/** The suspects the search edits for this bug, as the engine picks them (the localizer's top, no test files). */
export function engineSuspects(analysis: Analyzed): Suspect[] {
  return editableSuspects(analysis.suspects, false, isTestFile);
}

/** Template candidates for these suspects in the search's order (best first), at most `most`, each marked when it is the known fix. */
export async function templateCandidatesOf(
  bug: PriorBug,
  analysis: Analyzed,
  suspects: Suspect[],
  most: number,
): Promise<Array<{ candidate: Candidate; exact: boolean }>> {
  const readSource = async (file: string): Promise<string | null> => analysis.texts[file] ?? null;
  const stream = await templateStream(suspects, readSource, { failures: analysis.failures, isTestFile });
  const out: Array<{ candidate: Candidate; exact: boolean }> = [];
  for (let next = await stream.next(); next && out.length < most; next = await stream.next()) {
    out.push({ candidate: next, exact: await isExactFix(bug.target, next.newFileText) });
  }
  return out;
}
