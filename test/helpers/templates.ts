import * as assert from 'node:assert/strict';
import { normalizeCode } from '../../src/core/generate/candidate';
import { templateCandidates, type TemplateOptions } from '../../src/core/generate/templates';
import type { Edit, EditContext, EditFamily } from '../../src/core/generate/templates/edit';
import { collectScope } from '../../src/core/syntax/scope';
import { listFunctions } from '../../src/core/syntax/functions';
import { parsePython, type Node } from '../../src/core/syntax/parser';
import type { Candidate, Suspect } from '../../src/core/types';

// Shared helpers of the template unit tests: a suspect over one function of a Python source,
// the template candidates for it, assertions that the intended fix is among them, and one edit
// family's edits with the context templates/index.ts would build.

/**
 * A suspect over the function `qualname` of `source` (the first function when omitted), in
 * `file`, with `lines` as its suspicious lines, best first.
 */
export async function suspectOver(source: string, qualname?: string, lines: number[] = [], file = 'algo.py'): Promise<Suspect> {
  const functions = await listFunctions(source);
  const fn = qualname === undefined ? functions[0] : functions.find((f) => f.qualname === qualname);
  assert.ok(fn, `no function ${qualname ?? 'at all'}`);
  return {
    file,
    function: fn.qualname,
    startLine: fn.startLine,
    endLine: fn.endLine,
    score: 1,
    reasons: ['test'],
    lines: lines.map((line, i) => ({ line, score: 1 / (i + 1) })),
  };
}

/** Template options, plus the suspect's suspicious lines (best first; none by default). */
export interface CandidatesRequest extends TemplateOptions {
  lines?: number[];
}

/** templateCandidates for a suspect over the function `qualname` of `source` (the first when omitted). */
export async function templateCandidatesFor(source: string, qualname?: string, request: CandidatesRequest = {}): Promise<Candidate[]> {
  const { lines, ...options } = request;
  const suspect = await suspectOver(source, qualname, lines);
  return templateCandidates([suspect], async () => source, options);
}

/**
 * The template candidates of the given edit kinds for a case written as a buggy function with
 * another function after it, which they must leave untouched: the suspect covers the buggy one.
 */
export async function firstFunctionCandidates(
  buggy: string,
  other: string,
  kinds: ReadonlySet<string>,
  request: CandidatesRequest = {},
): Promise<Candidate[]> {
  const candidates = await templateCandidatesFor(`${buggy}\n\n${other}`, undefined, request);
  return candidates.filter((c) => kinds.has(c.editKind));
}

/** 1-based rank of the candidate whose file equals `fixed` (normalized), or 0 when absent. */
export function rankOfFix(candidates: Candidate[], fixed: string): number {
  const want = normalizeCode(fixed);
  return candidates.findIndex((c) => normalizeCode(c.newFileText) === want) + 1;
}

/** Asserts that a candidate's file equals `fixed` (normalized) and that an edit of `kind` made it; returns it. */
export function assertFixAmong(candidates: Candidate[], fixed: string, kind: string): Candidate {
  const rank = rankOfFix(candidates, fixed);
  assert.ok(rank > 0, `the fix is not among ${candidates.length} candidates`);
  const fix = candidates[rank - 1]!;
  assert.equal(fix.editKind, kind);
  return fix;
}

/** assertFixAmong over the template candidates for the function `qualname` of `buggy`. */
export async function assertFixProposed(buggy: string, qualname: string, fixed: string, kind: string): Promise<Candidate> {
  return assertFixAmong(await templateCandidatesFor(buggy, qualname), fixed, kind);
}

/** Asserts that a candidate's function text is exactly `fixedFunction`; returns it. */
export function assertFunctionFixAmong(candidates: Candidate[], fixedFunction: string): Candidate {
  const fix = candidates.find((x) => x.newFunctionText === fixedFunction);
  assert.ok(fix, `the fix is not among:\n${candidates.map((x) => x.summary).join('\n')}`);
  return fix;
}

/** Asserts that every candidate's file still ends with `other`, the function after the suspect. */
export function assertOtherUntouched(candidates: Candidate[], other: string): void {
  for (const x of candidates) assert.ok(x.newFileText.endsWith(other), `${x.summary} touched the other function`);
}

/**
 * The edits of one edit family on the first function of `source`, with the context
 * templates/index.ts would build (every node of the function, its scope, no failure evidence
 * but the runtime `evidence` given), and where that function starts and ends.
 */
export async function familyEditsOnFirstFunction(
  source: string,
  family: EditFamily,
  evidence: Partial<Pick<EditContext, 'types' | 'testLiterals'>> = {},
): Promise<{ edits: Edit[]; start: number; end: number }> {
  const tree = await parsePython(source);
  const owner = tree.rootNode.namedChildren.find((n) => n?.type === 'function_definition');
  assert.ok(owner, 'no function at all');
  const nodes: Node[] = [];
  const visit = (node: Node) => {
    nodes.push(node);
    for (const child of node.namedChildren) if (child) visit(child);
  };
  visit(owner);
  const ctx: EditContext = {
    source,
    nodes,
    owner,
    scope: collectScope(tree.rootNode, owner),
    noneNames: null,
    raised: [],
    types: new Map(),
    testLiterals: [],
    ...evidence,
  };
  return { edits: family(ctx), start: owner.startIndex, end: owner.endIndex };
}
