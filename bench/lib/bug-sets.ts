// The benchmark's bug sets, loaded one way for every runner. Folder sets: bench/<set>/<name>/,
// each bug a workspace with its bug.json (fields: bench/classic/README.md). Bug lists: JSON
// lines of real-project bugs (bench/real/bugs.jsonl, bench/synth/real-bugs.jsonl; fields:
// bench/real/README.md), each a record from which bench/real/make_bugs.py builds the workspace.
// Every runner's `--only` picks through isChosen.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/files/resources';
import type { BugTarget } from './fix-runs';

const BENCH_DIR = path.join(packageRoot(), 'bench');
const REAL_DIR = path.join(BENCH_DIR, 'real');

export type FolderSet = 'classic' | 'wide' | 'overfit' | 'synth' | 'guards' | 'harm' | 'patterns' | 'missing';

/** A bug folder's bug.json. */
export interface FolderBug extends BugTarget {
  /** The buggy file, relative to the workspace. */
  file: string;
  failingTests: string[];
  /** bench/overfit: which kind of overfitting the case invites. */
  class?: string;
}

export interface BugFolder {
  /** The folder's name: the bug's id without its set (classic/bitcount: bitcount). */
  name: string;
  /** The bug's workspace, to be copied: a run in place would leave its traces for the next. */
  dir: string;
  bug: FolderBug;
}

/** A record of a bug list. */
export interface RealBug extends BugTarget {
  subject: string;
  subjectVersion: string;
  file: string;
  startLine: number;
  endLine: number;
  buggyFunction: string;
  /** Test files that cover the function: the `--tests` selection. */
  tests: string[];
  failingTests: string[];
  split: 'dev' | 'test';
  quick: boolean;
}

/** The interpreter of the real-project bugs: Debian's, which sees the packages they come from. */
export const REAL_PYTHON = '/usr/bin/python3';

/** `--only a,b,...`: the bugs to run (see isChosen); empty runs every bug. */
export const ONLY_OPTION = { type: 'string', default: '' } as const;

export function onlyList(value: string): string[] {
  return value ? value.split(',') : [];
}

/** Whether `--only` picks a bug known by any of `keys` (its folder name, its id). */
export function isChosen(only: readonly string[], ...keys: string[]): boolean {
  return only.length === 0 || keys.some((key) => only.includes(key));
}

/** The bugs of a folder set, by folder name. */
export function loadBugSet(set: FolderSet, only: readonly string[] = []): BugFolder[] {
  return bugFolders(path.join(BENCH_DIR, set), only);
}

/** The folders of `root` that hold a bug.json, by name; the rest (README.md, check.py, a folder without one) are no bugs. */
export function bugFolders(root: string, only: readonly string[] = []): BugFolder[] {
  return fs
    .readdirSync(root)
    .filter((name) => fs.existsSync(path.join(root, name, 'bug.json')))
    .sort()
    .map((name) => ({
      name,
      dir: path.join(root, name),
      bug: JSON.parse(fs.readFileSync(path.join(root, name, 'bug.json'), 'utf8')) as FolderBug,
    }))
    .filter(({ name, bug }) => isChosen(only, name, bug.id));
}

/**
 * The records of a bug list (default: the frozen real-project bugs), in file order. Runners
 * that sample a list pick with isChosen after sampling, so that `--only` keeps the sample.
 */
export function loadBugList(file = path.join(REAL_DIR, 'bugs.jsonl')): RealBug[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as RealBug);
}

/**
 * Builds the bug's workspace at `folder` (make_bugs.py: the subject copied, the buggy function
 * in place), looking the bug up in `bugsFile` (default: the frozen set).
 */
export function makeWorkspace(bug: Pick<RealBug, 'id'>, folder: string, python: string, bugsFile?: string): void {
  const from = bugsFile ? ['--bugs', bugsFile] : [];
  execFileSync(python, [path.join(REAL_DIR, 'make_bugs.py'), 'workspace', bug.id, folder, ...from], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
