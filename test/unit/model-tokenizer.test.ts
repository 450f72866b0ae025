import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SentencePieceBpe } from '../../src/core/model/bpe';
import { chooseToken, logSoftmax } from '../../src/core/model/sampling';
import { loadTokenizer } from '../../src/core/model/tokenizer';
import { defaultModelDir } from '../../src/core/files/resources';
import { fixturePath } from '../helpers/workspace';

describe('SentencePiece BPE', () => {
  it('merges the best-scored pair first, leftmost on ties, and falls back to bytes', () => {
    const vocab: Record<string, number> = { '<s>': 0, '<unk>': 1, a: 2, b: 3, c: 4, bc: 5, ab: 6, aa: 7, '<0xC3>': 8, '<0xA9>': 9 };
    const bpe = new SentencePieceBpe(
      vocab,
      [
        { id: 0, content: '<s>', special: true },
        { id: 1, content: '<unk>', special: true },
      ],
      '<unk>',
    );
    // "bc" (id 5) outranks "ab" (id 6), so "abc" becomes a + bc, not ab + c.
    assert.deepEqual(bpe.encode('abc'), [2, 5]);
    // Equal pairs merge leftmost first.
    assert.deepEqual(bpe.encode('aaa'), [7, 2]);
    assert.deepEqual(bpe.encode('é'), [8, 9]);
    assert.equal(bpe.decode([2, 5, 8, 9, 0]), 'abcé');
  });

  it('reads the shipped tokenizer: line markers are single tokens and code round-trips', () => {
    const json = JSON.parse(fs.readFileSync(path.join(defaultModelDir(), 'tokenizer.json'), 'utf8'));
    const bpe = SentencePieceBpe.fromJson(json);
    assert.ok(bpe);
    const vocab = json.model.vocab as Record<string, number>;
    assert.deepEqual(bpe.encode('<L7><L8>'), [vocab['<L7>'], vocab['<L8>']]);
    const code = 'def f(items):\n    for i in range(len(items) - 1):\n\tyield items[i] + "\u00e9\u{1F600}"\r\n';
    const ids = bpe.encode(code);
    assert.ok(ids.length < code.length / 2, `${ids.length} tokens for ${code.length} characters`);
    assert.equal(bpe.decode(ids), code);
  });

  it('declines tokenizers of another shape', () => {
    assert.equal(SentencePieceBpe.fromJson({ model: { type: 'WordPiece', vocab: {} } }), null);
  });
});

describe("a dropped-in model's tokenizer", () => {
  // A byte-level BPE in BART's shape (<s> text </s>): not ours, so the tokenizer library reads it.
  const dir = fixturePath('tokenizer-byte-level');

  it('encodes with its own special tokens for the encoder and none for the decoder', async () => {
    const tokenizer = await loadTokenizer(dir, 2);
    const vocab = JSON.parse(fs.readFileSync(path.join(dir, 'tokenizer.json'), 'utf8')).model.vocab as Record<string, number>;
    assert.deepEqual(tokenizer.encodeTarget('return x'), [vocab['return'], vocab['\u0120x']]);
    assert.deepEqual(tokenizer.encodeSource('return x'), [0, vocab['return'], vocab['\u0120x'], 2]);
    assert.equal(tokenizer.countTokens('return x'), 2);
  });

  it('decodes back to the text, special tokens dropped', async () => {
    const tokenizer = await loadTokenizer(dir, 2);
    const code = 'def f(items):\n\treturn items[0] + "\u00e9"\n';
    assert.equal(tokenizer.decode(tokenizer.encodeSource(code)), code);
  });
});

describe('token choice', () => {
  const logits = logSoftmax([1, 3, 2, -1]);

  it('is the argmax at temperature 0', () => {
    assert.equal(chooseToken(logits, 0, 0.9), 1);
  });

  it('draws only from the nucleus', () => {
    // The top token alone holds ~0.66 of the mass: top-p 0.5 keeps only it, whatever the draw.
    for (const draw of [0, 0.5, 0.999])
      assert.equal(
        chooseToken(logits, 1, 0.5, () => draw),
        1,
      );
    // Top-p 0.85 keeps the two best tokens (0.66 + 0.24); a late draw lands on the second.
    assert.equal(
      chooseToken(logits, 1, 0.85, () => 0.999),
      2,
    );
    // Top-p 0.95 keeps three: the same draw now lands on the third.
    assert.equal(
      chooseToken(logits, 1, 0.95, () => 0.999),
      0,
    );
  });

  it('normalizes log-probabilities', () => {
    const total = Array.from(logits).reduce((sum, lp) => sum + Math.exp(lp), 0);
    assert.ok(Math.abs(total - 1) < 1e-9);
  });
});
