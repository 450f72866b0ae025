import { parseFunctionText, type Node } from '../../syntax/parser';
import { cancellingEdits } from './cancelling';
import { costGrowth } from './cost';
import { specialCases, unusedInputs } from './inputs';
import { loopVariableReads } from './loop-variable';
import { detachedRecursion } from './recursion';
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
// - a loop bound raised from a root, a logarithm or a half to the value itself (cost.ts).

type Rule = (before: Node, after: Node) => string[];

const RULES: Rule[] = [unusedInputs, specialCases, loopVariableReads, detachedRecursion, cancellingEdits, costGrowth];

/** What a reviewer would object to in `after` (the patched function's text) that `before` did not have. */
export async function shapeNotes(before: string, after: string): Promise<string[]> {
  const trees = await Promise.all([parseFunctionText(before), parseFunctionText(after)]);
  try {
    const [was, is] = trees.map(definitionOf);
    return was && is ? RULES.flatMap((rule) => rule(was, is)) : [];
  } finally {
    for (const tree of trees) tree.delete();
  }
}
