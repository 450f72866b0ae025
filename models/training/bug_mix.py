"""The mix of bug kinds the training data should have: how often real one-line bugs of each kind occur.

Each bug kind is the inverse of one template edit kind of the search, named as in the one table
of edit kinds (src/core/generate/edit-kinds.json, its kinds with "trainingInverse"), so a model
trained on the mix learns the bugs the search's families fix.

Where the shares come from (see models/training/README.md, "Bug kinds"):

- MEASURED: pattern counts of single-statement bug fixes mined from real projects, as the
  datasets' own READMEs state them (aggregate counts only; no individual bug was read):
  * TSSB-3M (Richter & Wehrheim, "TSSB-3M: Mining single statement bugs at massive scale",
    MSR 2022; github.com/cedricrupb/TSSB3M, README "SStuB statistic", TSSB-3M column):
    3 million single-statement bug fixes from Python projects, 20 patterns. Used for the shares.
  * ManySStuBs4J (Karampatsis & Sutton, "How Often Do Single-Statement Bugs Occur? The
    ManySStuBs4J Dataset", MSR 2020; github.com/mast-group/mineSStuBs, README "SStuB
    Statistics", large dataset): Java, 16 patterns. Printed beside them for comparison only.
- ESTIMATE (ours): how a pattern's count splits among our kinds (TSSB-3M does not say which
  of its "Change Identifier Used" fixes are local variables, module names or exception
  classes), and the shares of kinds no SStuB pattern counts: statement-level bugs (a missing,
  extra or misplaced statement, a missing guard or return), since SStuB mining keeps only fixes
  that modify one existing statement, and a few expression kinds (removing a wrapper call, the
  augmented operators, break/continue, return wrapping). We give them ESTIMATED_SHARE of the
  whole; everything the SStuB counts cover gets the rest, in the counts' proportions.

PySStuBs (Kamienski et al., MSR 2021) would be a second Python source; we could not check its
figures offline and do not use them.
"""

import json
import os

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "src", "core", "generate", "edit-kinds.json")) as _table:
    TRAINING_KINDS = frozenset(kind for kind, entry in json.load(_table).items() if entry["trainingInverse"])

# TSSB-3M pattern counts in thousands (README "SStuB statistic", TSSB-3M column).
TSSB3M_K = {
    "Change Identifier Used": 237,
    "Change Binary Operand": 174,
    "Same Function More Args": 150,
    "Wrong Function Name": 134,
    "Add Function Around Expression": 117,
    "Change Attribute Used": 104,
    "Change Numeric Literal": 97,
    "More Specific If": 68,
    "Add Method Call": 60,
    "Add Elements To Iterable": 57,
    "Same Function Less Args": 50,
    "Change Boolean Literal": 37,
    "Add Attribute Access": 32,
    "Change Binary Operator": 29,
    "Same Function Wrong Caller": 25,
    "Less Specific If": 22,
    "Change Keyword Argument Used": 20,
    "Change Unary Operator": 15,
    "Same Function Swap Args": 8,
    "Change Constant Type": 6,
}

# ManySStuBs4J large-dataset counts (README "SStuB Statistics", "Instances Large"), for comparison.
MANYSSTUBS4J_LARGE = {
    "Change Identifier Used": 22668,
    "Change Numeric Literal": 5447,
    "Change Boolean Literal": 1842,
    "Change Modifier": 5010,
    "Wrong Function Name": 10179,
    "Same Function More Args": 5100,
    "Same Function Less Args": 1588,
    "Same Function Change Caller": 1504,
    "Same Function Swap Args": 612,
    "Change Binary Operator": 2241,
    "Change Unary Operator": 1016,
    "Change Operand": 807,
    "Less Specific If": 2813,
    "More Specific If": 2381,
    "Missing Throws Exception": 206,
    "Delete Throws Exception": 508,
}

