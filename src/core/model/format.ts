import { commonEnds } from '../common-ends';
import type { ModelInput } from '../types';
import { END_MARKER, TARGET_EDIT_MARKER } from '../skeleton';

// How a model reads its input and writes its output. Training (models/training/make-inputs.ts)
// and inference both go through these functions, so the two see byte-identical texts.
//
// 'function': the paper's format: the decoder writes the whole fixed function.
// 'line-edit': the decoder writes "<La><Lb>" then the lines replacing lines a..b-1 of the
// focal function (0-based, b exclusive; a == b inserts). The encoder sees each focal line
// prefixed with its marker "<Li>", so the model points at lines instead of counting them.

export type OutputFormat = 'function' | 'line-edit';

export interface ModelFormat {
  output: OutputFormat;
  /** Whether the failure's trace is appended to the skeleton (only if the model saw traces). */
  useTrace: boolean;
  /** Encoder length the model was trained on; longer inputs are cut. */
  maxSourceTokens: number;
  /** Longest output to decode. */
  maxTargetTokens: number;
  /**
   * Longest focal function, in lines, the model edits (line-edit): the lines training covered,
   * marked <L0>..<L{n-1}>. Absent: every marker the tokenizer has (LINE_MARKERS - 1 lines).
   */
  maxFunctionLines?: number;
}

/** Line markers the tokenizer has as single tokens: <L0> .. <L63>. */
export const LINE_MARKERS = 64;

/**
 * Tokens one marked line costs at most beyond its unmarked text: the marker itself, and the
 * piece that spanned the line break and the indentation, which the marker splits in two.
 * Measured on 4,000 standard-library functions with the shipped tokenizer: 0.75 to 2 per line
 * (mean 1.3), never more than 2 for a whole function.
 */
export const MARKER_TOKENS = 2;

/** How many lines of a focal function get markers: those the format edits. */
export function markedLines(format: ModelFormat): number {
  return Math.min(format.maxFunctionLines ?? LINE_MARKERS - 1, LINE_MARKERS - 1);
}

/** The format of models that do not say: the paper's whole-function output. */
export const PAPER_FORMAT: ModelFormat = {
  output: 'function',
  useTrace: true,
  maxSourceTokens: 1024,
  maxTargetTokens: 512,
};

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** Lines of the skeleton holding the focal function: [first, end) indexes, or null. */
function focalSpan(lines: string[]): { first: number; end: number } | null {
  const start = lines.findIndex((line) => line.trimStart() === TARGET_EDIT_MARKER);
  if (start < 0) return null;
  const indent = lines[start]!.slice(0, lines[start]!.length - TARGET_EDIT_MARKER.length);
  const end = lines.findIndex((line, i) => i > start && line === indent + END_MARKER);
  return end < 0 ? null : { first: start + 1, end };
}

/** The text the encoder reads. */
export function encoderText(input: ModelInput, format: ModelFormat): string {
  let skeleton = input.skeleton;
  if (format.output === 'line-edit') {
    const lines = skeleton.split('\n');
    const span = focalSpan(lines);
    if (span) {
      const limit = markedLines(format);
      for (let i = span.first; i < span.end && i - span.first < limit; i++) {
        lines[i] = `<L${i - span.first}>${lines[i]}`;
      }
      skeleton = lines.join('\n');
    }
  }
  return format.useTrace && input.trace !== '' ? `${skeleton.replace(/\n?$/, '\n')}${input.trace}` : skeleton;
}

/** Whether a function of this many lines can be edited in the format (at most maxFunctionLines). */
export function fitsFormat(functionText: string, format: ModelFormat): boolean {
  return format.output === 'function' || splitLines(functionText).length <= markedLines(format);
}

/** The decoder text that turns oldFunction into newFunction; null when the format cannot say it. */
export function targetText(oldFunction: string, newFunction: string, format: ModelFormat): string | null {
  if (format.output === 'function') return newFunction.replace(/\n$/, '');
  const before = splitLines(oldFunction);
  const after = splitLines(newFunction);
  if (before.length > markedLines(format)) return null;
  const { prefix, suffix } = commonEnds(before, after);
  const replaced = after.slice(prefix, after.length - suffix);
  return `<L${prefix}><L${before.length - suffix}>${replaced.join('\n')}`;
}

const EDIT_HEADER = /^<L(\d+)><L(\d+)>/;

/**
 * Whether the model can be asked how likely this decoder text is: a line edit must name only
 * markers it learned (<L0>..<L{markedLines}>, the last for an insertion after the last line).
 * Lengths are the model's to check (they are tokens).
 */
export function withinTrainedLines(output: string, format: ModelFormat): boolean {
  if (format.output !== 'line-edit') return true;
  const header = EDIT_HEADER.exec(output);
  if (!header) return true;
  const limit = markedLines(format);
  return Number(header[1]) <= limit && Number(header[2]) <= limit;
}

/** The new function text an output stands for; null when the output is malformed. */
export function applyOutput(output: string, oldFunction: string, format: ModelFormat): string | null {
  if (format.output === 'function') return output.trim() === '' ? null : output.replace(/\n?$/, '\n');
  const header = EDIT_HEADER.exec(output);
  if (!header) return null;
  const from = Number(header[1]);
  const to = Number(header[2]);
  const before = splitLines(oldFunction);
  if (from > to || to > before.length) return null;
  const body = output.slice(header[0].length);
  if (/<L\d+>/.test(body)) return null;
  const replacement = body === '' ? [] : body.split('\n');
  return [...before.slice(0, from), ...replacement, ...before.slice(to)].join('\n') + '\n';
}

/**
 * Token budget to give the skeleton builder (which counts the unmarked skeleton and the trace)
 * so the encoder text, markers included, fits maxSourceTokens: one token for the closing </s>,
 * MARKER_TOKENS for each line the format marks.
 */
export function skeletonBudget(functionText: string, format: ModelFormat): number {
  const markers = format.output === 'line-edit' ? Math.min(splitLines(functionText).length, markedLines(format)) : 0;
  return format.maxSourceTokens - 1 - MARKER_TOKENS * markers;
}
