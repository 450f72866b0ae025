// Runs `deepdebug fix` on every classic-algorithm bug in bench/classic/ (one workspace per bug,
// each with bug.json describing the injected bug and the intended fix) and prints a table:
// fixed within the budget, exact (the intended fix), time to the first validated patch.
// Modes run side by side in one invocation, e.g. templates only vs model + templates.
//
//   node out/bench/classic.js [--budget 60] [--modes templates,model] [--only name,...] [--json out.json]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadBugSet, onlyList, ONLY_OPTION, type FolderBug } from './lib/bug-sets';
import { MODES, MODES_OPTION, runFixCli, scoreRun, seconds, summarize, summaryTable, type BugResult, type Mode } from './lib/fix-runs';
import { tableHead, tableRow } from './lib/markdown-table';
import { benchOptions, listOf, positiveNumber } from './lib/options';

async function runBug(bugDir: string, bug: FolderBug, mode: Mode, budgetSeconds: number): Promise<BugResult> {
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), `deepdebug-classic-${path.basename(bugDir)}-`));
  try {
    fs.cpSync(bugDir, workspace, { recursive: true });
    const run = await runFixCli(workspace, mode === 'templates' ? ['--no-model'] : [], budgetSeconds);
    return await scoreRun(bug, mode, run);
  } finally {
    fs.rmSync(workspace, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { budget, modes, only, jsonPath } = benchOptions(
    {
      budget: { type: 'string', default: '60' },
      modes: MODES_OPTION,
      only: ONLY_OPTION,
      json: { type: 'string', default: '' },
    },
    (values) => ({
      budget: positiveNumber('--budget', values.budget),
      modes: listOf('--modes', values.modes, MODES),
      only: onlyList(values.only),
      jsonPath: values.json,
    }),
  );
  const results: BugResult[] = [];
  console.log(tableHead(['bug', 'kind', ...modes.map((m) => `${m}: fixed / exact / first fix s`)]));
  for (const { dir, bug } of loadBugSet('classic', only)) {
    const cells: string[] = [];
    for (const mode of modes) {
      const result = await runBug(dir, bug, mode, budget);
      results.push(result);
      cells.push(
        `${result.fixed ? 'yes' : 'no'} / ${result.exactTop1 ? 'top-1' : result.exactAny ? 'top-k' : 'no'} / ${seconds(result.timeToFirstFixMs)}`,
      );
    }
    console.log(tableRow([bug.id, bug.kind, ...cells]));
  }
  console.log('');
  console.log(
    summaryTable(
      'mode',
      modes.map((mode) => [mode, summarize(results.filter((r) => r.mode === mode))] as const),
    ),
  );
  if (jsonPath) fs.writeFileSync(jsonPath, JSON.stringify({ budgetSeconds: budget, results }, null, 2) + '\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
