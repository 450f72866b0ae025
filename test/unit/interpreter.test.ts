import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { findDefaultPython, spawnableInterpreter, type InterpreterHost } from '../../src/core/pytest/interpreter';

// The interpreter a run uses when none is named: on Windows the one the Python launcher runs
// (`python3` there is often the Store's alias), elsewhere python3, or python where only that is
// installed.

describe('the default Python interpreter', () => {
  let temp: string;
  before(() => (temp = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-interpreter-'))));
  after(() => fs.rmSync(temp, { recursive: true, force: true }));

  const folderWith = (...names: string[]): string => {
    const folder = fs.mkdtempSync(path.join(temp, 'bin-'));
    for (const name of names) fs.writeFileSync(path.join(folder, name), '', { mode: 0o755 });
    return folder;
  };

  it('takes on Windows the file the Python launcher runs, and `python` where there is no launcher', async () => {
    const asked: string[][] = [];
    const launcher: InterpreterHost = {
      platform: 'win32',
      searchPath: '',
      output: async (command, args) => {
        asked.push([command, ...args.slice(0, 1)]);
        return 'C:\\Users\\Ann Lee\\AppData\\Local\\Programs\\Python\\Python312\\python.exe\r\n';
      },
      batchOutput: async () => null,
    };
    assert.equal(await findDefaultPython(launcher), 'C:\\Users\\Ann Lee\\AppData\\Local\\Programs\\Python\\Python312\\python.exe');
    assert.deepEqual(asked, [['py', '-3']]);
    assert.equal(await findDefaultPython({ ...launcher, output: async () => null }), 'python');
  });

  it('takes python3 elsewhere, python where only that is on PATH', async () => {
    const host = (searchPath: string): InterpreterHost => ({
      platform: 'darwin',
      searchPath,
      output: async () => null,
      batchOutput: async () => null,
    });
    assert.equal(await findDefaultPython(host([folderWith('python'), folderWith('python3')].join(':'))), 'python3');
    assert.equal(await findDefaultPython(host(folderWith('python'))), 'python');
    assert.equal(await findDefaultPython(host('')), 'python3');
  });

  it("runs on Windows the interpreter a batch file on PATH runs (pyenv-win's shims), asked of it once; other names as they are", async () => {
    const shims = folderWith('python.bat', 'pytest.exe');
    const asked: string[][] = [];
    const windows: InterpreterHost = {
      platform: 'win32',
      searchPath: shims,
      output: async () => null,
      batchOutput: async (file, args) => {
        asked.push([file, ...args]);
        return 'C:\\Users\\ann\\.pyenv\\pyenv-win\\versions\\3.12.4\\python.exe\r\n';
      },
    };
    assert.equal(await spawnableInterpreter('python', windows), 'C:\\Users\\ann\\.pyenv\\pyenv-win\\versions\\3.12.4\\python.exe');
    assert.deepEqual(asked, [[path.join(shims, 'python.bat'), '-c', 'import sys; print(sys.executable)']]);
    assert.equal(await spawnableInterpreter('pytest', windows), 'pytest', 'not a batch file');
    assert.equal(await spawnableInterpreter('python', { ...windows, platform: 'linux' }), 'python', 'only Windows has batch files');
    await assert.rejects(
      spawnableInterpreter('python', { ...windows, batchOutput: async () => null }),
      /is a batch file .* that did not say which interpreter it runs/,
    );
  });
});
