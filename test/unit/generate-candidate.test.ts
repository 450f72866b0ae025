import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { dedupeCandidates, makeCandidate, normalizeCode, type CandidateArgs } from '../../src/core/generate/candidate';
import type { Candidate } from '../../src/core/types';

const source = `import math


def area(r):
    # circle
    return math.pi * r * r


def bigger(a, b):
    if a < b:
        return b
    return a
`;

function args(overrides: Partial<CandidateArgs>): CandidateArgs {
  return {
    file: 'pkg/geometry.py',
    fileText: source,
    startLine: 9,
    endLine: 12,
    newFunctionText: 'def bigger(a, b):\n    if a <= b:\n        return b\n    return a\n',
    source: 'template',
    editKind: 'compare-op',
    summary: 'line 10: `<` → `<=`',
    score: 1,
    ...overrides,
  };
}

/** Applies the diff with GNU patch in a scratch workspace and returns the patched file. */
function applyWithPatch(file: string, original: string, diff: string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dd-candidate-'));
  try {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), original);
    execFileSync('patch', ['-p1', '--dry-run', '--batch'], { cwd: root, input: diff });
    execFileSync('patch', ['-p1', '--batch', '--quiet'], { cwd: root, input: diff });
    return fs.readFileSync(path.join(root, file), 'utf8');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

describe('generate: makeCandidate', () => {
  it('replaces the range, keeps the rest, and gives a diff that patch -p1 applies', async () => {
    const candidate = await makeCandidate(args({ function: 'bigger' }));
    assert.ok(candidate);
    assert.equal(candidate.newFileText, source.replace('if a < b', 'if a <= b'));
    assert.equal(candidate.newFunctionText, 'def bigger(a, b):\n    if a <= b:\n        return b\n    return a');
    assert.equal(candidate.function, 'bigger');
    assert.match(candidate.diff, /^--- a\/pkg\/geometry\.py/m);
    assert.match(candidate.diff, /^\+\+\+ b\/pkg\/geometry\.py/m);
    assert.match(candidate.diff, /^-    if a < b:$/m);
    assert.match(candidate.diff, /^\+    if a <= b:$/m);
    assert.equal(applyWithPatch(candidate.file, source, candidate.diff), candidate.newFileText);
  });

  it('keeps CRLF line endings and a missing final line break', async () => {
    const crlf = source.replace(/\n/g, '\r\n').replace(/\r\n$/, '');
    const candidate = await makeCandidate(args({ fileText: crlf }));
    assert.ok(candidate);
    assert.equal(candidate.newFileText, crlf.replace('if a < b', 'if a <= b'));
    assert.ok(!candidate.newFileText.endsWith('\n'));
    assert.equal(applyWithPatch(candidate.file, crlf, candidate.diff), candidate.newFileText);
  });

  it('replaces a range in the middle of the file without touching its neighbours', async () => {
    const candidate = await makeCandidate(args({ startLine: 4, endLine: 6, newFunctionText: 'def area(r):\n    return math.pi * r ** 2' }));
    assert.ok(candidate);
    assert.equal(candidate.newFileText, source.replace('    # circle\n    return math.pi * r * r', '    return math.pi * r ** 2'));
    assert.equal(applyWithPatch(candidate.file, source, candidate.diff), candidate.newFileText);
  });

  it('diffs only around the range, giving the same patch as diffing the whole file', async () => {
    const filler = Array.from({ length: 30 }, (_, i) => `X${i} = ${i}\n`).join('');
    const big = filler + source + filler;
    const offset = 30;
    const candidate = await makeCandidate(args({ fileText: big, startLine: 9 + offset, endLine: 12 + offset }));
    assert.ok(candidate);
    const whole = createTwoFilesPatch('a/pkg/geometry.py', 'b/pkg/geometry.py', big, candidate.newFileText, undefined, undefined, {
      context: 3,
      headerOptions: FILE_HEADERS_ONLY,
    });
    assert.equal(candidate.diff, whole);
    assert.match(candidate.diff, /^@@ -37,7 \+37,7 @@$/m);
    assert.equal(applyWithPatch(candidate.file, big, candidate.diff), candidate.newFileText);
  });

  it('diffs an edit of the last lines of a file without a final line break', async () => {
    const unterminated = source.replace(/\n$/, '');
    const candidate = await makeCandidate(args({ fileText: unterminated }));
    assert.ok(candidate);
    assert.match(candidate.diff, /\\ No newline at end of file/);
    assert.equal(applyWithPatch(candidate.file, unterminated, candidate.diff), candidate.newFileText);
  });

  it('rejects a new text that does not parse', async () => {
    const broken = await makeCandidate(args({ newFunctionText: 'def bigger(a, b):\n    if a <= b\n        return b\n    return a\n' }));
    assert.equal(broken, null);
  });

  it('rejects an edit that only changes comments, blank lines or spacing', async () => {
    const cosmetic = await makeCandidate(
      args({ newFunctionText: 'def bigger(a,b):\n\n    if a<b:  # compare\n        return b\n    return a\n' }),
    );
    assert.equal(cosmetic, null);
  });

  it('rejects a range outside the file', async () => {
    assert.equal(await makeCandidate(args({ startLine: 9, endLine: 40 })), null);
    assert.equal(await makeCandidate(args({ startLine: 0, endLine: 2 })), null);
  });

  it('tolerates syntax errors elsewhere in a file that already had them', async () => {
    const withError = source + '\ndef broken(:\n    pass\n';
    const candidate = await makeCandidate(args({ fileText: withError }));
    assert.ok(candidate);
    const stillBroken = await makeCandidate(
      args({ fileText: withError, newFunctionText: 'def bigger(a, b):\n    if a <= b\n        return b\n' }),
    );
    assert.equal(stillBroken, null);
  });

  it('carries the model log-probability only when given', async () => {
    const plain = await makeCandidate(args({}));
    const scored = await makeCandidate(args({ source: 'model', modelLogProb: -0.25 }));
    assert.ok(plain && scored);
    assert.equal('modelLogProb' in plain, false);
    assert.equal(scored.modelLogProb, -0.25);
    assert.equal(scored.source, 'model');
  });
});