# How each TSSB-3M pattern splits among our bug kinds (ESTIMATE). Patterns no template family
# fixes (a call given more or fewer arguments, a method call or iterable element added, a
# keyword argument renamed, a constant's type changed) map to nothing and are left out.
PATTERN_KINDS = {
    "Change Identifier Used": {"variable-misuse": 0.7, "outer-variable-misuse": 0.2, "exception-type": 0.1},
    "Change Binary Operand": {
        "variable-misuse": 0.3,
        "off-by-one": 0.2,
        "literal-off-by-one": 0.1,
        "expression-tweak": 0.2,
        "fill-literal": 0.1,
        "swap-operands": 0.1,
    },
    "Wrong Function Name": {"method-swap": 0.5, "callee-misuse": 0.3, "builtin-swap": 0.2},
    "Add Function Around Expression": {"wrap-builtin": 0.6, "missing-call": 0.3, "reversed-iteration": 0.1},
    "Change Attribute Used": {"attribute-misuse": 0.9, "dot-bracket": 0.1},
    "Change Numeric Literal": {"off-by-one": 0.5, "literal-off-by-one": 0.5},
    "More Specific If": {"condition-narrow": 1.0},
    "Change Boolean Literal": {"bool-literal": 1.0},
    "Add Attribute Access": {"attribute-misuse": 1.0},
    "Change Binary Operator": {
        "compare-op": 0.45,
        "arith-op": 0.25,
        "bool-op": 0.15,
        "identity-op": 0.05,
        "membership-op": 0.05,
        "bitwise-op": 0.05,
    },
    "Same Function Wrong Caller": {"variable-misuse": 1.0},
    "Less Specific If": {"condition-widen": 1.0},
    "Change Unary Operator": {"negation": 0.8, "expression-tweak": 0.2},
    "Same Function Swap Args": {"swap-args": 1.0},
}

# Kinds no SStuB pattern counts, with their relative weights (ESTIMATE): together
# ESTIMATED_SHARE of the mix. Missing statements first: adding a call, a condition or an
# assignment are the most frequent repair actions in studies of multi-line fixes (e.g. Sobreira
# et al., "Dissection of a Bug Dataset: Anatomy of 395 Patches from Defects4J", SANER 2018), so
# they get the largest weight here; the figures themselves are ours.
ESTIMATED_SHARE = 0.25
ESTIMATED_KINDS = {
    "insert-statement": 0.30,
    "exception-guard": 0.10,
    "missing-guard": 0.04,
    "missing-return": 0.12,
    "delete-statement": 0.08,
    "move-statement": 0.08,
    "break-continue": 0.06,
    "unwrap-call": 0.08,
    "augmented-op": 0.05,
    "return-wrap": 0.05,
    "negation": 0.04,
}


def kind_shares():
    """{kind: share of the mix}, summing to 1."""
    covered = {}
    for pattern, split in PATTERN_KINDS.items():
        for kind, part in split.items():
            covered[kind] = covered.get(kind, 0.0) + TSSB3M_K[pattern] * part
    total_covered = sum(covered.values())
    total_estimated = sum(ESTIMATED_KINDS.values())
    shares = {kind: (1 - ESTIMATED_SHARE) * n / total_covered for kind, n in covered.items()}
    for kind, weight in ESTIMATED_KINDS.items():
        shares[kind] = shares.get(kind, 0.0) + ESTIMATED_SHARE * weight / total_estimated
    unknown = set(shares) - TRAINING_KINDS
    if unknown:
        raise ValueError(f"kinds not in edit-kinds.json as training inverses: {sorted(unknown)}")
    return dict(sorted(shares.items(), key=lambda kv: -kv[1]))


KIND_SHARES = kind_shares()

if __name__ == "__main__":
    used = sum(TSSB3M_K[p] for p in PATTERN_KINDS)
    print(f"TSSB-3M patterns used: {len(PATTERN_KINDS)} of {len(TSSB3M_K)}, {used}K of {sum(TSSB3M_K.values())}K fixes")
    for kind, share in KIND_SHARES.items():
        print(f"{kind:24s} {100 * share:5.1f}%")
