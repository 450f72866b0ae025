import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import type { Candidate, CandidateSource } from '../types';
import { parsePython, type Node } from '../syntax/parser';
import { normalizeCode } from './normalize';

export { normalizeCode };

export interface CandidateArgs {
  file: string;
  /** The whole original file text. */
  source: string;
  /** The original function range (1-based, inclusive) that newFunctionText replaces. */
  startLine: number;
  endLine: number;
  newFunctionText: string;
  /** Qualified function name; defaults to "" when the caller has none. */
  function?: string;
  origin: CandidateSource;
  editKind: string;
  summary: string;
  score: number;
  modelLogProb?: number;
}

interface Splice {
  newFileText: string;
  /** The replacement as it now stands in the file: file line endings, no final line break. */
  replacement: string;
  /** Character offsets of the replaced region in the old file and in the new file. */
  oldStart: number;
  oldEnd: number;
  newEnd: number;
}

/** Character offset where each line starts; one extra entry for the end of the text. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  if (starts[starts.length - 1] !== text.length) starts.push(text.length);
  return starts;
}

function lineEnding(text: string): '\r\n' | '\n' {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

/** Replaces lines startLine..endLine (their line breaks excluded) by the new text. */
function splice(source: string, startLine: number, endLine: number, newText: string): Splice | null {
  const starts = lineStarts(source);
  const lineCount = starts.length - 1;
  if (!Number.isInteger(startLine) || !Number.isInteger(endLine)) return null;
  if (startLine < 1 || endLine < startLine || endLine > lineCount) return null;
  const eol = lineEnding(source);
  const oldStart = starts[startLine - 1]!;
  let oldEnd = starts[endLine]!;
  if (source[oldEnd - 1] === '\n') oldEnd -= source[oldEnd - 2] === '\r' ? 2 : 1;
  const replacement = newText.replace(/\r?\n$/, '').replace(/\r?\n/g, eol);
  const newFileText = source.slice(0, oldStart) + replacement + source.slice(oldEnd);
  return { newFileText, replacement, oldStart, oldEnd, newEnd: oldStart + replacement.length };
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

// A file that already has syntax errors elsewhere (or syntax tree-sitter's grammar lacks) must
// not veto every candidate: then only errors touching the replaced region count. Offsets are
// UTF-16 units in web-tree-sitter, the same units as JavaScript string indices.
async function spliceParses(source: string, edit: Splice): Promise<boolean> {
  const tree = await parsePython(edit.newFileText);
  try {
    if (!tree.rootNode.hasError) return true;
    const outside = errorRanges(tree.rootNode).every(([start, end]) => end < edit.oldStart || start > edit.newEnd);
    return outside && !(await originalParsesCached(source));
  } finally {
    tree.delete();
  }
}

async function originalParses(source: string): Promise<boolean> {
  const tree = await parsePython(source);
  try {
    return !tree.rootNode.hasError;
  } finally {
    tree.delete();
  }
}

// Asked once per file text rather than once per candidate.
const originalParseCache = new Map<string, Promise<boolean>>();
function originalParsesCached(source: string): Promise<boolean> {
  let result = originalParseCache.get(source);
  if (!result) {
    if (originalParseCache.size >= 16) originalParseCache.clear();
    result = originalParses(source);
    originalParseCache.set(source, result);
  }
  return result;
}

/**
 * A candidate that replaces lines startLine..endLine of `file` with newFunctionText, or null
 * when the range is not in the file, the patched file does not parse, or the normalized code
 * is unchanged. Keeps the file's line endings and whatever followed the range (its final
 * line break included).
 */
export async function makeCandidate(args: CandidateArgs): Promise<Candidate | null> {
  const edit = splice(args.source, args.startLine, args.endLine, args.newFunctionText);
  if (!edit) return null;
  const original = args.source.slice(edit.oldStart, edit.oldEnd);
  if (normalizeCode(original) === normalizeCode(edit.replacement)) return null;
  if (!(await spliceParses(args.source, edit))) return null;
  const diff = createTwoFilesPatch(`a/${args.file}`, `b/${args.file}`, args.source, edit.newFileText, undefined, undefined, {
    context: 3,
    headerOptions: FILE_HEADERS_ONLY,
  });
  return {
    kind: 'candidate',
    file: args.file,
    function: args.function ?? '',
    startLine: args.startLine,
    endLine: args.endLine,
    newFunctionText: edit.replacement,
    newFileText: edit.newFileText,
    diff,
    source: args.origin,
    editKind: args.editKind,
    summary: args.summary,
    score: args.score,
    ...(args.modelLogProb !== undefined ? { modelLogProb: args.modelLogProb } : {}),
  };
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
