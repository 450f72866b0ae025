import type { Candidate, CandidateKind, Failure, Frame, LocalType, Suspect } from '../../types';
import { isTestFile } from '../../pytest/failures';
import { parsePython, type Node, type Tree } from '../../syntax/parser';
import { candidateKey, makeCandidate } from '../candidate';
import { lineAt, lineCount, lineEndOffset, lineStarts } from '../lines';
import type { Edit, EditContext, EditFamily, RaiseSite, Splice } from './edit';
import { PRIORS } from './priors';
import { collectScope, ownParameterNames } from '../../syntax/scope';
import { failingTestValues, parameterTypes, type TestValues } from './test-values';
import { callEdits } from './calls';
import { builtinEdits } from './builtins';
import { expressionEdits } from './expressions';
import { literalEdits } from './literals';
import { outerNameEdits } from './outer-names';
import { controlEdits } from './control';
import { exceptionEdits } from './exceptions';
import { exceptionGuardEdits } from './exception-guards';
import { nameEdits } from './names';
import { offByOneEdits } from './off-by-one';
import { operatorEdits } from './operators';
import { returnEdits } from './returns';
import { swapEdits } from './swaps';
import { wrappingEdits } from './wrapping';
import { conditionEdits } from './conditions';
import { insertionEdits } from './insertions';
import { moveEdits } from './moves';
import { runtimeTypeEdits } from './runtime-types';
import { patternEdits } from './patterns';
import { literalContentEdits } from './literal-content';
import { bothSidesEdits } from './both-sides';
import { constantSuspects } from '../../localize/constants-read';

// Template candidates: every family proposes edits inside every suspect region, each edit
// is scored by suspiciousness x line suspiciousness x prior, and edits are turned into
// candidates only as the search takes them, best first (splicing, parsing and diffing is the
// expensive part). A stream also pairs its best edits (two-edit fixes), and proposes edits on
// top of a candidate that fixed part of the failure (multi-location fixes).

export interface TemplateOptions {
  /** At most this many candidates (default DEFAULT_MAX_TEMPLATE_CANDIDATES). */
  maxCandidates?: number;
  /** Propose edits in test files too (off by default). */
  allowTestEdits?: boolean;
  /** Which files are tests; default: isTestFile's rule. */
  isTestFile?: (file: string) => boolean;
  /** The failures being repaired: their frames' locals tell which names were None, their exceptions where guards belong. */
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
  expressionEdits,
  builtinEdits,
  literalEdits,
  outerNameEdits,
  offByOneEdits,
  nameEdits,
  callEdits,
  returnEdits,
  swapEdits,
  wrappingEdits,
  exceptionEdits,
  controlEdits,
  conditionEdits,
  insertionEdits,
  moveEdits,
  exceptionGuardEdits,
  runtimeTypeEdits,
  patternEdits,
  literalContentEdits,
  bothSidesEdits,
];

interface Region {
  suspect: Suspect;
  /** The text the edits' offsets refer to. */
  source: string;
  /** String offsets of the region: from the start of startLine to the end of endLine. */
  start: number;
  end: number;
  weight: number;
  /** The file text and lines a candidate replaces: the region itself, or the original a base candidate edited. */
  target: { source: string; startLine: number; endLine: number };
}

interface Proposal {
  region: Region;
  edit: Edit;
  /** The edit's most suspicious line. */
  line: number;
  /** The candidate's edit kind: the edit's, or both edits' for a pair. */
  editKind: CandidateKind;
  /** The kind-of-edit part of score: prior x plausibility (both edits' for a pair, with the across-lines discount). */
  family: number;
  score: number;
}

/** A pair of edits on different lines is less likely than one on the same line. */
const PAIR_ACROSS_LINES = 0.5;
/**
 * Pairs come in windows, so the two-edit round widens for as long as the budget lasts: the
 * first pairs the best this-many single edits among themselves, each next one pairs the next
 * this-many with every better edit.
 */
const PAIR_WINDOW = 60;

