// What the extension remembers of the latest DeepDebug run in a workspace folder, and the
// patches it offered. Plain data and plain logic (no vscode import): the diagnostics, code
// actions, diff documents and the review panel are all computed from this.
import * as path from 'node:path';
import { nodeidFile } from '../core/pytest/failures';
import { chooseAnswer } from '../core/behaviour/disagreement';
import { statusForText, type PatchRecord, type PatchStatus } from './patch-status';
import type { AnalyzeReport, Containment, Disagreement, Failure, FixReport, Hint, RunScope, Suspect, TestScope } from '../core/types';

export interface RunRecord {
  runId: string;
  kind: 'fix' | 'analyze';
  /** Absolute path of the workspace folder the engine ran on. */
  workspace: string;
  failures: Failure[];
  flaky: string[];
  suspects: Suspect[];
  patches: PatchRecord[];
  model: FixReport['model'] | null;
  /** How the fix run's candidates were contained (null: none ran). */
  containment: Containment | null;
  /** What limited the run without stopping it (FixReport.warnings), one line each. */
  warnings: string[];
  /** The tests patches were validated against, when the run had a selection (FixReport.testScope). */
  testScope: TestScope | null;
  /** When no patch validated: the candidates that came closest (FixReport.hints). */
  hints: Hint[];
  /** What the run's tests were; null for reports without it. */
  ran: RunScope | null;
  /** Where the shown patches disagree on a new input (FixReport.disagreement); `chosen` once the user answered. */
  disagreement: Disagreement | null;
  /** The chosen answer's test was added to the user's suite. */
  answerTestAdded: boolean;
  elapsedMs: number;
}

/** "r3.h1": the first closest candidate of run r3 (patches are "r3.1", "r3.2", ...). */
export function hintId(run: Pick<RunRecord, 'runId'>, index: number): string {
  return `${run.runId}.h${index + 1}`;
}

/** Report paths are workspace-relative POSIX paths, or absolute outside the workspace. */
export function absolutePath(workspace: string, file: string): string {
  return path.isAbsolute(file) ? file : path.join(workspace, ...file.split('/'));
}

export function runFromFix(runId: string, workspace: string, report: FixReport): RunRecord {
  return {
    runId,
    kind: 'fix',
    workspace,
    failures: report.failures,
    flaky: report.flaky,
    suspects: report.suspects,
    patches: report.patches.map((patch, index) => ({
      id: `${runId}.${index + 1}`,
      rank: index + 1,
      absPath: absolutePath(workspace, patch.file),
      patch,
      status: 'pending',
    })),
    model: report.model,
    containment: report.containment ?? null,
    warnings: report.warnings ?? [],
    testScope: report.testScope ?? null,
    hints: report.hints ?? [],
    ran: report.ran ?? null,
    disagreement: report.disagreement ?? null,
    answerTestAdded: false,
    elapsedMs: report.stats.elapsedMs,
  };
}

export function runFromAnalyze(runId: string, workspace: string, report: AnalyzeReport): RunRecord {
  return {
    runId,
    kind: 'analyze',
    workspace,
    failures: report.failures,
    flaky: [],
    suspects: report.suspects,
    patches: [],
    model: null,
    containment: null,
    warnings: [],
    testScope: null,
    hints: [],
    ran: report.ran ?? null,
    disagreement: null,
    answerTestAdded: false,
    elapsedMs: report.stats.elapsedMs,
  };
}

/** Patches still on offer: none once one of the run's patches was applied (its failures are fixed). */
export function pendingPatches(run: RunRecord | undefined): PatchRecord[] {
  if (!run || run.patches.some((record) => record.status === 'applied')) return [];
  return run.patches.filter((record) => record.status === 'pending');
}

/** A run whose failures still stand: it has some, and none of its patches was applied. */
export function stillFailing(run: RunRecord): boolean {
  return run.failures.length > 0 && !run.patches.some((record) => record.status === 'applied');
}

/** A listener set for "the runs changed". */
export class RunStore {
  private readonly runs = new Map<string, RunRecord>();
  private readonly listeners = new Set<() => void>();

  /** Replaces the workspace's previous run. */
  set(run: RunRecord): void {
    this.runs.set(run.workspace, run);
    this.changed();
  }

  all(): RunRecord[] {
    return [...this.runs.values()];
  }

  forWorkspace(workspace: string): RunRecord | undefined {
    return this.runs.get(workspace);
  }

  /** A closest candidate of a run that found no fix, by its id (hintId). */
  findHint(id: string): { run: RunRecord; hint: Hint } | undefined {
    for (const run of this.runs.values()) {
      const index = run.hints.findIndex((_, i) => hintId(run, i) === id);
      if (index >= 0) return { run, hint: run.hints[index]! };
    }
    return undefined;
  }

  findPatch(id: string): { run: RunRecord; record: PatchRecord } | undefined {
    for (const run of this.runs.values()) {
      const record = run.patches.find((candidate) => candidate.id === id);
      if (record) return { run, record };
    }
    return undefined;
  }

  /** The run whose diagnostics live in this file (its failures' tests or its suspects). */
  runTouching(absPath: string): RunRecord | undefined {
    return this.all().find(
      (run) =>
        run.failures.some((failure) => absolutePath(run.workspace, nodeidFile(failure.nodeid)) === absPath) ||
        run.suspects.some((suspect) => absolutePath(run.workspace, suspect.file) === absPath) ||
        run.patches.some((record) => record.absPath === absPath),
    );
  }

  setStatus(id: string, status: PatchStatus): void {
    const found = this.findPatch(id);
    if (!found || found.record.status === status) return;
    found.record.status = status;
    this.changed();
  }

  /** The file at `absPath` now reads `text`: its patches' statuses follow it (one change event at most). */
  followText(absPath: string, text: string): void {
    let changed = false;
    for (const run of this.runs.values()) {
      for (const record of run.patches) {
        if (record.absPath !== absPath) continue;
        const status = statusForText(record, text);
        changed ||= status !== record.status;
        record.status = status;
      }
    }
    if (changed) this.changed();
  }

  /**
   * The user answered the run's question (`answer`, 0-based): its patches reorder as the engine
   * reorders a report (chooseAnswer), each keeping its id and status; the run, or undefined
   * when it has no question.
   */
  answer(runId: string, answer: number): RunRecord | undefined {
    const run = this.all().find((candidate) => candidate.runId === runId);
    if (!run?.disagreement || !run.disagreement.answers[answer]) return undefined;
    const chosen = chooseAnswer({ patches: run.patches.map((record) => record.patch), disagreement: run.disagreement }, answer);
    const recordOf = new Map(run.patches.map((record) => [record.patch.file + '\0' + record.patch.newFileText, record]));
    run.patches = chosen.patches.map((patch, index) => ({
      ...recordOf.get(patch.file + '\0' + patch.newFileText)!,
      patch,
      rank: index + 1,
    }));
    run.disagreement = chosen.disagreement ?? run.disagreement;
    run.answerTestAdded = false;
    this.changed();
    return run;
  }

  /** The chosen answer's test of run `runId` is in the user's suite. */
  testAdded(runId: string): void {
    const run = this.all().find((candidate) => candidate.runId === runId);
    if (!run || run.answerTestAdded) return;
    run.answerTestAdded = true;
    this.changed();
  }

  clear(workspace: string): void {
    if (this.runs.delete(workspace)) this.changed();
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
