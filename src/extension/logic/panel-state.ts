// The review panel's message protocol, both directions, and the view model it renders. Plain
// data (no vscode import): media/panel.js renders PanelState with textContent only, and every
// message from the webview is validated here before the extension acts on it.
import type { Assurance } from '../../core/types';
import type { PatchStatus } from './patch-status';
import type { RunRecord } from './run-record';
import { evidenceLines } from '../../core/review/evidence';
import { exceptionLine, explanationLines, fixShortText, originText } from '../../core/review/explain';
import { absolutePath, hintId } from './run-record';
import { testFrame } from './diagnostic-specs';
import { headline } from './headline';
import { testScopeText } from '../../core/pytest/neighbours';

export interface PanelLocation {
  absPath: string;
  line: number;
}

export interface PanelState {
  phase: 'idle' | 'running' | 'finished' | 'failed';
  headline: string;
  /** News over a finished run's results ("DeepDebug run canceled."): it heads the headline while they change. */
  notice: string | null;
  /** Current stage while running. */
  progress: string | null;
  /** "deepdebug-small on cpu", or why no model ran. */
  model: string | null;
  /** The tests patches had to pass when the run had a selection: "the 1 selected test and ...". */
  checkedAgainst: string | null;
  /** What limited the run without stopping it (a suspect's file that could not be read, ...). */
  warnings: string[];
  failures: { nodeid: string; text: string; location: PanelLocation | null }[];
  /** Each suspect's evidence in words (evidence.ts), and its raw scores for those who want them. */
  suspects: { label: string; evidence: string[]; scores: string; location: PanelLocation }[];
  patches: {
    id: string;
    rank: number;
    summary: string;
    where: string;
    tests: string;
    /** Why it is a fix: each failing test before and after, then the rest of the run. */
    why: string[];
    source: string;
    diff: string;
    status: PatchStatus;
    /** The evidence in one line: "kept the behaviour of 12 recorded calls; ..." or "unsure: ...". */
    confidence: string | null;
    /** A patch shown while its run goes on: its clean re-check still running, or passed; null once the run reported. */
    recheck: 'running' | 'passed' | null;
    /** A fix, or unconfirmed (it passes the tests; nothing else confirms it); null while its run goes on. */
    assurance: Assurance | null;
  }[];
  /** Where the validated fixes disagree on a new input: the user's answer picks the fixes and can become a test. */
  question: PanelQuestion | null;
  /** When nothing validated: the closest candidates, marked as not validated. */
  hints: { id: string; summary: string; where: string; tests: string; diff: string }[];
}

export interface PanelQuestion {
  runId: string;
  /** "median([1, 2])", in `where`: "median in stats.py". */
  call: string;
  where: string;
  /** What the code gives on it before any fix. */
  before: string;
  answers: {
    /** "1.5", "raises ValueError: empty". */
    result: string;
    /** The ranks of the fixes that give it, as the panel shows them. */
    fixes: number[];
    /** The pytest test that pins it; null where the input or answer is not a Python literal. */
    test: string | null;
  }[];
  /** Where the chosen answer's test goes (workspace-relative). */
  testFile: string | null;
  /** The answer the user chose (0-based); null until then. */
  chosen: number | null;
  /** The chosen answer's test is in the user's suite. */
  added: boolean;
}

/** Extension -> webview. */
export type HostMessage = { type: 'state'; state: PanelState };

/** Webview -> extension. */
export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'debug' }
  | { type: 'cancel' }
  | { type: 'apply' | 'showDiff' | 'discard'; patchId: string }
  | { type: 'showHintDiff'; hintId: string }
  | { type: 'chooseAnswer' | 'addTest'; runId: string; answer: number }
  | { type: 'open'; location: PanelLocation };

/** Returns the message if it is well-formed, else undefined (a webview is not trusted input). */
export function parseWebviewMessage(value: unknown): WebviewMessage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const message = value as Record<string, unknown>;
  switch (message.type) {
    case 'ready':
    case 'debug':
    case 'cancel':
      return { type: message.type };
    case 'apply':
    case 'showDiff':
    case 'discard':
      return typeof message.patchId === 'string' && message.patchId.length > 0
        ? { type: message.type, patchId: message.patchId }
        : undefined;
    case 'chooseAnswer':
    case 'addTest':
      return typeof message.runId === 'string' &&
        message.runId.length > 0 &&
        typeof message.answer === 'number' &&
        Number.isInteger(message.answer) &&
        message.answer >= 0
        ? { type: message.type, runId: message.runId, answer: message.answer }
        : undefined;
    case 'showHintDiff':
      return typeof message.hintId === 'string' && message.hintId.length > 0 ? { type: 'showHintDiff', hintId: message.hintId } : undefined;
    case 'open': {
      const location = message.location as Record<string, unknown> | undefined;
      if (
        typeof location?.absPath !== 'string' ||
        typeof location.line !== 'number' ||
        !Number.isInteger(location.line) ||
        location.line < 1
      ) {
        return undefined;
      }
      return { type: 'open', location: { absPath: location.absPath, line: location.line } };
    }
    default:
      return undefined;
  }
}