/**
 * Candidates from proposals, made as they are taken, best first; duplicates (same normalized
 * code) and edits that do not parse are skipped.
 */
export class TemplateStream {
  private taken = 0;
  private readonly seen = new Set<string>();

  constructor(private readonly proposals: Proposal[]) {
    proposals.sort((a, b) => b.score - a.score);
  }

  /** Proposals not yet taken (an upper bound on the candidates still to come). */
  get remaining(): number {
    return this.proposals.length - this.taken;
  }

  async next(): Promise<Candidate | null> {
    while (this.taken < this.proposals.length) {
      const candidate = await this.materialize(this.proposals[this.taken++]!);
      if (candidate) return candidate;
    }
    return null;
  }

  /** Two-edit candidates from this stream's single edits: the best edits' pairs first, then widening. */
  pairs(): PairStream {
    return new PairStream(this.proposals);
  }

  private async materialize({ region, edit, editKind, family, score }: Proposal): Promise<Candidate | null> {
    const newFunctionText = applySplices(region.source, region.start, region.end, edit.splices);
    const { target, suspect } = region;
    const key = candidateKey({ file: suspect.file, startLine: target.startLine, endLine: target.endLine, newFunctionText });
    if (this.seen.has(key)) return null;
    this.seen.add(key);
    return makeCandidate({
      file: suspect.file,
      fileText: target.source,
      startLine: target.startLine,
      endLine: target.endLine,
      newFunctionText,
      function: suspect.function,
      source: 'template',
      editKind,
      summary: edit.summary,
      score,
      familyPrior: family,
    });
  }
}

/** Pairs of single edits, window by window (PAIR_WINDOW), each window's best first; windows are made as they are reached. */
export class PairStream {
  private window = 0;
  private current: TemplateStream | null = null;

  constructor(private readonly singles: readonly Proposal[]) {}

  async next(): Promise<Candidate | null> {
    for (;;) {
      const candidate = await this.current?.next();
      if (candidate) return candidate;
      const from = this.window * PAIR_WINDOW;
      if (from >= this.singles.length) return null;
      this.current = new TemplateStream(pairsOf(this.singles.slice(0, from + PAIR_WINDOW), from));
      this.window++;
    }
  }
}

/** Candidates from template edits at the suspects' ranked lines, best first, at most maxCandidates. */
export async function templateCandidates(
  suspects: Suspect[],
  readSource: (file: string) => Promise<string | null>,
  options: TemplateOptions = {},
): Promise<Candidate[]> {
  const stream = await templateStream(suspects, readSource, options);
  const candidates: Candidate[] = [];
  const maxCandidates = options.maxCandidates ?? DEFAULT_MAX_TEMPLATE_CANDIDATES;
  for (let next = await stream.next(); next && candidates.length < maxCandidates; next = await stream.next()) candidates.push(next);
  return candidates;
}

/** Template edits at the suspects' ranked lines as a stream of candidates, best first. */
export async function templateStream(
  suspects: Suspect[],
  readSource: (file: string) => Promise<string | null>,
  options: TemplateOptions = {},
): Promise<TemplateStream> {
  const isTest = options.isTestFile ?? isTestFile;
  const topScore = Math.max(0, ...suspects.map((s) => s.score));
  const sources = new Map<string, string | null>();
  const read = async (file: string): Promise<string | null> => {
    if (!sources.has(file)) sources.set(file, await readSource(file));
    return sources.get(file) ?? null;
  };
  const tests = await failingTestValues(options.failures ?? [], read, isTest);
  const trees = new Map<string, Tree>();
  const proposals: Proposal[] = [];
  const constantsSeen = new Set<string>();
  try {
    for (const [rank, suspect] of suspects.entries()) {
      if (!options.allowTestEdits && isTest(suspect.file)) continue;
      const source = await read(suspect.file);
      if (source === null || source === undefined) continue;
      let tree = trees.get(suspect.file);
      if (!tree) trees.set(suspect.file, (tree = await parsePython(source)));
      const weight = topScore > 0 ? Math.max(MIN_SUSPECT_WEIGHT, suspect.score / topScore) : 1 / (rank + 1);
      proposals.push(...proposeEdits(suspect, source, tree.rootNode, weight, failureEvidence(suspect, options.failures), tests));
      // The literals of the constants it reads: their content only (the rest of them is data).
      for (const constant of constantSuspects(suspect, tree.rootNode)) {
        const key = `${constant.file}:${constant.startLine}`;
        if (constantsSeen.has(key)) continue;
        constantsSeen.add(key);
        const share = weight * (constant.score / (suspect.score || 1));
        proposals.push(...proposeEdits(constant, source, tree.rootNode, share, NO_EVIDENCE, tests, undefined, [literalContentEdits]));
      }
    }
  } finally {
    for (const tree of trees.values()) tree.delete();
  }
  return new TemplateStream(proposals);
}

