import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/files/resources';

// The validation worker plans most swaps from the text: an edit confined to one function's body
// is compiled with that function alone (in its classes, after the module's imports), not the
// whole file. On every function and method of the standard library's modules, a comment added
// to its last line must give the very code object the whole file compiles to.

const CHECK = `
import ast, glob, json, os, sys, types
sys.path.insert(0, sys.argv[1])
from deepdebug.functions import find_code, first_line, functions_by_qualname
from deepdebug.hotswap import plan_confined_swap
from deepdebug.sources import OriginalFile, PatchedText

def constant(value):
    # A frozenset's order follows its hashes, which differ between two equal sets' histories.
    return ("frozenset", sorted(map(repr, value))) if isinstance(value, frozenset) else (type(value).__name__, repr(value))

def shape(code):
    consts = tuple(shape(c) if isinstance(c, types.CodeType) else constant(c) for c in code.co_consts)
    return (code.co_code, code.co_names, code.co_varnames, code.co_freevars, code.co_cellvars, code.co_flags,
            code.co_firstlineno, code.co_linetable, code.co_qualname, code.co_exceptiontable, consts)

counts = {"checked": 0, "same": 0, "different": [], "unplanned": 0}
for path in sorted(glob.glob(os.path.join(os.path.dirname(os.__file__), "*.py"))):
    original = OriginalFile(path, [])
    if not original.tree.body:
        continue
    # A comment changes no code: the whole file compiles as its original does.
    whole_file = compile(original.source, path, "exec", dont_inherit=True)
    for qualname, nodes in functions_by_qualname(original.tree).items():
        node = nodes[0]
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or "<locals>" in qualname:
            continue
        lines = original.source.splitlines(True)
        lines[node.end_lineno - 1] = lines[node.end_lineno - 1].rstrip("\\n") + "  # edited\\n"
        text = "".join(lines)
        counts["checked"] += 1
        plan = plan_confined_swap(original, PatchedText(text, path), qualname, first_line(node))
        if plan is None:
            counts["unplanned"] += 1
            continue
        whole = find_code(whole_file, node.name, first_line(node))
        alone = find_code(plan.alone, node.name, first_line(node))
        if whole is not None and alone is not None and shape(whole) == shape(alone):
            counts["same"] += 1
        else:
            counts["different"].append(f"{os.path.basename(path)}: {qualname}")
print(json.dumps(counts))
`;

describe('Swaps planned from the text', function () {
  this.timeout(300_000);

  it("compile a function alone to the code the whole file compiles it to (the standard library's functions and methods)", () => {
    const output = execFileSync('python3', ['-c', CHECK, path.join(packageRoot(), 'src', 'python')], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const counts = JSON.parse(output) as { checked: number; same: number; different: string[]; unplanned: number };
    assert.deepEqual(counts.different, []);
    assert.ok(counts.checked > 5000, `only ${counts.checked} functions checked`);
    // Unplanned: one-line functions (`def f(): return x`), whose signature and body share a line.
    assert.ok(counts.same >= counts.checked * 0.99, JSON.stringify({ ...counts, different: counts.different.length }));
  });
});
