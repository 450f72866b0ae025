import type { Failure, Frame } from '../types';
import { estimateTokens, type TokenCounter } from './tokens';

// The error and a condensed trace, appended after the skeleton as the paper does with pytest's
// trace. Compact on purpose: the exception and message first (what survives the tightest
// budget), then the workspace frames innermost last, each as "file:line in function", its
// source line and its locals. Detail is shed level by level until the text fits the budget.

export interface TraceOptions {
  countTokens?: TokenCounter;
  /** Source text of a frame's line, when the caller has the file (else the line the plugin read). */
  sourceLine?: (file: string, line: number) => string | undefined;
}

interface Detail {
  messageLines: number;
  lineChars: number;
  maxFrames: number;
  /** How many innermost frames show their locals. */
  localsFrames: number;
  maxLocals: number;
  reprChars: number;
  sourceLines: boolean;
}

const LEVELS: Detail[] = [
  { messageLines: 8, lineChars: 200, maxFrames: 8, localsFrames: 8, maxLocals: 8, reprChars: 60, sourceLines: true },
  { messageLines: 6, lineChars: 160, maxFrames: 6, localsFrames: 2, maxLocals: 6, reprChars: 40, sourceLines: true },
  { messageLines: 4, lineChars: 120, maxFrames: 4, localsFrames: 1, maxLocals: 4, reprChars: 30, sourceLines: true },
  { messageLines: 2, lineChars: 120, maxFrames: 3, localsFrames: 0, maxLocals: 0, reprChars: 0, sourceLines: true },
  { messageLines: 1, lineChars: 120, maxFrames: 1, localsFrames: 0, maxLocals: 0, reprChars: 0, sourceLines: false },
  { messageLines: 1, lineChars: 120, maxFrames: 0, localsFrames: 0, maxLocals: 0, reprChars: 0, sourceLines: false },
];

function clip(text: string, chars: number): string {
  return text.length <= chars ? text : text.slice(0, Math.max(0, chars - 3)) + '...';
}

/** Frames worth showing: those in the user's code, else the innermost one. Innermost last. */
function shownFrames(failure: Failure): Frame[] {
  const inWorkspace = failure.frames.filter((frame) => frame.inWorkspace);
  if (inWorkspace.length > 0) return inWorkspace;
  return failure.frames.slice(-1);
}

function render(failure: Failure, detail: Detail, sourceOf: (frame: Frame) => string | undefined): string {
  const message = failure.message
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, detail.messageLines)
    .map((line) => clip(line, detail.lineChars));
  const out = [clip(`${failure.exception}: ${message[0] ?? ''}`.trimEnd(), detail.lineChars), ...message.slice(1)];
  const frames = shownFrames(failure);
  const kept = frames.slice(Math.max(0, frames.length - detail.maxFrames));
  if (kept.length < frames.length && kept.length > 0) out.push(`(${frames.length - kept.length} outer frames omitted)`);
  kept.forEach((frame, index) => {
    out.push(`${frame.file}:${frame.line} in ${frame.function}`);
    const source = detail.sourceLines ? sourceOf(frame) : undefined;
    if (source) out.push(`    ${clip(source.trim(), detail.lineChars)}`);
    const fromInnermost = kept.length - 1 - index;
    const locals = Object.entries(frame.locals ?? {});
    if (fromInnermost < detail.localsFrames && locals.length > 0) {
      const shown = locals.slice(0, detail.maxLocals).map(([name, repr]) => `${name}=${clip(repr, detail.reprChars)}`);
      out.push(`    locals: ${shown.join(', ')}${locals.length > detail.maxLocals ? ', ...' : ''}`);
    }
  });
  return out.join('\n');
}

/**
 * The failure as compact text for the model, within `budgetTokens` (empty when the budget is
 * zero or less): "Exception: message", then frames innermost last.
 */
export function formatTrace(failure: Failure, budgetTokens: number, options: TraceOptions = {}): string {
  if (budgetTokens <= 0) return '';
  const count = options.countTokens ?? estimateTokens;
  const sourceOf = (frame: Frame): string | undefined => options.sourceLine?.(frame.file, frame.line) ?? frame.source;
  let text = '';
  for (const detail of LEVELS) {
    text = render(failure, detail, sourceOf);
    if (count(text) <= budgetTokens) return text;
  }
  // Even the exception line alone is too long: cut it down until it fits.
  while (text.length > 0 && count(text) > budgetTokens) text = text.slice(0, Math.floor(text.length * 0.8));
  return text;
}
