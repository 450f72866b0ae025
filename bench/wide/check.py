"""Checks every bug workspace of the wide set in this folder.

For each <name>/bug.json: the buggy workspace must fail exactly the tests listed in
"failingTests" and pass at least one other; with "fixedFunction" put in place of the buggy
function (in a temporary copy) every test must pass. For a "two-edits" bug the difference
between the buggy and the fixed function must split into exactly two edits, and with either
edit applied alone some test must still fail. The workspaces themselves are never written
to: pytest runs on copies, and each folder's content hash is compared afterwards. The checks
shared with bench/classic are in bench/check_bugs.py; the two-edits check is here.

Usage: python3 bench/wide/check.py [name ...] [--python PATH]
Exit status 0 when every bug checks out, 1 otherwise.
"""

import ast
import difflib
import io
import os
import sys
import tokenize

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # leave no __pycache__ in bench/
sys.path.insert(0, os.path.dirname(HERE))
import check_bugs  # noqa: E402

KINDS = check_bugs.WIDE_KINDS
MIN_PER_KIND = 5  # checked only when the whole set is checked
MAX_PER_KIND = 10


def line_tokens(line):
    """(text, start column) of each token of one source line, comments and layout left out."""
    tokens = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(line.strip() + "\n").readline):
            if tok.type not in (tokenize.NEWLINE, tokenize.NL, tokenize.COMMENT, tokenize.ENDMARKER, tokenize.INDENT, tokenize.DEDENT):
                tokens.append((tok.string, tok.start[1] + len(line) - len(line.lstrip())))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return None
    return tokens


def single_edit_variants(buggy_function, fixed_function):
    """The buggy function with one edit of the fix applied at a time, or None if the fix is
    not exactly two edits. Two changed lines (or blocks of inserted/deleted lines) are two
    edits; a single changed line is split into token edits."""
    old, new = buggy_function.splitlines(keepends=True), fixed_function.splitlines(keepends=True)
    hunks = []
    for op in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        tag, i1, i2, j1, j2 = op
        if tag == "replace" and i2 - i1 == j2 - j1:
            # Lines changed in place: one edit per line.
            hunks.extend(("replace", i1 + k, i1 + k + 1, j1 + k, j1 + k + 1) for k in range(i2 - i1))
        elif tag != "equal":
            hunks.append(op)
    if len(hunks) == 2:
        return ["".join(old[:i1] + new[j1:j2] + old[i2:]) for _, i1, i2, j1, j2 in hunks]
    if len(hunks) != 1 or hunks[0][0] != "replace" or hunks[0][2] - hunks[0][1] != 1 or hunks[0][4] - hunks[0][3] != 1:
        return None
    _, i1, _, j1, _ = hunks[0]
    old_line, new_line = old[i1].rstrip("\n"), new[j1].rstrip("\n")
    old_tokens, new_tokens = line_tokens(old_line), line_tokens(new_line)
    if old_tokens is None or new_tokens is None:
        return None
    edits = [
        op
        for op in difflib.SequenceMatcher(None, [t for t, _ in old_tokens], [t for t, _ in new_tokens], autojunk=False).get_opcodes()
        if op[0] != "equal"
    ]
    if len(edits) != 2:
        return None

    def span(line, tokens, a, b):
        # From the start of token a up to the start of token b (so trailing spaces go along).
        start = tokens[a][1] if a < len(tokens) else len(line)
        end = tokens[b][1] if b < len(tokens) else len(line)
        return start, end

    variants = []
    for _, a1, a2, b1, b2 in edits:
        start, end = span(old_line, old_tokens, a1, a2)
        new_start, new_end = span(new_line, new_tokens, b1, b2)
        line = old_line[:start] + new_line[new_start:new_end] + old_line[end:]
        variants.append("".join(old[:i1] + [line + "\n"] + old[i1 + 1 :]))
    return variants


def check_two_edits(bug, buggy_function, with_function):
    """A two-edits bug's fix must split into exactly two edits, each of which alone leaves some
    test failing: returns (problems, the file with each single edit, which must still fail)."""
    problems, must_fail = [], []
    if bug["kind"] != "two-edits":
        return problems, must_fail
    if bug.get("singleEditsFail") is not True:
        problems.append('a two-edits bug must say "singleEditsFail": true')
    variants = single_edit_variants(buggy_function, bug["fixedFunction"])
    if variants is None:
        problems.append("the fix does not split into exactly two edits")
        return problems, must_fail
    for variant in variants:
        single = with_function(variant)
        try:
            ast.parse(single)
        except SyntaxError:
            problems.append(f"a single edit does not parse: {variant!r}")
            continue
        must_fail.append((f"one edit alone already passes every test: {variant!r}", single))
    return problems, must_fail


if __name__ == "__main__":
    sys.exit(check_bugs.main(__doc__, HERE, KINDS, MAX_PER_KIND, MIN_PER_KIND, check_two_edits))
