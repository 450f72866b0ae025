// The test tier of the spawn validator: the integration suite runs again with
// DEEPDEBUG_VALIDATOR=spawn, so candidates run in their session's own process as they do on
// Windows. Left out: the suites whose outcome no validator takes part in, and those that run
// both validators in the main tier already (each named below with why). A new suite joins the
// tier unless it is named here. Node built-ins only; run by `npm test` after the main tier.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { root } from './root.mjs';

const LEFT_OUT = {
  'in-place': 'runs both validators itself',
  'wire-contract': 'runs both validators itself',
  'python-types': 'type-checks the Python helpers; nothing runs',
  posixless: 'the first run under the Windows shim; no candidate',
  'memory-watch': "a forked child's memory watch, by itself",
};

const integration = path.join('out', 'test', 'integration');
const suites = fs
  .readdirSync(path.join(root, integration))
  .filter((file) => file.endsWith('.test.js') && !(file.slice(0, -'.test.js'.length) in LEFT_OUT))
  .sort()
  .map((file) => path.join(integration, file));

const mocha = createRequire(import.meta.url).resolve('mocha/bin/mocha.js');
const run = spawnSync(process.execPath, [mocha, '--config', '.mocharc.json', ...suites], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DEEPDEBUG_VALIDATOR: 'spawn' },
});
process.exitCode = run.status ?? 1;
