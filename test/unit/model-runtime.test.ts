import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { nativeFolders, runtimeMissing, runtimeRoot } from '../../src/core/model/runtime';

// The patch model's runtime as each platform's package carries it: found where onnxruntime-node
// has a native build for the platform, and named in one line where it has none (the darwin-x64
// package) or is not installed at all.

describe("the patch model's runtime", () => {
  let temp: string;
  let index: string;

  before(() => {
    temp = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-runtime-'));
    const root = path.join(temp, 'node_modules', 'onnxruntime-node');
    fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
    fs.mkdirSync(path.join(root, 'bin', 'napi-v6', 'linux', 'x64'), { recursive: true });
    fs.mkdirSync(path.join(root, 'bin', 'napi-v6', 'darwin', 'arm64'), { recursive: true });
    fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'onnxruntime-node', version: '1.30.0' }));
    index = path.join(root, 'dist', 'index.js');
    fs.writeFileSync(index, '');
  });
  after(() => fs.rmSync(temp, { recursive: true, force: true }));

  const at = (platform: string, arch: string) => ({ platform, arch, resolve: () => index });

  it('finds the native build of this platform and no other', () => {
    const root = runtimeRoot(at('linux', 'x64'));
    assert.equal(root, path.join(temp, 'node_modules', 'onnxruntime-node'));
    assert.deepEqual(nativeFolders(root!, at('linux', 'x64')), [path.join(root!, 'bin', 'napi-v6', 'linux', 'x64')]);
    assert.deepEqual(nativeFolders(root!, at('win32', 'x64')), []);
    assert.equal(runtimeMissing(at('linux', 'x64')), null);
    assert.equal(runtimeMissing(at('darwin', 'arm64')), null);
  });

  it('says in one line why the model cannot run where the runtime has no build or is not installed', () => {
    assert.equal(runtimeMissing(at('darwin', 'x64')), "onnxruntime-node 1.30.0, the patch model's runtime, has no build for darwin-x64");
    const absent = {
      platform: 'darwin',
      arch: 'x64',
      resolve: (): string => {
        throw new Error("Cannot find module 'onnxruntime-node'");
      },
    };
    assert.equal(runtimeRoot(absent), null);
    assert.equal(
      runtimeMissing(absent),
      "onnxruntime-node, the patch model's runtime, is not installed (the package for darwin-x64 has none)",
    );
  });

  it('is found in this checkout, for this machine', () => {
    assert.equal(runtimeMissing(), null);
  });
});
