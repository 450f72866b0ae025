import { FILE_HEADERS_ONLY, formatPatch, structuredPatch } from 'diff';
import { commonEnds } from '../common-ends';
import type { Candidate, CandidateKind, CandidateSource } from '../types';
import { Edit as TreeEdit } from 'web-tree-sitter';
import { parsePython, pythonParser, type Node, type Tree } from '../syntax/parser';
import { lineCount, lineEndOffset, lineStarts } from './lines';
import { normalizeCode } from './normalize';

export { normalizeCode };

export interface CandidateArgs {
  file: string;
  /** The whole original file text. */
  fileText: string;
  /** The original function range (1-based, inclusive) that newFunctionText replaces. */
  startLine: number;
  endLine: number;
  newFunctionText: string;
  /** Qualified function name; defaults to "" when the caller has none. */
  function?: string;
  source: CandidateSource;
  editKind: CandidateKind;
  summary: string;
  score: number;
  /** The kind-of-edit part of score (template edits). */
  familyPrior?: number;
  modelLogProb?: number;
  from?: string;
}

interface Splice {
  /** Line start offsets of the original file (see lineStarts). */
  starts: number[];
  newFileText: string;
  /** The replacement as it now stands in the file: file line endings, no final line break. */
  replacement: string;
  /** Character offsets of the replaced region in the old file and in the new file. */
  oldStart: number;
  oldEnd: number;
  newEnd: number;
}

function lineEnding(text: string): '\r\n' | '\n' {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

/** Replaces lines startLine..endLine (their line breaks excluded) by the new text. */
function splice(source: string, startLine: number, endLine: number, newText: string): Splice | null {
  const starts = lineStarts(source);
  if (!Number.isInteger(startLine) || !Number.isInteger(endLine)) return null;
  if (startLine < 1 || endLine < startLine || endLine > lineCount(starts)) return null;
  const eol = lineEnding(source);
  const oldStart = starts[startLine - 1]!;
  const oldEnd = lineEndOffset(source, starts, endLine);
  const replacement = newText.replace(/\r?\n$/, '').replace(/\r?\n/g, eol);
  const newFileText = source.slice(0, oldStart) + replacement + source.slice(oldEnd);
  return { starts, newFileText, replacement, oldStart, oldEnd, newEnd: oldStart + replacement.length };
}

/** Character ranges of the syntax errors under root. */
function errorRanges(root: Node): [number, number][] {
  const ranges: [number, number][] = [];
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.isError || node.isMissing) {
      ranges.push([node.startIndex, node.endIndex]);
      continue;
    }
    for (const child of node.children) if (child && (child.hasError || child.isMissing)) stack.push(child);
  }
  return ranges;
}

// Each candidate is one splice into a file shared by many candidates: parse the original once
// and reparse incrementally (tree-sitter reuses every subtree outside the splice), which is
// what keeps thousands of candidates per file affordable. A few recent originals are kept.
const ORIGINAL_TREES_KEPT = 4;
const originalTrees = new Map<string, Promise<Tree>>();

function originalTree(source: string): Promise<Tree> {
  let tree = originalTrees.get(source);
  if (!tree) {
    if (originalTrees.size >= ORIGINAL_TREES_KEPT) {
      // Not deleted here: a concurrent candidate may still be reparsing against it.
      // web-tree-sitter frees a tree's memory when the garbage collector finalizes it.
      originalTrees.delete(originalTrees.keys().next().value!);
    }
    tree = parsePython(source);
    originalTrees.set(source, tree);
  }
  return tree;
}

function endPoint(text: string, start: { row: number; column: number }): { row: number; column: number } {
  const lastBreak = text.lastIndexOf('\n');
  if (lastBreak < 0) return { row: start.row, column: start.column + text.length };
  return { row: start.row + text.split('\n').length - 1, column: text.length - lastBreak - 1 };
}

// A file that already has syntax errors elsewhere (or syntax tree-sitter's grammar lacks) must
// not veto every candidate: then only errors touching the replaced region count. Offsets are
// UTF-16 units in web-tree-sitter, the same units as JavaScript string indices.
async function spliceParses(source: string, edit: Splice, startLine: number): Promise<boolean> {
  const [parser, original] = await Promise.all([pythonParser(), originalTree(source)]);
  const old = original.copy();
  old.edit(minimalEdit(source.slice(edit.oldStart, edit.oldEnd), edit.replacement, edit.oldStart, startLine));
  const tree = parser.parse(edit.newFileText, old);
  old.delete();
  if (!tree) throw new Error('tree-sitter returned no tree');
  try {
    if (!tree.rootNode.hasError) return true;
    if (!original.rootNode.hasError) return false;
    return errorRanges(tree.rootNode).every(([from, to]) => to < edit.oldStart || from > edit.newEnd);
  } finally {
    tree.delete();
  }
}

