// `npm run demo:ui`: VS Code in the browser (code-server) with the DeepDebug extension, on a
// fresh copy of the example workspace (`node scripts/setup.mjs ui` has installed code-server
// before). Packages the extension as a .vsix and installs it the way a user would, then prints
// the local URL.
// Ctrl+C stops it. PORT chooses the port (default 8080).
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { root } from './root.mjs';

const demo = path.join(root, '.cache', 'demo');
const port = Number(process.env.PORT ?? 8080);
const codeServer = path.join(root, '.cache', 'code-server', 'node_modules', '.bin', 'code-server');
// The package of this machine's platform only (`npm run package` writes every target's).
const target = `${process.platform}-${process.arch}`;
const vsix = path.join(root, `deepdebug-${target}.vsix`);

function run(command, args, env = {}) {
  execFileSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
}

if (!fs.existsSync(codeServer)) {
  console.error('demo:ui: code-server is not installed; the set-up above says what it lacks');
  process.exit(1);
}
run(process.execPath, [path.join(root, 'scripts', 'package.mjs'), '--target', target]);

// A fresh demo each time: the example stays pristine however the demo's fixes are applied.
fs.rmSync(demo, { recursive: true, force: true });
const workspace = path.join(demo, 'workspace');
const userData = path.join(demo, 'user-data');
const extensions = path.join(demo, 'extensions');
fs.cpSync(path.join(root, 'examples', 'quickstart'), workspace, { recursive: true });
fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
fs.writeFileSync(
  path.join(userData, 'User', 'settings.json'),
  JSON.stringify({ 'telemetry.telemetryLevel': 'off', 'workbench.startupEditor': 'none' }, null, 2),
);
// code-server keeps its config.yaml under XDG_CONFIG_HOME: inside the demo folder, not ~/.config.
const env = { ...process.env, XDG_CONFIG_HOME: path.join(demo, 'xdg-config'), XDG_DATA_HOME: path.join(demo, 'xdg-data') };
execFileSync(codeServer, ['--extensions-dir', extensions, '--user-data-dir', userData, '--install-extension', vsix], {
  stdio: 'inherit',
  env,
});

const server = spawn(
  codeServer,
  [
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--extensions-dir',
    extensions,
    '--user-data-dir',
    userData,
    workspace,
  ],
  { stdio: ['ignore', 'ignore', 'inherit'], env },
);
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));

const url = `http://127.0.0.1:${port}/`;
for (let tries = 0; tries < 120; tries++) {
  const healthy = await fetch(`${url}healthz`).then(
    (response) => response.ok,
    () => false,
  );
  if (healthy) {
    console.log(`\nDeepDebug demo: open ${url} in a browser (Ctrl+C stops it).`);
    console.log(`Workspace: ${path.relative(root, workspace)} (a copy of examples/quickstart).`);
    console.log('Try: F1 > "Debug with DeepDebug", then the lightbulb on the highlighted line.\n');
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
