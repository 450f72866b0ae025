// Runs `deepdebug fix` on every classic-algorithm bug in bench/classic/ (one workspace per bug,
// each with bug.json describing the injected bug and the intended fix) and prints a table:
// fixed within the budget, exact (the intended fix), time to the first validated patch.
// Modes run side by side in one invocation, e.g. templates only vs model + templates.
//
//   node out/bench/classic.js [--budget 60] [--modes templates,model] [--only name,...] [--json out.json]
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { normalizeCode } from '../src/core/generate/candidate';
import { listFunctions } from '../src/core/syntax/functions';
import { packageRoot } from '../src/core/resources';
import type { FixReport } from '../src/core/types';

interface Bug {
  id: string;
  file: string;
  function: string;
  kind: string;
  fixedFunction: string;
}

type Mode = 'templates' | 'model';

interface BugResult {
  id: string;
  kind: string;
  mode: Mode;
  exitCode: number | null;
  fixed: boolean;
  exactTop1: boolean;
  exactAny: boolean;
  timeToFirstFixMs: number | null;
  candidatesGenerated: number;
  candidatesValidated: number;
  wallMs: number;
}

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(name);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1]! : fallback;
}

async function functionText(fileText: string, qualname: string): Promise<string | null> {
  const fn = (await listFunctions(fileText)).find((f) => f.qualname === qualname);
  if (!fn) return null;
  return fileText.split('\n').slice(fn.startLine - 1, fn.endLine).join('\n');
}

async function isExact(bug: Bug, newFileText: string): Promise<boolean> {
  const patched = await functionText(newFileText, bug.function);
  return patched !== null && normalizeCode(patched) === normalizeCode(bug.fixedFunction);
}

async function runBug(bugDir: string, bug: Bug, mode: Mode, budgetSeconds: number): Promise<BugResult> {
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), `deepdebug-classic-${bug.id}-`));
  try {
    fs.cpSync(bugDir, workspace, { recursive: true });
    const reportPath = path.join(workspace, '..', `${path.basename(workspace)}.json`);
    const args = [
      path.join(packageRoot(), 'dist', 'cli.js'), 'fix', workspace,
      '--time-budget', String(budgetSeconds), '--json', reportPath,
      ...(mode === 'templates' ? ['--no-model'] : []),
    ];
    const started = Date.now();
    const child = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: (budgetSeconds + 60) * 1000 });
    const wallMs = Date.now() - started;
    const report: FixReport | null = fs.existsSync(reportPath) ? JSON.parse(fs.readFileSync(reportPath, 'utf8')) : null;
    fs.rmSync(reportPath, { force: true });
    const patches = report?.patches ?? [];
    const exact = await Promise.all(patches.map((p) => isExact(bug, p.newFileText)));
    return {
      id: bug.id,
      kind: bug.kind,
      mode,
      exitCode: child.status,
      fixed: patches.length > 0,
      exactTop1: exact[0] ?? false,
      exactAny: exact.some(Boolean),
      timeToFirstFixMs: report?.stats.timeToFirstFixMs ?? null,
      candidatesGenerated: report?.stats.candidatesGenerated ?? 0,
      candidatesValidated: report?.stats.candidatesValidated ?? 0,
      wallMs,
    };
  } finally {
    fs.rmSync(workspace, { recursive: true, force: true });
  }
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function seconds(ms: number | null): string {
  return ms === null ? '-' : (ms / 1000).toFixed(1);
}

async function main(): Promise<void> {
  const budget = Number(option('--budget', '60'));
  const modes = option('--modes', 'templates,model').split(',') as Mode[];
  const only = option('--only', '');
  const classicDir = path.join(packageRoot(), 'bench', 'classic');
  const bugDirs = fs
    .readdirSync(classicDir)
    .filter((name) => fs.existsSync(path.join(classicDir, name, 'bug.json')))
    .filter((name) => !only || only.split(',').includes(name))
    .sort();
  const results: BugResult[] = [];
  console.log(`| bug | kind | ${modes.map((m) => `${m}: fixed / exact / first fix s`).join(' | ')} |`);
  console.log(`|---|---|${modes.map(() => '---').join('|')}|`);
  for (const name of bugDirs) {
    const bug: Bug = JSON.parse(fs.readFileSync(path.join(classicDir, name, 'bug.json'), 'utf8'));
    const cells: string[] = [];
    for (const mode of modes) {
      const result = await runBug(path.join(classicDir, name), bug, mode, budget);
      results.push(result);
      cells.push(`${result.fixed ? 'yes' : 'no'} / ${result.exactTop1 ? 'top-1' : result.exactAny ? 'top-k' : 'no'} / ${seconds(result.timeToFirstFixMs)}`);
    }
    console.log(`| ${bug.id} | ${bug.kind} | ${cells.join(' | ')} |`);
  }
  console.log('');
  console.log('| mode | bugs | fixed | exact top-1 | exact any | plausible, not exact | median first fix s | median candidates validated |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const mode of modes) {
    const rows = results.filter((r) => r.mode === mode);
    const fixed = rows.filter((r) => r.fixed);
    console.log(
      `| ${mode} | ${rows.length} | ${fixed.length} | ${rows.filter((r) => r.exactTop1).length} | ${rows.filter((r) => r.exactAny).length} | ` +
        `${fixed.filter((r) => !r.exactTop1).length} | ${seconds(median(fixed.map((r) => r.timeToFirstFixMs!)))} | ` +
        `${median(rows.map((r) => r.candidatesValidated)) ?? '-'} |`,
    );
  }
  const jsonPath = option('--json', '');
  if (jsonPath) fs.writeFileSync(jsonPath, JSON.stringify({ budgetSeconds: budget, results }, null, 2) + '\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
