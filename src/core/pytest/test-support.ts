import * as fs from 'node:fs';
import * as path from 'node:path';
import { isTestFile } from './failures';

// Test support: a module that lives among the test modules and serves only them (a `node.py`
// beside `test_*.py` files that builds the lists the tests check). It is test code as much as
// the tests are: a patch there makes the tests pass without fixing the code under test. The
// folder rule of test-files.json catches such modules in folders named `tests`; this one finds
// them in a tests' folder of any name, from the imports:
// - its folder holds test modules, and those import code from outside the folder (the code
//   under test lives elsewhere; in a flat project, where it does not, nothing here applies);
// - no module but test modules imports it;
// - no test module of the folder is named for it (`solution.py` beside `test_solution.py` is
//   the subject of its test, not support).

/** Folders never read: environments, caches, version control. */
const SKIPPED = new Set(['.git', '.hg', '.svn', '__pycache__', 'node_modules', '.venv', 'venv', '.tox', '.nox', 'site-packages']);
/** A project with more Python files than this is not scanned (the rule is then not applied). */
const MAX_FILES = 3_000;

const IMPORT = /^[ \t]*(?:from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+\(?([\w., \t]*)|import[ \t]+([\w., \t]+))/gm;

interface Module {
  /** Workspace-relative POSIX path. */
  file: string;
  folder: string;
  isTest: boolean;
  /** Dotted names it imports (relative ones resolved against its folder). */
  imports: string[];
}

/** The workspace's test-support modules (workspace-relative POSIX paths). */
export async function testSupportFiles(workspace: string): Promise<Set<string>> {
  const files = await pythonFiles(workspace);
  if (files === null) return new Set();
  const modules = await Promise.all(
    files.map(async (file): Promise<Module> => {
      const text = await fs.promises.readFile(path.join(workspace, file), 'utf8').catch(() => '');
      const folder = path.posix.dirname(file);
      return { file, folder, isTest: isTestFile(file), imports: importsOf(text, folder) };
    }),
  );
  const resolve = resolver(files);
  const importers = new Map<string, Module[]>();
  for (const module of modules)
    for (const name of module.imports)
      for (const target of resolve(name, module.folder)) importers.set(target, [...(importers.get(target) ?? []), module]);
  const support = new Set<string>();
  for (const module of modules) {
    if (module.isTest || path.posix.basename(module.file) === '__init__.py') continue;
    const tests = modules.filter((other) => other.isTest && other.folder === module.folder);
    const stem = path.posix.basename(module.file, '.py');
    const users = importers.get(module.file) ?? [];
    const testsFolder = tests.some((test) =>
      test.imports.some((name) => resolve(name, test.folder).some((target) => path.posix.dirname(target) !== module.folder)),
    );
    const subject = tests.some((test) => [`test_${stem}.py`, `${stem}_test.py`].includes(path.posix.basename(test.file)));
    if (testsFolder && !subject && users.length > 0 && users.every((user) => user.isTest)) support.add(module.file);
  }
  return support;
}

/** Every .py file under the workspace (relative POSIX paths), or null past MAX_FILES. */
async function pythonFiles(workspace: string): Promise<string[] | null> {
  const found: string[] = [];
  const pending = [''];
  for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
    const entries = await fs.promises.readdir(path.join(workspace, folder), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const relative = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory() && !SKIPPED.has(entry.name) && !entry.name.startsWith('.')) pending.push(relative);
      else if (entry.isFile() && entry.name.endsWith('.py')) {
        found.push(relative);
        if (found.length > MAX_FILES) return null;
      }
    }
  }
  return found;
}

/** The dotted names a module's text imports; a relative import as a path from the workspace root ("pkg.sub.name"). */
function importsOf(text: string, folder: string): string[] {
  const names: string[] = [];
  const listed = (list: string) => list.split(',').flatMap((part) => part.trim().split(/[ \t]+/)[0] || []);
  for (const match of text.matchAll(IMPORT)) {
    if (match[1] === undefined) {
      names.push(...listed(match[3]!));
      continue;
    }
    const dots = /^\.*/.exec(match[1])![0].length;
    const rest = match[1].slice(dots);
    let from = rest;
    if (dots > 0) {
      const base = folder.split('/').filter((part) => part !== '.' && part !== '');
      from = [...base.slice(0, base.length - (dots - 1)), ...(rest ? [rest] : [])].join('.');
    }
    // `from pkg import mod` imports the module pkg.mod where there is one.
    names.push(from, ...listed(match[2]!).map((name) => (from ? `${from}.${name}` : name)));
  }
  return names;
}

/**
 * Resolves a dotted name to the workspace files it may be: the path from the importer's folder
 * or from the root (a module or a package), else any file of its last part's name (a source
 * folder put on sys.path by the configuration).
 */
function resolver(files: readonly string[]): (name: string, folder: string) => string[] {
  const all = new Set(files);
  const byStem = new Map<string, string[]>();
  for (const file of files) {
    const base = path.posix.basename(file, '.py');
    const stem = base === '__init__' ? path.posix.basename(path.posix.dirname(file)) : base;
    byStem.set(stem, [...(byStem.get(stem) ?? []), file]);
  }
  return (name, folder) => {
    const parts = name.split('.').filter(Boolean);
    for (let cut = parts.length; cut > 0; cut--) {
      const relative = parts.slice(0, cut).join('/');
      for (const root of [folder === '.' ? '' : folder, '']) {
        const base = root ? `${root}/${relative}` : relative;
        const hits = [`${base}.py`, `${base}/__init__.py`].filter((file) => all.has(file));
        if (hits.length > 0) return hits;
      }
    }
    return byStem.get(parts.at(-1) ?? '') ?? [];
  };
}