/**
 * Edits on top of `base`, a candidate that fixed part of the failure: the same families over
 * its patched function, each candidate replacing the original lines `base` replaced. Its
 * lines are not ranked (the localizer saw the original), so every line weighs the same.
 */
export async function templateStreamOn(base: Candidate, original: string, weight: number, failures?: Failure[]): Promise<TemplateStream> {
  const lines = base.newFunctionText.replace(/\r?\n$/, '').split(/\r?\n/).length;
  const suspect: Suspect = {
    file: base.file,
    function: base.function,
    startLine: base.startLine,
    endLine: base.startLine + lines - 1,
    score: weight,
    reasons: [],
    lines: [],
  };
  const tree = await parsePython(base.newFileText);
  try {
    const target = { source: original, startLine: base.startLine, endLine: base.endLine };
    // The failures' lines are the original's: the base's edits may have moved them, so no raise sites;
    // the tests' values were the first round's to use.
    const evidence = { ...failureEvidence(suspect, failures), raised: [] };
    const proposals = proposeEdits(suspect, base.newFileText, tree.rootNode, weight, evidence, NO_TEST_VALUES, target);
    // Each candidate carries both edits: the base's and its own.
    return new TemplateStream(
      proposals.map((p) => ({
        ...p,
        editKind: `${base.editKind}+${p.editKind}`,
        edit: { ...p.edit, summary: `${base.summary}; ${p.edit.summary}` },
      })),
    );
  } finally {
    tree.delete();
  }
}

/** Pairs of edits that both apply (no overlapping splices), whose worse edit is `singles[from]` or later. */
function pairsOf(singles: readonly Proposal[], from: number): Proposal[] {
  const pairs: Proposal[] = [];
  for (let j = Math.max(1, from); j < singles.length; j++) {
    for (let i = 0; i < j; i++) {
      const a = singles[i]!;
      const b = singles[j]!;
      if (a.region !== b.region || overlaps(a.edit.splices, b.edit.splices)) continue;
      const sameLine = a.line === b.line;
      const across = sameLine ? 1 : PAIR_ACROSS_LINES;
      pairs.push({
        region: a.region,
        line: a.line,
        edit: {
          kind: a.edit.kind,
          plausibility: 1,
          splices: [...a.edit.splices, ...b.edit.splices],
          summary: `${a.edit.summary}; ${b.edit.summary}`,
        },
        editKind: `${a.edit.kind}+${b.edit.kind}`,
        family: a.family * b.family * across,
        // Both must be right: the product, and edits on one line (one slip of the pen) first.
        score: a.score * b.score * across,
      });
    }
  }
  return pairs;
}

function overlaps(a: Splice[], b: Splice[]): boolean {
  return a.some((x) => b.some((y) => x.start < y.end && y.start < x.end) || b.some((y) => x.start === y.start));
}

type FailureEvidence = Pick<EditContext, 'noneNames' | 'raised' | 'types'>;

const NO_TEST_VALUES: TestValues = { literals: [], calls: new Map() };
const NO_EVIDENCE: FailureEvidence = { noneNames: null, raised: [], types: new Map() };