describe('generate: normalizeCode', () => {
  it('ignores comments, blank lines, spacing, continuations and absolute indentation', () => {
    const a = 'def f(a, b):\n    # note\n\n    x = g(a,\n          b)  # trailing\n    return x + 1\n';
    const b = '    def f(a,b):\n        x = g(a, b)\n        return x+1';
    const c = 'def f(a, b):\n  x = g(a, \\\n  b)\n  return (x\n     + 1)\n';
    assert.equal(normalizeCode(a), normalizeCode(b));
    assert.notEqual(normalizeCode(a), normalizeCode(c)); // the parentheses differ
    assert.equal(normalizeCode(a), 'def f(a,b):\n x=g(a,b)\n return x+1');
  });

  it('keeps what changes meaning: nesting, string contents, word boundaries', () => {
    const inside = 'for x in xs:\n    if x:\n        a()\n        b()\n';
    const outside = 'for x in xs:\n    if x:\n        a()\n    b()\n';
    assert.notEqual(normalizeCode(inside), normalizeCode(outside));
    assert.notEqual(normalizeCode('s = "a  b"  # x'), normalizeCode('s = "a b"'));
    assert.equal(normalizeCode("s = '# not a comment'"), "s='# not a comment'");
    assert.notEqual(normalizeCode('return not x'), normalizeCode('return notx'));
    assert.equal(normalizeCode('x = rb"\\"q"   '), 'x=rb"\\"q"');
  });

  it('re-indented docstrings normalize alike', () => {
    const a = 'def f():\n    """Doc.\n\n    More.\n    """\n    return 1\n';
    const b = '        def f():\n            """Doc.\n\n            More.\n            """\n            return 1\n';
    assert.equal(normalizeCode(a), normalizeCode(b));
  });
});

describe('generate: dedupeCandidates', () => {
  const base = (text: string, score: number, summary: string): Candidate => ({
    kind: 'candidate',
    file: 'm.py',
    function: 'f',
    startLine: 1,
    endLine: 2,
    newFunctionText: text,
    newFileText: text,
    diff: '',
    source: 'template',
    editKind: 'compare-op',
    summary,
    score,
  });

  it('keeps the best-scored of each normalized text, ordered by score, stable on ties', () => {
    const kept = dedupeCandidates([
      base('def f():\n    return 1', 0.2, 'a'),
      base('def f():\n    return  1  # same', 0.5, 'b'),
      base('def f():\n    return 2', 0.5, 'c'),
      base('def f():\n    return 3', 0.9, 'd'),
      base('def f():\n    return 2', 0.1, 'e'),
      base('def f():\n    return 4', 0.5, 'f'),
    ]);
    assert.deepEqual(
      kept.map((c) => c.summary),
      ['d', 'b', 'c', 'f'],
    );
  });

  it('keeps equal texts for different files apart', () => {
    const other = { ...base('def f():\n    return 1', 0.1, 'other'), file: 'n.py' };
    assert.equal(dedupeCandidates([base('def f():\n    return 1', 0.2, 'a'), other]).length, 2);
  });
});
