import * as assert from 'node:assert/strict';
import { constantsIn, functionNode } from '../../src/core/synth/sites';
import { statementCandidate, tasksOf } from '../../src/core/synth/statement-probe';
import { statementSites, type StatementSite } from '../../src/core/synth/statement-sites';
import { parsePython } from '../../src/core/syntax/parser';
import type { Suspect } from '../../src/core/types';

// Where a guard or an early exit may go in a suspect function, and the code a synthesized
// condition makes of each: what the statement probes (synth/statement-probe.ts) work on.

const SOURCE = `def read(lines, limit):
    """Settings from \`key = value\` lines; lines starting with '#' are comments, "END" ends them."""
    found = {}
    for line in lines:
        key, value = line.split("=", 1)
        found[key] = value
    if not found:
        return None
    return found


def counter(items):
    for item in items:
        yield item
`;

function suspect(fn: string, startLine: number, endLine: number, lines: number[]): Suspect {
  return { file: 'm.py', function: fn, startLine, endLine, score: 1, reasons: [], lines: lines.map((line) => ({ line, score: 1 })) };
}

async function sitesOf(s: Suspect): Promise<StatementSite[]> {
  return statementSites([s], async () => SOURCE, 10);
}

describe('Statement sites', () => {
  it("offers a guard for a one-line statement, exits at a loop's top, a return at the function's top", async () => {
    const sites = await sitesOf(suspect('read', 1, 9, [3, 4, 5, 6]));
    const byLine = new Map(sites.map((site) => [site.line, site]));
    assert.deepEqual(byLine.get(5)?.edits, ['guard', 'continue', 'break', 'return']);
    assert.deepEqual(byLine.get(6)?.edits, ['guard']);
    assert.deepEqual(byLine.get(3)?.edits, ['guard', 'return']);
    // The loop's target comes first among the names a guard's terms start from.
    assert.deepEqual(byLine.get(5)?.names.slice(0, 3), ['line', 'key', 'value']);
    // The function's literal results, None among them.
    assert.deepEqual(byLine.get(5)?.returns, ['None']);
    // At equal line scores, sites with a guard first, in the source's order.
    assert.deepEqual(
      sites.map((site) => site.line),
      [3, 5, 6],
    );
  });

  it('writes nothing on unranked lines, and no early return in a generator', async () => {
    assert.deepEqual(await sitesOf(suspect('read', 1, 9, [])), []);
    const sites = await sitesOf(suspect('counter', 12, 14, [13, 14]));
    assert.deepEqual(
      sites.map((site) => [site.line, site.edits]),
      [[14, ['guard', 'continue', 'break']]],
    );
  });

  it('writes each edit as code under the condition, indented as the function is', async () => {
    const [site] = (await sitesOf(suspect('read', 1, 9, [5]))).filter((s) => s.line === 5);
    const texts = await Promise.all(
      tasksOf(site!).map(async (task) =>
        (await statementCandidate(task, "line.startswith('#')", 0.1))!.newFunctionText.split('\n').slice(4, 7),
      ),
    );
    assert.deepEqual(texts[0], [
      "        if line.startswith('#'):",
      '            key, value = line.split("=", 1)',
      '        found[key] = value',
    ]);
    assert.deepEqual(texts[1], ["        if line.startswith('#'):", '            continue', '        key, value = line.split("=", 1)']);
    assert.deepEqual(texts[2]?.[1], '            break');
    assert.deepEqual(texts[3]?.[1], '            return None');
  });

  it("takes the strings the docstring quotes as constants, not a word's apostrophe", async () => {
    const tree = await parsePython(
      `def f(x):\n    """The user's lines: '#' starts a comment, "END" ends; it's \`key\`."""\n    return x\n`,
    );
    try {
      const fn = functionNode(tree.rootNode.descendantsOfType('return_statement')[0]!);
      const texts = constantsIn(fn).map((c) => c.text);
      assert.ok(texts.includes("'#'") && texts.includes("'END'"), texts.join(' '));
      assert.ok(!texts.some((t) => t.includes('s lines') || t.includes('key')), texts.join(' '));
    } finally {
      tree.delete();
    }
  });
});
