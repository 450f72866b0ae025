import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { compiles, regexVariants } from '../../src/core/generate/templates/regex-edits';
import { assertFixAmong, templateCandidatesFor } from '../helpers/templates';

// literal-content and regex-edit: a literal whose content is slightly off, a regular
// expression wrong by its syntax, in the function or in a constant it reads.

describe('templates: literal content and regular expressions', () => {
  it("changes a literal's case and a separator for another", async () => {
    const caseCandidates = await templateCandidatesFor(`def closes(values):\n    return b"Close" in values\n`);
    assertFixAmong(caseCandidates, `def closes(values):\n    return b"close" in values\n`, 'literal-content');
    const joined = await templateCandidatesFor(`def slug(words):\n    return "_".join(words)\n`);
    assertFixAmong(joined, `def slug(words):\n    return "-".join(words)\n`, 'literal-content');
  });

  it('adds the character a literal lacks at its end', async () => {
    const candidates = await templateCandidatesFor(`def quote(text):\n    return text.replace('"', "&quot")\n`);
    assertFixAmong(candidates, `def quote(text):\n    return text.replace('"', "&quot;")\n`, 'literal-content');
  });

  it('edits a regular expression by its syntax: an optional group, a class widened, a counted repeat loosened everywhere', async () => {
    const optional = await templateCandidatesFor(`import re\ndef parts(v):\n    return re.match(r"(\\d+)\\.(\\d+)(?:\\.(\\d+))", v)\n`);
    assertFixAmong(optional, `import re\ndef parts(v):\n    return re.match(r"(\\d+)\\.(\\d+)(?:\\.(\\d+))?", v)\n`, 'regex-edit');
    const widened = await templateCandidatesFor(`import re\ndef domains(t):\n    return re.findall(r"@([\\w-]+)", t)\n`);
    assertFixAmong(widened, `import re\ndef domains(t):\n    return re.findall(r"@([.\\w-]+)", t)\n`, 'regex-edit');
    const variants = regexVariants('(\\d{2})/(\\d{2})', []).map((v) => v.pattern);
    assert.ok(variants.includes('(\\d{1,2})/(\\d{1,2})'), variants.join(' '));
  });

  it('offers only patterns that compile, as Python would compile them', () => {
    assert.equal(compiles('(?P<year>\\d{4})-(?P=year)'), true);
    assert.equal(compiles('a**'), false);
    assert.equal(compiles('(ab'), false);
    const variants = regexVariants('([a-z]+)=(\\w+)?', ['-', ']', '^', '\\']).map((v) => v.pattern);
    assert.ok(variants.length > 10, variants.join(' '));
    const script = 'import json, re, sys\nfor p in json.loads(sys.argv[1]): re.compile(p)\nprint("ok")';
    assert.equal(execFileSync('python3', ['-c', script, JSON.stringify(variants)], { encoding: 'utf8' }).trim(), 'ok');
    // Not a pattern at all: nothing.
    assert.deepEqual(regexVariants('a)b', []), []);
  });

  it('edits the literal of a module constant or class attribute that the suspect reads, and nothing else of it', async () => {
    const source = `import re\n\nSUFFIXES = (".bak", "-")\nUNUSED = ";"\n\n\ndef is_backup(name):\n    return name.endswith(SUFFIXES)\n`;
    const candidates = await templateCandidatesFor(source, 'is_backup');
    const constant = candidates.filter((c) => c.startLine === 3);
    assert.ok(constant.length > 0 && constant.every((c) => c.editKind === 'literal-content'));
    assert.ok(
      constant.some((c) => c.newFunctionText.trim() === 'SUFFIXES = (".bak", "_")'),
      constant.map((c) => c.newFunctionText).join(''),
    );
    assert.ok(!candidates.some((c) => c.startLine === 4), 'a constant it does not read is left alone');
    const finder = `class Finder:\n    url = r"http://\\S+"\n\n    def links(self, text):\n        return re.findall(self.url, text)\n`;
    const attribute = (await templateCandidatesFor(finder, 'Finder.links')).filter((c) => c.startLine === 2);
    assert.ok(
      attribute.some((c) => c.editKind === 'literal-content'),
      'the class attribute is a suspect too',
    );
  });
});
