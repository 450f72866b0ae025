import * as assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Candidate, Containment, ValidatorKind } from '../../src/core/types';
import { ValidatorPool } from '../../src/core/validate';
import { cgroupOwner, pidsCgroupBase } from '../../src/core/validate/limits';
import { waitFor } from '../helpers/processes';
import { copyFixture, hashTree, removeCopy } from '../helpers/workspace';

// Hostile candidates, real processes and real files: each patch to calc.add does something a
// candidate must not be able to do, and returns the right answer if it got away with it (so
// an escape shows up as a validated patch). Each must end as a failed candidate, the pool
// must keep validating, and the files and processes must be as they were. The suite runs
// with the containment this machine offers (bubblewrap where it works) and once without the
// sandbox, where it checks what the weaker containment does and does not stop; with either
// validator (DEEPDEBUG_VALIDATOR=spawn runs it in place).

const python = 'python3';
const SECRET_NAME = 'HOSTILE_TEST_API_TOKEN';
const SECRET = 'hostile-test-secret-8c1f0e';
const FORKS = 2000;
/** Small limits keep the suite quick (forks and page faults are slow on small VMs). */
const PROCESS_LIMIT = 32;
const WORKERS = 2;

interface Scene {
  pool: ValidatorPool;
  workspace: string;
  /** Stands in for the user's home folder: a sentinel file the candidates try to destroy. */
  home: string;
  port: number;
  connections: () => number;
}

/** calc.py with add's body prefixed by `body` (Python, 4-space indented by us). */
function hostile(body: string): Candidate {
  const lines = body
    .trim()
    .split('\n')
    .map((line) => `    ${line}`);
  const newFileText = ['def add(a, b):', ...lines, '    return a + b', ''].join('\n');
  return {
    kind: 'candidate',
    file: 'calc.py',
    function: 'add',
    startLine: 1,
    endLine: lines.length + 2,
    newFunctionText: newFileText.trimEnd(),
    newFileText,
    diff: '',
    source: 'template',
    editKind: 'compare-op',
    summary: 'hostile candidate',
    score: 1,
  };
}

const correct = hostile('pass');

/** The candidates' targets, as Python literals. */
function py(value: string | number): string {
  return JSON.stringify(value);
}

