import { strict as assert } from 'node:assert';
import { ownEditOf } from '../../src/core/generate/edit-alone';
import { editAlone } from '../../src/core/line-changes';
import { makeCandidate } from '../../src/core/generate/candidate';

// An edit validated on top of a partial fix, made on the original alone: the search tries it
// next, since the partial fix may be a needless part of the shown patch.

const original = [
  'def sift(a, root, size):',
  '    left = 2 * root + 1',
  '    right = left + 1',
  '    largest = root',
  '    if left < size and a[left] > a[largest]:',
  '        largest = left',
  '    if right < size and a[right] > a[left]:',
  '        largest = right',
  '    return largest',
].join('\n');
// The partial fix: a synthesized guard around line 8 (its indentation changes, a line is added).
const guarded = original.replace('        largest = right', '        if largest >= 1:\n            largest = right');
const fixed = original.replace('a[right] > a[left]', 'a[right] > a[largest]');

describe('editAlone', () => {
  it('moves an edit on a line the partial fix kept onto the original, past the lines the partial fix added', () => {
    const combined = guarded.replace('a[right] > a[left]', 'a[right] > a[largest]');
    assert.equal(editAlone(original, guarded, combined), fixed);
    // An edit after the added line lands on the original's own line.
    const after = guarded.replace('    return largest', '    return a[largest]');
    assert.equal(editAlone(original, guarded, after), original.replace('    return largest', '    return a[largest]'));
  });

  it('inserts a new line where its neighbours stand in the original, at the start and the end too', () => {
    const first = guarded.replace('    left = 2 * root + 1', '    assert size >= 0\n    left = 2 * root + 1');
    assert.equal(editAlone(original, guarded, first), original.replace('    left =', '    assert size >= 0\n    left ='));
    const last = `${guarded}\n    # done`;
    assert.equal(editAlone(original, guarded, last), `${original}\n    # done`);
  });

  it('gives nothing where the edit is on a line the partial fix changed or added, or changes nothing', () => {
    assert.equal(editAlone(original, guarded, guarded.replace('largest >= 1', 'largest >= 2')), null);
    assert.equal(editAlone(original, guarded, guarded.replace('            largest = right', '            largest = left')), null);
    // Inserted between the guard and the line it guards: no such place in the original.
    assert.equal(editAlone(original, guarded, guarded.replace('if largest >= 1:\n', 'if largest >= 1:\n            pass\n')), null);
    assert.equal(editAlone(original, guarded, guarded), null);
    // Where the base removed a line, a line added there could stand before or after it.
    const removed = original.replace('    largest = root\n', '');
    assert.equal(editAlone(original, removed, removed.replace('    right = left + 1\n', '    right = left + 1\n    pass\n')), null);
  });

  it("adds a line after the lines the base changed where the next line is the original's", () => {
    const after = guarded.replace('            largest = right\n', '            largest = right\n    assert largest < size\n');
    assert.equal(
      editAlone(original, guarded, after),
      original.replace('        largest = right\n', '        largest = right\n    assert largest < size\n'),
    );
  });
});

describe('ownEditOf', () => {
  it("makes the candidate of the edit alone: the round's kind and summary without the base's", async () => {
    const file = `import os\n\n${original}\n`;
    const made = (text: string, editKind: string, summary: string) =>
      makeCandidate({
        file: 'heap.py',
        fileText: file,
        startLine: 3,
        endLine: 11,
        newFunctionText: text,
        function: 'sift',
        source: 'template',
        editKind: editKind as 'synth-guard',
        summary,
        score: 0.5,
      });
    const base = (await made(guarded, 'synth-guard', 'run `largest = right` only when `largest >= 1` (line 10)'))!;
    const combined = (await made(
      guarded.replace('a[right] > a[left]', 'a[right] > a[largest]'),
      'synth-guard+variable-misuse',
      'run `largest = right` only when `largest >= 1` (line 10); line 9: `left` → `largest`',
    ))!;
    const alone = await ownEditOf(combined, base, file);
    assert.ok(alone);
    assert.equal(alone.editKind, 'variable-misuse');
    assert.equal(alone.summary, 'line 9: `left` → `largest`');
    assert.equal(alone.newFileText, `import os\n\n${fixed}\n`);
    assert.equal(alone.startLine, 3);
    assert.equal(alone.endLine, 11);
  });
});
