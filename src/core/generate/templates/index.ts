import type { Candidate, Failure, Suspect } from '../../types';
import { parsePython, type Node, type Tree } from '../../syntax/parser';
import { candidateKey, makeCandidate } from '../candidate';
import { lineAt, lineCount, lineEndOffset, lineStarts } from '../lines';
import type { Edit, EditContext, EditFamily, Splice } from './edit';
import { PRIORS } from './priors';
import { collectScope } from './scope';
import { callEdits } from './calls';
import { controlEdits } from './control';
import { exceptionEdits } from './exceptions';
import { nameEdits } from './names';
import { offByOneEdits } from './off-by-one';
import { operatorEdits } from './operators';
import { returnEdits } from './returns';
import { swapEdits } from './swaps';
import { wrappingEdits } from './wrapping';

// Template candidates: every family proposes edits inside every suspect region, each edit
// is scored by suspiciousness x line suspiciousness x prior, and only the best ones are
// turned into candidates (splicing, parsing and diffing is the expensive part).

export interface TemplateOptions {
  /** At most this many candidates (default DEFAULT_MAX_TEMPLATE_CANDIDATES). */
  maxCandidates?: number;
  /** Propose edits in test files too (off by default). */
  allowTestEdits?: boolean;
  /** Which files are tests; default: test_*.py, *_test.py and conftest.py. */
  isTestFile?: (file: string) => boolean;
  /** The failures being repaired: their frames' locals tell which parameters were None. */
  failures?: Failure[];
}

export const DEFAULT_MAX_TEMPLATE_CANDIDATES = 2000;

// When some lines are ranked, the others still get a chance (the localizer may only know the
// lines a traceback passed through), but only after the ranked ones.
const UNRANKED_LINE_WEIGHT = 0.05;
// Keeps a zero-scored suspect's edits in play, behind everyone else's.
const MIN_SUSPECT_WEIGHT = 0.01;

const FAMILIES: EditFamily[] = [
  operatorEdits,
  offByOneEdits,
  nameEdits,
  callEdits,
  returnEdits,
  swapEdits,
  wrappingEdits,
  exceptionEdits,
  controlEdits,
];

export function looksLikeTestFile(file: string): boolean {
  return /(?:^|[\\/])(?:test_[^\\/]*|[^\\/]*_test|conftest)\.py$/.test(file);
}

interface Region {
  suspect: Suspect;
  source: string;
  /** String offsets of the region: from the start of startLine to the end of endLine. */
  start: number;
  end: number;
  weight: number;
}

interface Proposal {
  region: Region;
  edit: Edit;
  score: number;
}

/** Candidates from template edits at the suspects' ranked lines, best first. */
export async function templateCandidates(
  suspects: Suspect[],
  readSource: (file: string) => Promise<string | null>,
  options: TemplateOptions = {},
): Promise<Candidate[]> {
  const maxCandidates = options.maxCandidates ?? DEFAULT_MAX_TEMPLATE_CANDIDATES;
  const isTestFile = options.isTestFile ?? looksLikeTestFile;
  const topScore = Math.max(0, ...suspects.map((s) => s.score));
  const sources = new Map<string, string | null>();
  const trees = new Map<string, Tree>();
  const proposals: Proposal[] = [];
  try {
    for (const [rank, suspect] of suspects.entries()) {
      if (!options.allowTestEdits && isTestFile(suspect.file)) continue;
      if (!sources.has(suspect.file)) sources.set(suspect.file, await readSource(suspect.file));
      const source = sources.get(suspect.file);
      if (source === null || source === undefined) continue;
      let tree = trees.get(suspect.file);
      if (!tree) trees.set(suspect.file, (tree = await parsePython(source)));
      const weight = topScore > 0 ? Math.max(MIN_SUSPECT_WEIGHT, suspect.score / topScore) : 1 / (rank + 1);
      proposals.push(...proposeEdits(suspect, source, tree.rootNode, weight, noneNamesIn(suspect, options.failures)));
    }
  } finally {
    for (const tree of trees.values()) tree.delete();
  }
  proposals.sort((a, b) => b.score - a.score);
  return materialize(proposals, maxCandidates);
}

/** Locals shown as None by failure frames inside the suspect; null when no frame has locals. */
function noneNamesIn(suspect: Suspect, failures: Failure[] | undefined): Set<string> | null {
  let known = false;
  const names = new Set<string>();
  for (const frame of failures?.flatMap((f) => f.frames) ?? []) {
    if (frame.file !== suspect.file || frame.line < suspect.startLine || frame.line > suspect.endLine || !frame.locals) continue;
    known = true;
    for (const [name, repr] of Object.entries(frame.locals)) if (repr === 'None') names.add(name);
  }
  return known ? names : null;
}

