import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

// The two shipping gates of models/training share one rule (gate.ts): the candidate ships only
// when strictly ahead at the first count that differs, and a tie keeps the shipped model. Each
// gate runs here as train.sh and execution.sh run it, on result files of its own format.

/** The compiled training scripts, beside the compiled tests. */
const training = path.join(__dirname, '..', '..', 'models', 'training');

describe('shipping gates (models/training)', () => {
  let folder: string;
  beforeEach(() => (folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shipping-gate-'))));
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  const write = (name: string, data: unknown): string => {
    const file = path.join(folder, name);
    fs.writeFileSync(file, JSON.stringify(data));
    return file;
  };

  describe('better.js: evaluate.js results on the synthetic held-out bugs', () => {
    const heldout = { measured: 4, measuredHash: 'abc' };
    const evaluation = (top1: string[], top10: string[]) => ({ heldout, fixed: { top1, top10 } });
    const gate = (candidate: unknown, shipped: unknown) =>
      spawnSync(process.execPath, [path.join(training, 'better.js'), write('candidate.json', candidate), write('shipped.json', shipped)])
        .status;

    it('ships more top-10 fixes, or as many and more top-1 fixes', () => {
      assert.equal(gate(evaluation(['a'], ['a', 'b']), evaluation(['a', 'c'], ['a'])), 0);
      assert.equal(gate(evaluation(['a', 'b'], ['a', 'b']), evaluation(['a'], ['a', 'c'])), 0);
    });

    it('keeps the shipped model on a tie or fewer fixes, and refuses results on other bugs', () => {
      assert.equal(gate(evaluation(['a'], ['a', 'b']), evaluation(['c'], ['c', 'd'])), 1);
      assert.equal(gate(evaluation(['a', 'b'], ['a']), evaluation([], ['a', 'b'])), 1);
      assert.equal(gate(evaluation(['a'], ['a']), { ...evaluation([], []), heldout: { measured: 4, measuredHash: 'other' } }), 2);
    });
  });

  describe('best.js: executable.js summaries on the executable held-out bugs', () => {
    const summary = (exactAny: number, exactTop1: number, validatedAny: number, plausibleButDifferent: number) => ({
      exactAny,
      exactTop1,
      validatedAny,
      plausibleButDifferent,
    });
    const best = (compare: unknown, ...candidates: string[]) =>
      spawnSync(process.execPath, [path.join(training, 'best.js'), write('compare.json', compare), 'shipped', ...candidates], {
        encoding: 'utf8',
      }).stdout.trim();

    it('names the candidate ahead at the first count that differs, fewer false fixes last', () => {
      assert.equal(best({ shipped: summary(5, 3, 9, 2), a: summary(5, 4, 1, 9), b: summary(5, 3, 9, 1) }, 'a', 'b'), 'a');
      assert.equal(best({ shipped: summary(5, 3, 9, 2), b: summary(5, 3, 9, 1) }, 'b'), 'b');
    });

    it('keeps the shipped model when no candidate is strictly better', () => {
      assert.equal(best({ shipped: summary(5, 3, 9, 2), a: summary(5, 3, 9, 2), b: summary(4, 9, 9, 0) }, 'a', 'b'), 'shipped');
    });
  });
});
