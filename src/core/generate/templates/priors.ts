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
// own (statement deletion, guards) are discounted so they are validated later. Kinds with many
// alternatives per site and none among the most frequent one-line defects (callee-misuse to
// outer-variable-misuse) sit after return-wrap; exception-guard is only proposed where a failing
// test's exception left the suspect, which is strong evidence; the runtime kinds (typed-call,
// typed-attribute, test-literal) sit behind the classic kinds, since each site gets several.
//
// The weights live in ../edit-kinds.json, the one table of edit kinds: each kind's family,
// prior, a note on why, and whether the training bugs (models/training/extract_bugs.py) are
// made as its inverse (the runtime kinds are not: a training bug has no failing run's values).
// The training scripts and the tests read the same table.
import editKinds from '../edit-kinds.json';

export type EditKind = keyof typeof editKinds;

export const EDIT_KINDS = Object.keys(editKinds) as EditKind[];

/** Each kind's prior (edit-kinds.json). */
export const PRIORS = Object.fromEntries(EDIT_KINDS.map((kind) => [kind, editKinds[kind].prior])) as Record<EditKind, number>;

/** The kinds whose inverse the training bug maker injects. */
export const TRAINING_KINDS = EDIT_KINDS.filter((kind) => editKinds[kind].trainingInverse);
