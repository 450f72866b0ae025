import * as assert from 'node:assert/strict';
import { earlyFixPrinter } from '../../src/cli/early-fix';
import type { PatchEvent, ValidatedPatch } from '../../src/core/types';

// While the run goes on the CLI prints the first validated patch, then what its clean re-check
// says of it; a withdrawn fix makes room for the next.

function patch(summary: string): ValidatedPatch {
  return { summary, file: 'geometry/ranges.py', function: 'clamp', diff: `--- a\n+++ b\n-${summary}\n` } as ValidatedPatch;
}

function printed(events: PatchEvent[]): string[] {
  const lines: string[] = [];
  const onPatch = earlyFixPrinter((text) => lines.push(text.split('\n')[0]!));
  for (const event of events) onPatch(event);
  return lines;
}

describe('earlyFixPrinter', () => {
  const first = patch('first');
  const second = patch('second');

  it('prints the first validated patch with its diff, and its confirmation; later patches wait for the report', () => {
    const texts: string[] = [];
    const onPatch = earlyFixPrinter((text) => texts.push(text));
    onPatch({ kind: 'validated', patch: first });
    onPatch({ kind: 'validated', patch: second });
    onPatch({ kind: 'confirmed', patch: first });
    onPatch({ kind: 'confirmed', patch: second });
    assert.equal(texts.length, 2);
    assert.match(
      texts[0]!,
      /^found a fix, re-checking it in a clean copy of the workspace: geometry\/ranges.py clamp: first\n--- a\n\+\+\+ b\n-first$/,
    );
    assert.match(texts[1]!, /^the fix passed its clean re-check \(first\)/);
  });

  it('after a withdrawal, prints the next validated patch, or one already validated once its re-check confirms it', () => {
    assert.deepEqual(
      printed([
        { kind: 'validated', patch: first },
        { kind: 'withdrawn', patch: first, reason: 'failed: ImportError' },
        { kind: 'validated', patch: second },
        { kind: 'confirmed', patch: second },
      ]),
      [
        'found a fix, re-checking it in a clean copy of the workspace: geometry/ranges.py clamp: first',
        'the fix is withdrawn: it failed its clean re-check (failed: ImportError)',
        'found a fix, re-checking it in a clean copy of the workspace: geometry/ranges.py clamp: second',
        'the fix passed its clean re-check (second); looking for alternatives until the run ends',
      ],
    );
    assert.deepEqual(
      printed([
        { kind: 'validated', patch: first },
        { kind: 'validated', patch: second },
        { kind: 'withdrawn', patch: first, reason: 'failed' },
        { kind: 'confirmed', patch: second },
      ]).slice(2),
      [
        'found a fix, re-checking it in a clean copy of the workspace: geometry/ranges.py clamp: second',
        'the fix passed its clean re-check (second); looking for alternatives until the run ends',
      ],
    );
  });

  it('says nothing of a withdrawal before anything was printed', () => {
    assert.deepEqual(printed([{ kind: 'withdrawn', patch: first, reason: 'failed' }]), []);
  });
});