const candidates = {
  files: (scene: Scene) =>
    hostile(`
import os, shutil
errors = []
def attempt(what, action, *args):
    try:
        action(*args)
    except OSError as error:
        errors.append(f"{what}: {error.strerror}")
def write(target):
    with open(target, "w") as handle:
        handle.write("overwritten by a candidate")
attempt("delete workspace file", os.remove, ${py(path.join(scene.workspace, 'calc.py'))})
attempt("overwrite workspace test", write, ${py(path.join(scene.workspace, 'test_calc.py'))})
attempt("write into workspace", write, ${py(path.join(scene.workspace, 'planted.py'))})
attempt("delete home sentinel", os.remove, ${py(path.join(scene.home, 'sentinel.txt'))})
attempt("write into home", write, ${py(path.join(scene.home, 'planted.txt'))})
attempt("write into real home", write, ${py(path.join(os.homedir(), `.deepdebug-hostile-${process.pid}`))})
attempt("write into temp", write, ${py(path.join(os.tmpdir(), `deepdebug-hostile-${process.pid}`))})
attempt("remove workspace", shutil.rmtree, ${py(scene.workspace)})
attempt("remove home", shutil.rmtree, ${py(scene.home)})
if errors:
    raise AssertionError("; ".join(errors))
`),
  secretInEnvironment: () =>
    hostile(`
import os
if ${py(SECRET_NAME)} not in os.environ:
    raise AssertionError("no secret among: " + " ".join(sorted(os.environ)))
`),
  secretInOtherProcesses: () =>
    hostile(`
import os
found = []
for entry in os.listdir("/proc"):
    try:
        with open(f"/proc/{entry}/environ", "rb") as handle:
            if ${py(SECRET)}.encode() in handle.read():
                found.append(entry)
    except OSError:
        pass
if not found:
    raise AssertionError("no secret in any visible process")
`),
  network: (scene: Scene) =>
    hostile(`
import socket
try:
    socket.create_connection(("127.0.0.1", ${scene.port}), timeout=3).close()
except OSError as error:
    raise AssertionError(f"no connection: {error}")
`),
  forkBomb: () =>
    hostile(`
import os, time
forked = 0
try:
    while forked < ${FORKS}:
        if os.fork() == 0:
            time.sleep(120)
            os._exit(0)
        forked += 1
except OSError as error:
    raise AssertionError(f"forked {forked} children, then: {error.strerror}")
`),
  allocate: () =>
    hostile(`
blocks = []
for _ in range(100_000):
    blocks.append(bytearray(8 * 1024 * 1024))
`),
  loop: () =>
    hostile(`
while True:
    pass
`),
  daemon: () =>
    hostile(`
import os, time
if os.fork() == 0:
    os.setsid()
    os.chdir("/")
    if os.fork() == 0:
        while True:
            pass
    os._exit(0)
while True:
    time.sleep(1)
`),
  // Its parent is the worker's fork server, which forks every candidate.
  killParent: () =>
    hostile(`
import os, signal, time
os.kill(os.getppid(), signal.SIGKILL)
time.sleep(5)
`),
  /** In place (the spawn validator) the worker is the candidate's own process; forked, its grandparent. */
  killWorker: (validator: ValidatorKind | undefined) =>
    validator === 'spawn'
      ? hostile(`
import os, signal, time
os.kill(os.getpid(), signal.SIGKILL)
time.sleep(5)
`)
      : hostile(`
import os, signal, time
with open(f"/proc/{os.getppid()}/stat") as stat:
    worker = int(stat.read().rsplit(")", 1)[1].split()[1])
# A guard for this test's own sake: its grandparent must be the worker's pytest, not the test runner.
with open(f"/proc/{worker}/cmdline", "rb") as cmdline:
    assert b"pytest" in cmdline.read(), "the candidate's grandparent is not a validation worker"
os.kill(worker, signal.SIGKILL)
time.sleep(5)
`),
  killEverything: () =>
    hostile(`
import os, signal, time
# A guard for this test's own sake: outside a PID namespace this would kill the whole machine.
with open("/proc/1/comm") as handle:
    if handle.read().strip() != "bwrap":
        raise AssertionError("not inside the sandbox's PID namespace: refusing")
for pid in [${process.pid}] + [int(e) for e in os.listdir("/proc") if e.isdigit()]:
    if pid != os.getpid():
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
try:
    os.killpg(os.getpgid(os.getppid()), signal.SIGKILL)
except OSError:
    pass
time.sleep(5)
`),
};

/** Processes the test itself keeps running (the user's other programs, as it were). */
const bystanders = new Set<number>();

function parentOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/**
 * Every process that belongs to this test: descendants of this process (which includes the
 * workers, their sandboxes and whatever a candidate started, however it detached: the worker
 * is its subreaper), and anything working in the pool's folder or in our pids cgroups.
 */
function ourProcesses(root: string): number[] {
  const cgroupTag = `deepdebug-${process.pid}-`;
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid || bystanders.has(Number(entry))) continue;
    const pid = Number(entry);
    let ours = false;
    try {
      ours = fs.readlinkSync(`/proc/${pid}/cwd`).startsWith(root);
      ours ||= fs.readFileSync(`/proc/${pid}/cgroup`, 'utf8').includes(cgroupTag);
    } catch {
      // Exited meanwhile.
    }
    for (let parent = parentOf(pid); !ours && parent !== undefined && parent > 1; parent = parentOf(parent)) {
      ours = parent === process.pid;
    }
    if (ours) pids.push(pid);
  }
  return pids.sort((a, b) => a - b);
}

function listProcesses(pids: number[]): string {
  return pids
    .map((pid) => {
      try {
        return `${pid} (${fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').slice(0, 120)})`;
      } catch {
        return `${pid} (exited)`;
      }
    })
    .join(', ');
}