/**
 * What the failures' frames inside the suspect show: the locals that were None (null when no
 * frame has locals), each local's runtime type where the frames agree on it, and per failure
 * the innermost line of the suspect its exception left by.
 */
function failureEvidence(suspect: Suspect, failures: Failure[] | undefined): FailureEvidence {
  const inside = (frame: Frame): boolean => frame.file === suspect.file && frame.line >= suspect.startLine && frame.line <= suspect.endLine;
  let known = false;
  const noneNames = new Set<string>();
  const types = new Map<string, LocalType>();
  const mixed = new Set<string>();
  const raised: RaiseSite[] = [];
  for (const failure of failures ?? []) {
    for (const frame of failure.frames.filter(inside)) {
      if (!frame.locals) continue;
      known = true;
      for (const [name, repr] of Object.entries(frame.locals)) if (repr === 'None') noneNames.add(name);
      for (const [name, type] of Object.entries(frame.localTypes ?? {})) {
        if (types.has(name) && types.get(name)!.type !== type.type) mixed.add(name);
        else types.set(name, type);
      }
    }
    const index = failure.frames.map(inside).lastIndexOf(true);
    if (failure.kind !== 'test' || index < 0 || failure.exception === 'AssertionError') continue;
    const frame = failure.frames[index]!;
    raised.push({
      line: frame.line,
      exception: failure.exception,
      message: failure.message,
      locals: frame.locals ?? null,
      innermost: failure.frames.slice(index + 1).every((later) => !later.inWorkspace),
    });
  }
  for (const name of mixed) types.delete(name);
  return { noneNames: known ? noneNames : null, raised, types };
}

function proposeEdits(
  suspect: Suspect,
  source: string,
  root: Node,
  weight: number,
  evidence: FailureEvidence,
  tests: TestValues,
  target: Region['target'] = { source, startLine: suspect.startLine, endLine: suspect.endLine },
  families: readonly EditFamily[] = FAMILIES,
): Proposal[] {
  const starts = lineStarts(source);
  if (suspect.startLine < 1 || suspect.endLine < suspect.startLine || suspect.endLine > lineCount(starts)) return [];
  const start = starts[suspect.startLine - 1]!;
  const end = lineEndOffset(source, starts, suspect.endLine);
  const region: Region = { suspect, source, start, end, weight, target };
  const nodes = nodesWithin(root, start, end);
  const owner = ownerOf(root, nodes, suspect.endLine);
  const scope = collectScope(root, owner);
  const ctx: EditContext = {
    source,
    nodes,
    owner,
    scope,
    ...evidence,
    types: ownerTypes(owner, scope.receiver !== null, evidence.types, tests),
    testLiterals: tests.literals,
  };
  const lineWeight = lineWeights(suspect);
  const proposals: Proposal[] = [];
  for (const family of families) {
    for (const edit of family(ctx)) {
      if (!edit.splices.every((s) => s.start >= start && s.end <= end)) continue;
      const anchors = edit.anchorLines ?? spliceLines(starts, edit.splices);
      const best = anchors.reduce((a, b) => (lineWeight(b) > lineWeight(a) ? b : a), anchors[0] ?? suspect.startLine);
      const family = PRIORS[edit.kind] * edit.plausibility;
      proposals.push({
        region,
        edit,
        line: best,
        editKind: edit.kind,
        family,
        score: weight * lineWeight(best) * PRIORS[edit.kind] * edit.plausibility,
      });
    }
  }
  return proposals;
}

/** The owner's parameters' types from the failing tests' calls of it, under its frames' own (what ran wins). */
function ownerTypes(owner: Node, isMethod: boolean, frameTypes: Map<string, LocalType>, tests: TestValues): Map<string, LocalType> {
  const name = owner.type === 'function_definition' ? owner.childForFieldName('name')?.text : undefined;
  if (!name) return frameTypes;
  return new Map([...parameterTypes(tests.calls.get(name), ownParameterNames(owner), isMethod), ...frameTypes]);
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