export function idleState(): PanelState {
  return {
    phase: 'idle',
    headline: 'Run "Debug with DeepDebug" on a failing test to see its fixes here.',
    notice: null,
    progress: null,
    model: null,
    checkedAgainst: null,
    warnings: [],
    failures: [],
    suspects: [],
    patches: [],
    question: null,
    hints: [],
  };
}

export function runningState(progress: string, previous: PanelState): PanelState {
  return { ...previous, phase: 'running', headline: 'DeepDebug is working…', notice: null, progress };
}

/**
 * A new run starts: the last run's results stay until its report, but not the early patches of
 * a run that stopped before its report (early-run.ts): the store no longer has them.
 */
export function startingState(previous: PanelState): PanelState {
  return runningState('Starting…', { ...previous, patches: previous.patches.filter((patch) => patch.recheck === null) });
}

export function failedState(message: string): PanelState {
  return { ...idleState(), phase: 'failed', headline: message };
}

/** The panel's state with its run's patches, and once finished its headline, as they are now. */
export function followRun(state: PanelState, run: RunRecord): PanelState {
  const now = finishedState(run);
  const headline = state.phase === 'finished' ? withNotice(state.notice, now.headline) : state.headline;
  return { ...state, headline, patches: now.patches, question: now.question };
}

export const CANCELED = 'DeepDebug run canceled.';

/** A canceled run's panel when the folder had results before it: they stay, under the news. */
export function canceledState(previous: RunRecord): PanelState {
  const state = finishedState(previous);
  return { ...state, notice: CANCELED, headline: withNotice(CANCELED, state.headline) };
}

function withNotice(notice: string | null, headline: string): string {
  return notice === null ? headline : `${notice} Previous results: ${headline}`;
}

export function modelText(model: RunRecord['model']): string | null {
  if (!model) return null;
  if (model.name) return `${model.name} on ${model.device ?? 'cpu'}`;
  return `templates only${model.note ? ` (${model.note})` : ''}`;
}

export function finishedState(run: RunRecord): PanelState {
  return {
    phase: 'finished',
    headline: headline(run),
    notice: null,
    progress: null,
    model: modelText(run.model),
    checkedAgainst: run.testScope ? testScopeText(run.testScope) : null,
    warnings: run.warnings,
    failures: run.failures.map((failure) => {
      const frame = testFrame(failure);
      return {
        nodeid: failure.nodeid,
        text: exceptionLine(failure),
        location: frame ? { absPath: absolutePath(run.workspace, frame.file), line: frame.line } : null,
      };
    }),
    suspects: run.suspects.map((suspect) => ({
      label: `${suspect.function} (${suspect.file}:${suspect.startLine}-${suspect.endLine})`,
      evidence: evidenceLines(suspect, run.failures),
      scores: `score ${suspect.score.toFixed(2)}: ${suspect.reasons.join('; ')}`,
      location: { absPath: absolutePath(run.workspace, suspect.file), line: suspect.lines[0]?.line ?? suspect.startLine },
    })),
    patches: run.patches.map((record) => ({
      id: record.id,
      rank: record.rank,
      summary: record.patch.summary,
      where: `${record.patch.function} in ${record.patch.file}`,
      tests: fixShortText(record.patch),
      why: record.patch.explanation ? explanationLines(record.patch.explanation) : [],
      source: originText(record.patch),
      diff: record.patch.diff,
      status: record.status,
      confidence: record.patch.confidence ?? null,
      recheck: record.recheck ?? null,
      assurance: record.patch.assurance ?? null,
    })),
    question: questionOf(run),
    hints: run.hints.map((hint, index) => ({
      id: hintId(run, index),
      summary: hint.summary,
      where: `${hint.function} in ${hint.file}`,
      tests: `fixes ${hint.failingFixed}/${hint.failingTotal} failing tests${hint.broke.length > 0 ? `, breaks ${hint.broke.length}` : ''}`,
      diff: hint.diff,
    })),
  };
}

/** The run's disagreement as the panel asks it: each answer with the ranks of the fixes giving it. */
function questionOf(run: RunRecord): PanelQuestion | null {
  const disagreement = run.disagreement;
  if (!disagreement) return null;
  return {
    runId: run.runId,
    call: disagreement.call,
    where: `${disagreement.function} in ${disagreement.file}`,
    before: disagreement.before,
    answers: disagreement.answers.map((answer, index) => ({
      result: answer.result,
      fixes: run.patches.filter((record) => record.patch.behaviour?.answer === index).map((record) => record.rank),
      test: answer.test ?? null,
    })),
    testFile: disagreement.testFile ?? null,
    chosen: disagreement.chosen ?? null,
    added: run.answerTestAdded,
  };
}