const SETTLE_MS = 60_000;

function ourCgroups(): string[] {
  const base = pidsCgroupBase();
  if (!base) return [];
  return fs.readdirSync(base).filter((name) => cgroupOwner(name) === process.pid);
}

function hostileSuite(title: string, sandbox: boolean): void {
  describe(title, function () {
    let scene: Scene;
    let server: net.Server;
    let accepted = 0;
    let filesBefore: Map<string, string>[];
    /** Processes of the idle pool. */
    let idle: number;
    let previousSecret: string | undefined;
    /** Another program of the user's, with the secret in its environment. */
    let bystander: ChildProcess;

    const files = () => [hashTree(scene.workspace), hashTree(scene.home)];

    before(async () => {
      previousSecret = process.env[SECRET_NAME];
      process.env[SECRET_NAME] = SECRET;
      bystander = spawn('sleep', ['600'], { env: { ...process.env, [SECRET_NAME]: SECRET }, stdio: 'ignore' });
      bystanders.add(bystander.pid!);
      server = net.createServer((socket) => {
        accepted++;
        socket.destroy();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const home = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-hostile-home-'));
      fs.writeFileSync(path.join(home, 'sentinel.txt'), 'the user would miss this\n');
      const workspace = copyFixture('hostile-project');
      const pool = await ValidatorPool.start({
        workspace,
        python,
        failing: ['test_calc.py::test_add'],
        passing: ['test_calc.py::test_add_zero'],
        workers: WORKERS,
        perCandidateTimeoutMs: 6000,
        memoryLimitMb: 128,
        processLimit: PROCESS_LIMIT,
        sandbox,
      });
      scene = { pool, workspace, home, port: (server.address() as net.AddressInfo).port, connections: () => accepted };
      filesBefore = files();
      idle = ourProcesses(pool.tempRoot).length;
    });

    after(async () => {
      await scene?.pool.dispose();
      server?.close();
      bystander?.kill('SIGKILL');
      if (previousSecret === undefined) delete process.env[SECRET_NAME];
      else process.env[SECRET_NAME] = previousSecret;
      if (scene) {
        removeCopy(scene.workspace);
        removeCopy(scene.home);
      }
    });

    /** After each case: nothing written, nothing left running, and the pool still validates. */
    async function machineAsItWas(): Promise<void> {
      assert.deepEqual(files(), filesBefore);
      assert.equal(fs.existsSync(path.join(os.homedir(), `.deepdebug-hostile-${process.pid}`)), false);
      assert.equal(fs.existsSync(path.join(os.tmpdir(), `deepdebug-hostile-${process.pid}`)), false);
      const next = await scene.pool.validate(correct);
      assert.equal(next.verdict, 'validated', next.detail);
      // A worker killed by a candidate is replaced: wait for its successor, then count.
      await waitFor(
        () => scene.pool.workerPids.length === WORKERS && ourProcesses(scene.pool.tempRoot).length === idle,
        SETTLE_MS,
        () => `left running: ${listProcesses(ourProcesses(scene.pool.tempRoot))}; the idle pool has ${idle} processes`,
      );
    }

    const sandboxed = () => scene.pool.containment.sandbox === 'bubblewrap';

    it('reports the containment it used', () => {
      const { containment } = scene.pool;
      if (sandbox && containment.sandbox === 'bubblewrap') {
        assert.match(containment.summary, /^sandboxed \(bubblewrap/);
        assert.equal(containment.reason, undefined);
      } else {
        assert.equal(containment.sandbox, 'none');
        if (sandbox) assert.ok(containment.reason, 'says why bubblewrap is not used');
        else assert.equal(containment.reason, 'disabled');
        assert.match(containment.summary, /^no sandbox \(.+\): candidates run with resource limits only/);
      }
      assert.equal(containment.limits.wallMs, 6000);
      assert.equal(containment.limits.memoryMb, 128);
    });

    it('validates a correct patch', async () => {
      const outcome = await scene.pool.validate(correct);
      assert.equal(outcome.verdict, 'validated', outcome.detail);
    });

    it('keeps writes and deletes out of the workspace, home and temp folders, and rejects the candidate as harmful', async () => {
      // With or without the sandbox: Python's own file operations outside the world are refused
      // (a subprocess's are stopped by the sandbox only), and those that would lose files count.
      const outcome = await scene.pool.validate(candidates.files(scene));
      assert.equal(outcome.verdict, 'harmful', outcome.detail);
      const harm = new Map((outcome.harm ?? []).map((effect) => [effect.path, effect.kind]));
      const real = (file: string) => path.join(fs.realpathSync(path.dirname(file)), path.basename(file));
      assert.equal(harm.get(real(path.join(scene.workspace, 'calc.py'))), 'deleted', outcome.detail);
      assert.equal(harm.get(real(path.join(scene.workspace, 'test_calc.py'))), 'truncated', outcome.detail);
      assert.equal(harm.get(real(path.join(scene.home, 'sentinel.txt'))), 'deleted', outcome.detail);
      assert.equal(harm.get(real(scene.home)), 'deleted', outcome.detail);
      await machineAsItWas();
    });

    it('hides environment variables outside the allow-list', async () => {
      const outcome = await scene.pool.validate(candidates.secretInEnvironment());
      assert.equal(outcome.verdict, 'failed', outcome.detail);
      const visible = /no secret among: ([\w ]+)/.exec(outcome.detail)?.[1]?.split(' ') ?? [];
      assert.ok(visible.includes('PATH'), outcome.detail);
      // None of this process's own variables beyond the allow-list (the shell that starts the
      // interpreter sets PWD and SHLVL itself; HOME and the temp folders are the private ones).
      const allowed =
        /^(PATH|LANG|LANGUAGE|TZ|LC_\w+|PYTHON\w*|PYENV_\w+|DEEPDEBUG_\w+|VIRTUAL_ENV|CONDA_PREFIX|CONDA_DEFAULT_ENV|HOME|TMPDIR|TEMP|TMP|USERPROFILE|PWD|SHLVL|_)$/;
      assert.deepEqual(
        visible.filter((name) => name in process.env && !allowed.test(name)),
        [],
      );
      await machineAsItWas();
    });

    it('hides other processes and their environments', async () => {
      const outcome = await scene.pool.validate(candidates.secretInOtherProcesses());
      if (sandboxed()) {
        assert.equal(outcome.verdict, 'failed', outcome.detail);
        assert.match(outcome.detail, /no secret in any visible process/);
      } else {
        // The weaker containment's known gap: /proc shows the user's other processes' environments.
        assert.equal(outcome.verdict, 'validated', outcome.detail);
      }
      await machineAsItWas();
    });

    it('cuts the network', async () => {
      if (!sandboxed()) {
        assert.match(scene.pool.containment.summary, /^no sandbox/);
        return;
      }
      const outcome = await scene.pool.validate(candidates.network(scene));
      assert.equal(outcome.verdict, 'failed', outcome.detail);
      assert.match(outcome.detail, /no connection/);
      assert.equal(scene.connections(), 0);
      await machineAsItWas();
    });

    it(`stops a fork bomb long before ${FORKS} processes`, async () => {
      const { processes } = scene.pool.containment.limits;
      if (processes === null) {
        // Root without a pids cgroup: nothing can cap the count, so the bomb is not set off.
        assert.match(scene.pool.containment.summary, /processes not limited/);
        return;
      }
      const outcome = await scene.pool.validate(candidates.forkBomb());
      assert.equal(outcome.verdict, 'failed', outcome.detail);
      const forked = Number(/forked (\d+) children/.exec(outcome.detail)?.[1]);
      assert.ok(forked > 0 && forked <= processes, `forked ${forked}, limit ${processes}: ${outcome.detail}`);
      await machineAsItWas();
    });

    it('stops unbounded allocation at the memory limit', async () => {
      const outcome = await scene.pool.validate(candidates.allocate());
      assert.equal(outcome.verdict, 'failed', outcome.detail);
      assert.match(outcome.detail, /MemoryError/);
      await machineAsItWas();
    });

    it('kills an endless loop at the wall-time limit', async () => {
      const outcome = await scene.pool.validate(candidates.loop());
      assert.equal(outcome.verdict, 'timeout', outcome.detail);
      await machineAsItWas();
    });

    it('kills a detached busy daemon with the candidate that started it', async () => {
      const outcome = await scene.pool.validate(candidates.daemon());
      assert.equal(outcome.verdict, 'timeout', outcome.detail);
      await machineAsItWas();
    });

    it('survives a candidate that kills the process that forked it', async () => {
      const outcome = await scene.pool.validate(candidates.killParent());
      assert.equal(outcome.verdict, 'failed', outcome.detail);
      // Forked, its parent is the fork server, whose session ends; in place, the engine's side, and the signal is refused.
      const inPlace = scene.pool.containment.validator === 'spawn';
      assert.match(outcome.detail, inPlace ? /may not signal its validator's parent/ : /validation worker exited/);
      await machineAsItWas();
    });

    it('survives a candidate that kills its worker', async () => {
      const outcome = await scene.pool.validate(candidates.killWorker(scene.pool.containment.validator));
      assert.equal(outcome.verdict, 'failed', outcome.detail);
      assert.match(outcome.detail, /validation worker exited/);
      await machineAsItWas();
    });

    it('survives a candidate that kills every process it can see', async () => {
      if (!sandboxed()) {
        // Without a PID namespace that would be every process of the user: not set off here.
        assert.match(scene.pool.containment.summary, /^no sandbox/);
        return;
      }
      const outcome = await scene.pool.validate(candidates.killEverything());
      assert.equal(outcome.verdict, 'failed', outcome.detail);
      await machineAsItWas();
    });

    it('leaves no process, cgroup or temp folder behind when disposed', async () => {
      const root = scene.pool.tempRoot;
      await scene.pool.dispose();
      await waitFor(
        () => ourProcesses(root).length === 0,
        SETTLE_MS,
        () => `left running: ${listProcesses(ourProcesses(root))}`,
      );
      assert.deepEqual(ourCgroups(), []);
      assert.equal(fs.existsSync(root), false);
      assert.deepEqual(files(), filesBefore);
    });
  });
}

hostileSuite('Hostile candidates, with the containment this machine offers', true);
hostileSuite('Hostile candidates, without a sandbox', false);

describe('Containment where bubblewrap is missing', () => {
  it('falls back to limits only, says so, and still validates', () => {
    // A fresh process (the sandbox probe runs once per process) whose PATH has no bwrap.
    const interpreter = execFileSync(python, ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
    const workspace = copyFixture('hostile-project');
    const script = `
      const { ValidatorPool } = require(${JSON.stringify(path.join(__dirname, '..', '..', 'src', 'core', 'validate'))});
      (async () => {
        const pool = await ValidatorPool.start({
          workspace: ${JSON.stringify(workspace)},
          python: ${JSON.stringify(interpreter)},
          failing: ['test_calc.py::test_add'],
          passing: ['test_calc.py::test_add_zero'],
          workers: 1,
        });
        try {
          const outcome = await pool.validate(${JSON.stringify(correct)});
          console.log(JSON.stringify({ containment: pool.containment, verdict: outcome.verdict }));
        } finally {
          await pool.dispose();
        }
      })();`;
    try {
      const output = execFileSync(process.execPath, ['-e', script], {
        encoding: 'utf8',
        env: { ...process.env, PATH: path.join(workspace, 'no-such-folder') },
      });
      const { containment, verdict } = JSON.parse(output) as { containment: Containment; verdict: string };
      assert.equal(verdict, 'validated');
      assert.equal(containment.sandbox, 'none');
      assert.equal(containment.reason, 'bubblewrap not found');
      assert.match(containment.summary, /^no sandbox \(bubblewrap not found\): candidates run with resource limits only \(10 s wall/);
    } finally {
      removeCopy(workspace);
    }
  });
});
