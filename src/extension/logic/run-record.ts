// What the extension remembers of the latest DeepDebug run in a workspace folder, and the
// patches it offered. Plain data and plain logic (no vscode import): the diagnostics, code
// actions, diff documents and the review panel are all computed from this.
import * as path from 'node:path';
import { nodeidFile } from '../../core/pytest/failures';
import { chooseAnswer } from '../../core/behaviour/disagreement';
import { patchKey, statusForText, type PatchRecord, type PatchStatus } from './patch-status';
import type { AnalyzeReport, Containment, Disagreement, Failure, FixReport, Hint, RunScope, Suspect, TestScope } from '../../core/types';

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
  /**
   * A fix run still in flight (early-run.ts): its patches are those validated so far, and
   * `announced` numbers their ids ("r3.e1", ...). Null once the run reported.
   */
  inFlight: { announced: number } | null;
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
    inFlight: null,
  };
}

export function runFromAnalyze(runId: string, workspace: string, report: AnalyzeReport): RunRecord {
  return {
    ...runWithout(runId, 'analyze', workspace),
    failures: report.failures,
    suspects: report.suspects,
    ran: report.ran ?? null,
    elapsedMs: report.stats.elapsedMs,
  };
}

/** A run that found nothing (yet): what runFromAnalyze and a run in flight (early-run.ts) fill in. */
export function runWithout(runId: string, kind: RunRecord['kind'], workspace: string): RunRecord {
  return {
    runId,
    kind,
    workspace,
    failures: [],
    flaky: [],
    suspects: [],
    patches: [],
    model: null,
    containment: null,
    warnings: [],
    testScope: null,
    hints: [],
    ran: null,
    disagreement: null,
    answerTestAdded: false,
    elapsedMs: 0,
    inFlight: null,
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

/**
 * The runs, one per workspace folder, with a listener set for "the runs changed". A fix run in
 * flight that validated a patch stands in for its folder's last run until it reports (or stops).
 */
export class RunStore {
  private readonly runs = new Map<string, RunRecord>();
  private readonly inFlight = new Map<string, RunRecord>();
  private readonly listeners = new Set<() => void>();

  /** Replaces the workspace's previous run, and its run in flight. */
  set(run: RunRecord): void {
    this.runs.set(run.workspace, run);
    this.inFlight.delete(run.workspace);
    this.changed();
  }

  /** The early patches of a run in flight (early-run.ts): shown instead of the folder's last run. */
  setInFlight(run: RunRecord): void {
    this.inFlight.set(run.workspace, run);
    this.changed();
  }

  /** The run in flight of this id stopped without a report: its folder's last run shows again. */
  dropInFlight(runId: string): void {
    const run = [...this.inFlight.values()].find((candidate) => candidate.runId === runId);
    if (run && this.inFlight.delete(run.workspace)) this.changed();
  }

  inFlightIn(workspace: string): RunRecord | undefined {
    return this.inFlight.get(workspace);
  }

  /** The runs shown: per folder, its run in flight, else its last run. */
  all(): RunRecord[] {
    const shown = new Map([...this.runs, ...this.inFlight]);
    return [...shown.values()];
  }

  /** The folder's last run that reported. */
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

  /** Any patch still known, shown or not (a diff editor may show one of a run now hidden by a run in flight). */
  findPatch(id: string): { run: RunRecord; record: PatchRecord } | undefined {
    for (const run of this.known()) {
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
    for (const run of this.known()) {
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
    const recordOf = new Map(run.patches.map((record) => [patchKey(record.patch), record]));
    run.patches = chosen.patches.map((patch, index) => ({
      ...recordOf.get(patchKey(patch))!,
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
    const inFlight = this.inFlight.delete(workspace);
    if (this.runs.delete(workspace) || inFlight) this.changed();
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private known(): RunRecord[] {
    return [...this.inFlight.values(), ...this.runs.values()];
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