function proposeEdits(suspect: Suspect, source: string, root: Node, weight: number, noneNames: Set<string> | null): Proposal[] {
  const starts = lineStarts(source);
  if (suspect.startLine < 1 || suspect.endLine < suspect.startLine || suspect.endLine > lineCount(starts)) return [];
  const start = starts[suspect.startLine - 1]!;
  const end = lineEndOffset(source, starts, suspect.endLine);
  const region: Region = { suspect, source, start, end, weight };
  const nodes = nodesWithin(root, start, end);
  const owner = ownerOf(root, nodes, suspect.endLine);
  const ctx: EditContext = { source, nodes, owner, scope: collectScope(root, owner), noneNames };
  const lineWeight = lineWeights(suspect);
  const proposals: Proposal[] = [];
  for (const family of FAMILIES) {
    for (const edit of family(ctx)) {
      if (!edit.splices.every((s) => s.start >= start && s.end <= end)) continue;
      const anchors = edit.anchorLines ?? spliceLines(starts, edit.splices);
      const line = Math.max(...anchors.map(lineWeight));
      proposals.push({ region, edit, score: weight * line * PRIORS[edit.kind] * edit.plausibility });
    }
  }
  return proposals;
}

async function materialize(proposals: Proposal[], maxCandidates: number): Promise<Candidate[]> {
  const candidates: Candidate[] = [];
  const seen = new Set<string>();
  for (const { region, edit, score } of proposals) {
    if (candidates.length >= maxCandidates) break;
    const { suspect, source } = region;
    const newFunctionText = applySplices(source, region.start, region.end, edit.splices);
    const key = candidateKey({ file: suspect.file, startLine: suspect.startLine, endLine: suspect.endLine, newFunctionText });
    if (seen.has(key)) continue;
    seen.add(key);
    const candidate = await makeCandidate({
      file: suspect.file,
      source,
      startLine: suspect.startLine,
      endLine: suspect.endLine,
      newFunctionText,
      function: suspect.function,
      origin: 'template',
      editKind: edit.kind,
      summary: edit.summary,
      score,
    });
    if (candidate) candidates.push(candidate);
  }
  return candidates; // unique by key and already in score order
}

function applySplices(source: string, start: number, end: number, splices: Splice[]): string {
  let text = source.slice(start, end);
  for (const splice of [...splices].sort((a, b) => b.start - a.start)) {
    text = text.slice(0, splice.start - start) + splice.text + text.slice(splice.end - start);
  }
  return text;
}

/** Line weight in (0, 1]: the line's score over the best line's; all 1 when none are ranked. */
function lineWeights(suspect: Suspect): (line: number) => number {
  if (suspect.lines.length === 0) return () => 1;
  const scores = new Map<number, number>();
  for (const { line, score } of suspect.lines) scores.set(line, Math.max(score, scores.get(line) ?? -Infinity));
  const best = Math.max(...scores.values());
  return (line) => {
    const score = scores.get(line);
    if (score === undefined) return UNRANKED_LINE_WEIGHT;
    return best > 0 ? Math.max(UNRANKED_LINE_WEIGHT, score / best) : 1;
  };
}

function spliceLines(starts: number[], splices: Splice[]): number[] {
  const lines: number[] = [];
  for (const splice of splices) {
    const first = lineAt(starts, splice.start);
    const last = lineAt(starts, Math.max(splice.start, splice.end - 1));
    for (let line = first; line <= last; line++) lines.push(line);
  }
  return lines;
}

/** Named nodes lying entirely within [start, end), in document order. */
function nodesWithin(root: Node, start: number, end: number): Node[] {
  const found: Node[] = [];
  const visit = (node: Node, inside: boolean): void => {
    const contained = inside || (node.startIndex >= start && node.endIndex <= end);
    if (contained && node.isNamed) found.push(node);
    for (const child of node.namedChildren) {
      if (child && child.endIndex > start && child.startIndex < end) visit(child, contained);
    }
  };
  visit(root, false);
  return found;
}

/** The function the region is (ends with it), else the function around it, else the module. */
function ownerOf(root: Node, nodes: Node[], endLine: number): Node {
  const own = nodes.find((n) => n.type === 'function_definition' && n.endPosition.row + 1 === endLine);
  if (own) return own;
  for (let node = nodes[0]?.parent ?? null; node; node = node.parent) {
    if (node.type === 'function_definition') return node;
  }
  return root;
}
