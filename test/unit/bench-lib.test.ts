import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { bugFolders, isChosen, loadBugList, loadBugSet, onlyList } from '../../bench/lib/bug-sets';
import { markdownTable, tableHead, tableRow } from '../../bench/lib/markdown-table';
import { packageRoot } from '../../src/core/files/resources';

const BENCH = path.join(packageRoot(), 'bench');

/** The folders of a set that hold a bug.json, listed here without the loader. */
function foldersWithBugJson(set: string): string[] {
  const root = path.join(BENCH, set);
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(root, entry.name, 'bug.json')))
    .map((entry) => entry.name)
    .sort();
}

describe('bench bug sets', () => {
  for (const set of ['classic', 'wide'] as const) {
    it(`finds every bug folder of bench/${set}, by name, with its bug.json`, () => {
      const bugs = loadBugSet(set);
      assert.deepEqual(
        bugs.map((b) => b.name),
        foldersWithBugJson(set),
      );
      assert.ok(bugs.length >= 20, `${bugs.length} bugs in bench/${set}`);
      for (const { name, dir, bug } of bugs) {
        assert.equal(dir, path.join(BENCH, set, name));
        assert.deepEqual(bug, JSON.parse(fs.readFileSync(path.join(dir, 'bug.json'), 'utf8')));
        assert.equal(bug.id, `${set}/${name}`);
        assert.ok(fs.existsSync(path.join(dir, bug.file)), `${bug.id}: ${bug.file}`);
        assert.ok(bug.function && bug.kind && bug.fixedFunction.includes('def '), bug.id);
        assert.ok(bug.failingTests.length > 0, bug.id);
      }
    });
  }

  it('picks the bugs --only names, by folder name or by id', () => {
    assert.deepEqual(onlyList(''), []);
    assert.deepEqual(onlyList('gcd,classic/bitcount'), ['gcd', 'classic/bitcount']);
    const picked = loadBugSet('classic', onlyList('gcd,classic/bitcount,no_such_bug'));
    assert.deepEqual(
      picked.map((b) => b.name),
      ['bitcount', 'gcd'],
    );
    assert.equal(isChosen([], 'anything'), true);
    assert.equal(isChosen(['gcd'], 'bitcount', 'classic/bitcount'), false);
  });

  it('skips a folder without bug.json and files beside the bug folders', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-bench-lib-'));
    try {
      for (const name of ['b_bug', 'a_bug', 'not_a_bug']) fs.mkdirSync(path.join(root, name));
      for (const name of ['b_bug', 'a_bug']) fs.writeFileSync(path.join(root, name, 'bug.json'), JSON.stringify({ id: `demo/${name}` }));
      fs.writeFileSync(path.join(root, 'README.md'), '# not a bug\n');
      assert.deepEqual(
        bugFolders(root).map((b) => [b.name, b.bug.id]),
        [
          ['a_bug', 'demo/a_bug'],
          ['b_bug', 'demo/b_bug'],
        ],
      );
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('reads every record of a bug list, in file order', () => {
    for (const file of [undefined, path.join(BENCH, 'synth', 'real-bugs.jsonl')]) {
      const lines = fs
        .readFileSync(file ?? path.join(BENCH, 'real', 'bugs.jsonl'), 'utf8')
        .split('\n')
        .filter((line) => line.trim());
      const bugs = loadBugList(file);
      assert.deepEqual(
        bugs.map((b) => b.id),
        lines.map((line) => (JSON.parse(line) as { id: string }).id),
      );
      for (const bug of bugs) assert.ok(bug.subject && bug.tests.length > 0 && (bug.split === 'dev' || bug.split === 'test'), bug.id);
    }
  });
});

describe('bench markdown tables', () => {
  it('prints a header, a separator and a line per row', () => {
    assert.equal(
      markdownTable(
        ['bug', 'fixed', 'first fix s'],
        [
          ['classic/gcd', 'yes', 1.5],
          ['classic/bitcount', 'no', '-'],
        ],
      ),
      ['| bug | fixed | first fix s |', '|---|---|---|', '| classic/gcd | yes | 1.5 |', '| classic/bitcount | no | - |'].join('\n'),
    );
  });

  it('right-aligns the number columns when asked', () => {
    assert.equal(tableHead(['method', 'rate', 'ratio'], { numbers: true }), '| method | rate | ratio |\n|---|---:|---:|');
  });

  it('keeps a pipe or a line break in a cell from breaking the table', () => {
    assert.equal(tableRow(['a | b', 'error:\nTraceback', 3]), '| a \\| b | error: Traceback | 3 |');
  });

  it('prints the same table row by row as at once', () => {
    const rows = [
      ['x', 1],
      ['y', 2],
    ];
    assert.equal([tableHead(['name', 'n']), ...rows.map(tableRow)].join('\n'), markdownTable(['name', 'n'], rows));
  });
});
