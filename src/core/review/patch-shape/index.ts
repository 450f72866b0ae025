import { parseFunctionText, type Node } from '../../syntax/parser';
import type { ShapeObjection, ShapeRule } from '../../types';
import { cancellingEdits } from './cancelling';
import { costGrowth } from './cost';
import { specialCases, unusedInputs } from './inputs';
import { loopVariableReads } from './loop-variable';
import { detachedRecursion } from './recursion';
import { nonTruthReturns } from './returns';
import { definitionOf } from './tree';

// Shapes a reviewer would send back when a better-shaped patch passes the same tests: the
// patch validates, but it is ranked after the patches without them, and the ranking says why.
// Each rule compares the function before the patch with the function after it, so only what
// the patch introduced counts:
// - a parameter or loop variable no longer read, a comparison with a new literal (inputs.ts);
// - a loop variable read after its loop (loop-variable.ts);
// - a recursive call's argument that reads none of the function's variables (recursion.ts);
// - two edits that cancel: a reversed loop with a flipped comparison in it, a negated
//   condition with its branches swapped (cancelling.ts);
// - a loop bound raised from a root, a logarithm or a half to the value itself (cost.ts);
// - a predicate made to return something other than a truth value (returns.ts).
// One rule compares shown patches with each other, once all are judged: a condition's term that
// another of them passes the tests without (needless-term.ts).

/** A rule's objections, in its own words: one per thing it found. */
type Rule = (before: Node, after: Node) => string[];

const RULES: Record<Exclude<ShapeRule, 'needless-term'>, Rule> = {
  'unused-input': unusedInputs,
  'special-case': specialCases,
  'loop-variable-after-loop': loopVariableReads,
  'detached-recursion': detachedRecursion,
  'cancelling-edits': cancellingEdits,
  'cost-growth': costGrowth,
  'non-truth-return': nonTruthReturns,
};

/** What a reviewer would object to in `after` (the patched function's text) that `before` did not have. */
export async function shapeObjections(before: string, after: string): Promise<ShapeObjection[]> {
  const trees = await Promise.all([parseFunctionText(before), parseFunctionText(after)]);
  try {
    const [was, is] = trees.map(definitionOf);
    if (!was || !is) return [];
    return Object.entries(RULES).flatMap(([rule, find]) => find(was, is).map((text) => ({ rule: rule as ShapeRule, text })));
  } finally {
    for (const tree of trees) tree.delete();
  }
}
