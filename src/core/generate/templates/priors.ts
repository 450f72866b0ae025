// How likely each kind of template edit is to be the fix, before looking at the code. These
// are hand-set relative weights, not measured frequencies. They follow two sources:
// - QuixBugs (Lin et al., 2017), whose one-line defects are mostly a wrong comparison
//   operator, an off-by-one (missing/added +1, wrong slice), a wrong variable, a missing
//   condition or line, a missing function call, a swapped variable, a wrong arithmetic or assignment operator, and a
//   wrong method or field;
// - the bug kinds the DeepDebug paper (section 4.3) saw its bug-creator make: wrong
//   comparisons, variable and member misnaming (self.result for self._result), dot vs
//   bracket access, deleted return lines and breaks, wrapped or unwrapped return values,
//   wrong exception classes, get for pop.
// Frequent kinds that produce few candidates per site (operator swaps) come first; kinds that
// produce many alternatives per site (variable misuse) or rarely fix a failing test on their
// own (statement deletion, guards) are discounted so they are validated later.
export const PRIORS = {
  'compare-op': 0.5,
  // Kinds below sit after return-wrap: each proposes several alternatives per site and none is
  // among the most frequent one-line defects, so the classic kinds are validated first.
  'callee-misuse': 0.15, // area(r) for perimeter(r): few alternatives, only same-arity functions of the file
  'unwrap-call': 0.12, // len(xs) where xs was meant: one alternative per argument
  'wrap-builtin': 0.12, // len(xs) written xs, max(n, 0) written n: only builtins already used nearby
  'expression-tweak': 0.1, // off by one or by a name outside index positions, len(x) for a count, sign, slices
  'fill-literal': 0.1, // return [] for return result: a placeholder left in
  'outer-variable-misuse': 0.08, // a module or enclosing function's name the function never reads
  'off-by-one': 0.45,
  'identity-op': 0.35, // is <-> is not
  'membership-op': 0.35, // in <-> not in
  'variable-misuse': 0.35,
  'missing-return': 0.35,
  'arith-op': 0.3,
  'bitwise-op': 0.3, // rare in code, so trying them is cheap
  'bool-op': 0.3, // and <-> or
  negation: 0.3, // adding or removing `not`
  'attribute-misuse': 0.3,
  'builtin-swap': 0.3, // min/max, any/all
  'augmented-op': 0.25,
  'method-swap': 0.25, // get/pop, append/extend, ...
  'swap-args': 0.2,
  'bool-literal': 0.2,
  'break-continue': 0.2,
  'literal-off-by-one': 0.2, // integer literals outside index, range and slice positions
  'swap-operands': 0.15,
  'missing-call': 0.15, // larger for quicksort(larger), digits for reversed(digits)
  'reversed-iteration': 0.15,
  'dot-bracket': 0.15,
  'return-wrap': 0.15,
  'exception-type': 0.15,
  'delete-statement': 0.1,
  'missing-guard': 0.1,
  // Only proposed where a failing test's exception left the suspect, which is strong evidence;
  // a handful of guards per raising line.
  'exception-guard': 0.4,
  'condition-narrow': 0.1, // a missing conjunct (QuixBugs' missing condition): up to a dozen terms per condition
  'condition-widen': 0.08, // a missing disjunct: rarer than a missing check, same number of terms
  'insert-statement': 0.06, // a missing line: a few lines at every position between statements, the largest space
  'move-statement': 0.06, // a line on the wrong side of a neighbour or a loop boundary: few moves, rarely the bug
  // From the failing runs' values (runtime-types.ts): behind the classic kinds, since each site
  // gets several conversions, but only for names whose type the runs showed.
  'typed-call': 0.1, // s -> s.strip(), price -> round(price, 2), d[k] -> d.get(k), ljust -> rjust on a str
  'typed-attribute': 0.15, // obj.a -> obj.b among the attributes the object had: few alternatives, strong evidence
  'test-literal': 0.06, // a literal replaced by a failing test's own: many literals, rarely the bug
} as const satisfies Record<string, number>;

export type EditKind = keyof typeof PRIORS;
