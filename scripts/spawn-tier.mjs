// The test tier of the spawn validator: the integration suites that put the validator under
// stress (hostile candidates, bad input and faults, the anytime search, projects with side
// effects) run again with DEEPDEBUG_VALIDATOR=spawn, so candidates run in their session's own
// process as they do on Windows. in-place.test.ts and wire-contract.test.ts run both validators
// in the main tier already. Node built-ins only; run by `npm test` after the main tier.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { root } from './root.mjs';

const SUITES = ['hostile', 'bad-input', 'search', 'sound-validation'];

const mocha = createRequire(import.meta.url).resolve('mocha/bin/mocha.js');
const run = spawnSync(
  process.execPath,
  [mocha, '--config', '.mocharc.json', ...SUITES.map((suite) => path.join('out', 'test', 'integration', `${suite}.test.js`))],
  { cwd: root, stdio: 'inherit', env: { ...process.env, DEEPDEBUG_VALIDATOR: 'spawn' } },
);
process.exitCode = run.status ?? 1;
