// The .vsix as users install it: built with vsce from the current bundles (test/helpers/vsix.ts),
// unpacked outside the repository (so nothing resolves from the repo's node_modules), its sidecar
// started from there and run on a fixture workspace. Proves the package carries what runs and
// leaves out the rest.
import * as assert from 'node:assert/strict';
import { execFileSync, fork } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createMessageConnection, IPCMessageReader, IPCMessageWriter, NotificationType, RequestType } from 'vscode-languageserver/node';
import { packageRoot } from '../../src/core/files/resources';
import { messageTypes } from '../../src/sidecar/protocol';
import { filesUnder, packagedVsix } from '../helpers/vsix';
import { copyFixture, removeCopy } from '../helpers/workspace';

describe('extension package (.vsix)', function () {
  this.timeout(300_000);
  const root = packageRoot();
  let temp: string;
  let extension: string;
  let files: string[];

  before(() => {
    temp = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-vsix-unpacked-'));
    execFileSync('python3', ['-m', 'zipfile', '-e', packagedVsix(), path.join(temp, 'unpacked')]);
    extension = path.join(temp, 'unpacked', 'extension');
    files = filesUnder(extension);
  });
  after(() => fs.rmSync(temp, { recursive: true, force: true }));

  it('holds the bundles, wasm, Python helpers, panel media, model and native runtime', () => {
    for (const required of [
      'package.json',
      'dist/extension.js',
      'dist/sidecar.js',
      'dist/cli.js',
      'dist/web-tree-sitter.wasm',
      'dist/tree-sitter-python.wasm',
      'media/panel.js',
      'media/panel.css',
      'media/deepdebug.svg',
      'media/icon.png',
      'node_modules/onnxruntime-node/bin/napi-v6/linux/x64/onnxruntime_binding.node',
      'node_modules/onnxruntime-node/bin/napi-v6/linux/x64/libonnxruntime.so.1',
    ]) {
      assert.ok(files.includes(required), `missing ${required}`);
    }
    const pythonHelpers = filesUnder(path.join(root, 'src', 'python')).filter((file) => file.endsWith('.py'));
    assert.ok(pythonHelpers.includes('deepdebug/wire.py'), pythonHelpers.join(', '));
    for (const helper of pythonHelpers) assert.ok(files.includes(`dist/python/${helper}`), `missing dist/python/${helper}`);
    const model = path.join(root, 'models', 'deepdebug-small');
    if (fs.existsSync(model)) {
      for (const file of filesUnder(model)) assert.ok(files.includes(`models/deepdebug-small/${file}`), `missing model file ${file}`);
    }
  });

  it('leaves out sources, tests, source maps and other platforms binaries', () => {
    const unwanted = files.filter(
      (file) =>
        /^(src|test|out|bench|scripts|examples|models\/training)\//.test(file) ||
        file.endsWith('.map') ||
        file.endsWith('.ts') ||
        /onnxruntime-node\/bin\/napi-v6\/(darwin|win32|linux\/arm64)\//.test(file),
    );
    assert.deepEqual(unwanted, []);
  });

  it('ships onnxruntime-node as its only runtime package, without an image stack', () => {
    // transformers.js would bring sharp and libvips (~19 MB) for images a patch model never reads;
    // the tokenizer library it would be kept for is bundled.
    assert.deepEqual(
      files.filter((file) => /(^|\/)(sharp|@img|@huggingface)\/|libvips/.test(file)),
      [],
    );
    const packages = new Set(files.filter((file) => file.startsWith('node_modules/')).map((file) => file.split('/')[1]));
    assert.deepEqual([...packages].sort(), ['onnxruntime-common', 'onnxruntime-node']);
  });

  it('keeps onnxruntime and the model code out of the extension host bundle', () => {
    const bundle = fs.readFileSync(path.join(extension, 'dist', 'extension.js'), 'utf8');
    assert.doesNotMatch(bundle, /onnxruntime|@huggingface\/tokenizers|web-tree-sitter\.wasm/);
  });

  it('loads the external runtime module from its own node_modules', () => {
    const script = [
      "const ort = require('onnxruntime-node');",
      "if (typeof ort.InferenceSession.create !== 'function') process.exit(3);",
      "console.log(require.resolve('onnxruntime-node'));",
    ].join(' ');
    const resolved = execFileSync(process.execPath, ['-e', script], { cwd: extension, encoding: 'utf8' }).trim();
    assert.equal(resolved, path.join(extension, 'node_modules', 'onnxruntime-node', 'dist', 'index.js'));
  });

  it('runs its sidecar from the unpacked folder', async () => {
    const workspace = copyFixture('cli-bug');
    const child = fork(path.join(extension, 'dist', 'sidecar.js'), [], { silent: true, cwd: temp });
    const connection = createMessageConnection(new IPCMessageReader(child), new IPCMessageWriter(child));
    connection.listen();
    try {
      await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
      const { AnalyzeRequest } = messageTypes({ RequestType, NotificationType });
      const report = await connection.sendRequest(AnalyzeRequest, {
        runId: 'p1',
        options: { workspace, tests: [], python: 'python3', modelDir: null },
      });
      assert.equal(report.suspects[0]?.function, 'clamp');
      assert.ok(report.skeleton?.skeleton.includes('# target edit'), 'skeleton built with tree-sitter from the package');
    } finally {
      child.kill();
      connection.dispose();
      removeCopy(workspace);
    }
  });
});