/** The tree edit for `before` -> `after` at `offset`, narrowed to the span that differs. */
function minimalEdit(before: string, after: string, offset: number, startLine: number): TreeEdit {
  const { prefix, suffix } = commonEnds(before, after);
  const origin = { row: startLine - 1, column: 0 };
  const startPosition = endPoint(before.slice(0, prefix), origin);
  return new TreeEdit({
    startIndex: offset + prefix,
    oldEndIndex: offset + before.length - suffix,
    newEndIndex: offset + after.length - suffix,
    startPosition,
    oldEndPosition: endPoint(before.slice(prefix, before.length - suffix), startPosition),
    newEndPosition: endPoint(after.slice(prefix, after.length - suffix), startPosition),
  });
}

// Candidates come in runs against the same original function: normalize it once per run.
let lastOriginal: { text: string; normalized: string } | undefined;
function normalizedOriginal(text: string): string {
  if (lastOriginal?.text !== text) lastOriginal = { text, normalized: normalizeCode(text) };
  return lastOriginal.normalized;
}

const DIFF_CONTEXT = 3;

/**
 * The unified diff of the splice, `patch -p1` applicable. Only the replaced lines and their
 * context are diffed (the rest of the file is equal by construction), then the hunks are
 * moved to their place in the file.
 */
function unifiedDiff(file: string, source: string, edit: Splice, startLine: number, endLine: number): string {
  const firstLine = Math.max(1, startLine - DIFF_CONTEXT);
  const lastLine = Math.min(lineCount(edit.starts), endLine + DIFF_CONTEXT);
  const from = edit.starts[firstLine - 1]!;
  const to = edit.starts[lastLine]!;
  const before = source.slice(from, to);
  const after = source.slice(from, edit.oldStart) + edit.replacement + source.slice(edit.oldEnd, to);
  const patch = structuredPatch(`a/${file}`, `b/${file}`, before, after, undefined, undefined, { context: DIFF_CONTEXT });
  for (const hunk of patch.hunks) {
    hunk.oldStart += firstLine - 1;
    hunk.newStart += firstLine - 1;
  }
  return formatPatch(patch, FILE_HEADERS_ONLY);
}

/**
 * A candidate that replaces lines startLine..endLine of `file` with newFunctionText, or null
 * when the range is not in the file, the patched file does not parse, or the normalized code
 * is unchanged. Keeps the file's line endings and whatever followed the range (its final
 * line break included).
 */
export async function makeCandidate(args: CandidateArgs): Promise<Candidate | null> {
  const edit = splice(args.fileText, args.startLine, args.endLine, args.newFunctionText);
  if (!edit) return null;
  const original = args.fileText.slice(edit.oldStart, edit.oldEnd);
  if (normalizedOriginal(original) === normalizeCode(edit.replacement)) return null;
  if (!(await spliceParses(args.fileText, edit, args.startLine))) return null;
  const diff = unifiedDiff(args.file, args.fileText, edit, args.startLine, args.endLine);
  return {
    kind: 'candidate',
    file: args.file,
    function: args.function ?? '',
    startLine: args.startLine,
    endLine: args.endLine,
    newFunctionText: edit.replacement,
    newFileText: edit.newFileText,
    diff,
    source: args.source,
    editKind: args.editKind,
    summary: args.summary,
    score: args.score,
    ...(args.familyPrior !== undefined ? { familyPrior: args.familyPrior } : {}),
    ...(args.modelLogProb !== undefined ? { modelLogProb: args.modelLogProb } : {}),
    ...(args.from !== undefined ? { from: args.from } : {}),
  };
}

/** The first and last changed lines (1-based, file numbering) between two function texts: "rewrite lines 4-6". */
export function changedLinesText(oldFunction: string, newFunction: string, startLine: number): string {
  const before = oldFunction.split('\n');
  const after = newFunction.split('\n');
  const { prefix, suffix } = commonEnds(before, after);
  const first = startLine + prefix;
  const last = startLine + before.length - 1 - suffix;
  if (last < first) return `insert before line ${first}`;
  return last === first ? `rewrite line ${first}` : `rewrite lines ${first}-${last}`;
}

/** Edits the candidate combines: "off-by-one+swap-args", or one made on top of a partial fix ("a; b"): 2. */
export function editCount(candidate: Pick<Candidate, 'editKind' | 'summary'>): number {
  return Math.max(candidate.editKind.split('+').length, candidate.summary.split('; ').length);
}

/** Candidates with equal keys make the same edit: same file, same range, same normalized code. */
export function candidateKey(candidate: Pick<Candidate, 'file' | 'startLine' | 'endLine' | 'newFunctionText'>): string {
  return `${candidate.file}\0${candidate.startLine}\0${candidate.endLine}\0${normalizeCode(candidate.newFunctionText)}`;
}

/**
 * One candidate per file, range and normalized new text: the best-scored one. The result is
 * ordered by score, highest first; equal scores keep their input order.
 */
export function dedupeCandidates(candidates: Candidate[]): Candidate[] {
  const best = new Map<string, Candidate>();
  for (const candidate of candidates) {
    const key = candidateKey(candidate);
    const kept = best.get(key);
    if (!kept || candidate.score > kept.score) best.set(key, candidate);
  }
  const survivors = new Set(best.values());
  return candidates.filter((c) => survivors.has(c)).sort((a, b) => b.score - a.score);
}
