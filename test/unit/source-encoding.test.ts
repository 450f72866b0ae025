// Python sources in their own encoding (PEP 263): reading the declaration, decoding, writing
// back byte for byte, and the editor's apply check on a Latin-1 file.
import * as assert from 'node:assert/strict';
import { sha256 } from '../../src/core/files/hash';
import { declaredEncoding, decodeSource, encodeSource } from '../../src/core/files/source-encoding';
import type { FixReport, ValidatedPatch } from '../../src/core/types';
import { checkApply } from '../../src/extension/logic/apply-check';
import { runFromFix } from '../../src/extension/logic/run-record';

const latin1Text = [
  '# -*- coding: latin-1 -*-',
  'GREETINGS = {"de": "Grüße"}',
  '',
  'def greeting(language):',
  '    return GREETINGS["en"]',
  '',
].join('\n');
const latin1Bytes = Buffer.from(latin1Text, 'latin1');

describe('source encodings', () => {
  it('reads the declaration from the first line, or the second after a blank or comment line', () => {
    assert.equal(declaredEncoding(Buffer.from('# -*- coding: latin-1 -*-\nx = 1\n')), 'latin-1');
    assert.equal(declaredEncoding(Buffer.from('#!/usr/bin/env python\n# vim: set fileencoding=iso-8859-1 :\n')), 'iso-8859-1');
    assert.equal(declaredEncoding(Buffer.from('\n# coding=ascii\n')), 'ascii');
    assert.equal(declaredEncoding(Buffer.from('import os\n# coding: latin-1\n')), undefined, 'code on line 1 ends the search');
    assert.equal(declaredEncoding(Buffer.from('x = 1\ny = 2\n# coding: latin-1\n')), undefined, 'line 3 is too late');
    assert.equal(declaredEncoding(Buffer.from('x = "coding: latin-1"\n')), undefined, 'only in a comment');
  });

  it('decodes by the declaration, UTF-8 without one, and keeps a BOM in the text', () => {
    assert.deepEqual(decodeSource(latin1Bytes), { ok: true, text: latin1Text, encoding: 'latin-1' });
    for (const alias of ['latin1', 'ISO-8859-1', 'iso_8859_1', 'l1', 'latin-1-unix']) {
      const bytes = Buffer.from(`# coding: ${alias}\nx = "\xe9"\n`, 'latin1');
      assert.deepEqual(decodeSource(bytes), { ok: true, text: `# coding: ${alias}\nx = "é"\n`, encoding: 'latin-1' }, alias);
    }
    const utf8 = Buffer.from('\ufeffx = "Grüße"\n', 'utf8');
    assert.deepEqual(decodeSource(utf8), { ok: true, text: '\ufeffx = "Grüße"\n', encoding: 'utf-8' });
    assert.deepEqual(decodeSource(Buffer.from('# coding: utf8\nx = 1\n')), {
      ok: true,
      text: '# coding: utf8\nx = 1\n',
      encoding: 'utf-8',
    });
  });

  it('says why a file has no text: not valid in its encoding, or an encoding it does not edit', () => {
    assert.deepEqual(decodeSource(Buffer.from('x = "\xe9"\n', 'latin1')), {
      ok: false,
      encoding: 'utf-8',
      declared: false,
      problem: 'undecodable',
    });
    assert.deepEqual(decodeSource(Buffer.from('# coding: ascii\nx = "\xe9"\n', 'latin1')), {
      ok: false,
      encoding: 'ascii',
      declared: true,
      problem: 'undecodable',
    });
    assert.deepEqual(decodeSource(Buffer.from('# coding: cp1252\nx = 1\n')), {
      ok: false,
      encoding: 'cp1252',
      declared: true,
      problem: 'unsupported',
    });
  });

  it('writes the text back to the same bytes, and refuses characters the encoding cannot hold', () => {
    assert.deepEqual(encodeSource(latin1Text, 'latin-1'), latin1Bytes);
    assert.deepEqual(encodeSource('\ufeffx = "ü"\n', 'utf-8'), Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from('x = "ü"\n')]));
    assert.throws(() => encodeSource('x = "€"\n', 'latin-1'), /"€" \(U\+20AC\) cannot be written in latin-1/);
    assert.throws(() => encodeSource('x = "é"\n', 'ascii'), /U\+00E9/);
    assert.throws(() => encodeSource('x = "😀"\n', 'latin-1'), /U\+1F600/);
  });
});

describe('applying a fix to a Latin-1 file in the editor', () => {
  function latin1Run(newFileText: string, base = latin1Text): ReturnType<typeof runFromFix> {
    const patch: ValidatedPatch = {
      kind: 'candidate',
      file: 'greetings.py',
      function: 'greeting',
      startLine: 4,
      endLine: 5,
      newFunctionText: newFileText,
      newFileText,
      diff: '',
      source: 'template',
      editKind: 'swap-args',
      summary: 'change "en" to language',
      score: 1,
      validation: { failingFixed: 1, failingTotal: 1, suitePassed: 1, suiteTotal: 1 },
      baseSha256: sha256(Buffer.from(base, 'latin1')),
      encoding: 'latin-1',
    };
    const report: FixReport = {
      version: 1,
      workspace: '/tmp/ws',
      failures: [],
      flaky: [],
      suspects: [],
      patches: [patch],
      model: { name: null, device: null },
      stats: { candidatesGenerated: 1, candidatesValidated: 1, elapsedMs: 1, timeToFirstFixMs: 1 },
    };
    return runFromFix('r1', '/tmp/ws', report);
  }
  const fixed = latin1Text.replace('GREETINGS["en"]', 'GREETINGS[language]');

  it('applies when the editor decoded the file as Latin-1 (the file bytes match)', () => {
    const run = latin1Run(fixed);
    const verdict = checkApply(run, run.patches[0]!, latin1Text, false);
    assert.ok(verdict.ok, JSON.stringify(verdict));
    const { start, end, text } = verdict.replacement;
    assert.equal(latin1Text.slice(0, start) + text + latin1Text.slice(end), fixed);
  });

  it('refuses, naming the encoding, when the editor decoded the file as UTF-8', () => {
    const run = latin1Run(fixed);
    const asUtf8 = latin1Bytes.toString('utf8'); // "Grüße" became replacement characters
    const verdict = checkApply(run, run.patches[0]!, asUtf8, false);
    assert.equal(verdict.ok, false);
    assert.match(
      !verdict.ok ? verdict.reason : '',
      /^greetings\.py declares the encoding latin-1, but the editor shows it in another one; reopen it in latin-1/,
    );
  });

  it("refuses new characters beyond ASCII in an all-ASCII Latin-1 file (the editor's encoding is unknown)", () => {
    const ascii = latin1Text.replace('Grüße', 'Hallo');
    const run = latin1Run(ascii.replace('GREETINGS["en"]', 'GREETINGS.get(language, "Grüß dich")'), ascii);
    const verdict = checkApply(run, run.patches[0]!, ascii, false);
    assert.equal(verdict.ok, false);
    assert.match(!verdict.ok ? verdict.reason : '', /adds characters beyond ASCII to greetings\.py \(latin-1\).*--apply/);
    const plain = latin1Run(ascii.replace('GREETINGS["en"]', 'GREETINGS[language]'), ascii);
    assert.ok(checkApply(plain, plain.patches[0]!, ascii, false).ok, 'an ASCII fix to an ASCII text applies');
  });
});
