// The packages `npm run package` writes, one per target platform (scripts/package.mjs), as
// users would install them: each unpacked, its manifest naming its target, holding the same
// bundles, Python helpers and wasm, and onnxruntime's native libraries for its own platform only,
// every library they depend on either beside them in the package or part of the platform (the
// operating system, the editor's Node, and on Windows the Visual C++ runtime, which README
// names). The target without a runtime build (darwin-x64) carries neither runtime nor model.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/files/resources';
import type { FixReport } from '../../src/core/types';
import { dependenciesOf } from '../helpers/native-libraries';
import { filesUnder, PACKAGE_TARGETS, packagedVsixes } from '../helpers/vsix';
import { copyFixture, removeCopy } from '../helpers/workspace';

/** What each platform provides: the libraries a package may depend on without carrying them. */
const PROVIDED: Record<string, RegExp[]> = {
  linux: [/^(libc|libm|libdl|libpthread|librt|libgcc_s|libstdc\+\+)\.so\.\d+$/, /^ld-linux-(x86-64|aarch64)\.so\.\d$/],
  darwin: [/^\/usr\/lib\/lib[\w.+]+\.dylib$/, /^\/System\/Library\/Frameworks\/\w+\.framework\//],
  win32: [
    /^api-ms-win-[\w-]+\.dll$/i,
    /^(kernel32|advapi32|ole32|oleaut32|setupapi|dbghelp|shell32|user32|d3d12|dxgi)\.dll$/i,
    // The editor's own Node, which loads the binding.
    /^node\.exe$/i,
    // The Visual C++ runtime: not part of Windows itself; README says the model needs it.
    /^(msvcp140(_1|_atomic_wait)?|vcruntime140(_1)?)\.dll$/i,
  ],
};

const NATIVE = /\.(node|dll|dylib)$|\.so(\.\d+)*$/;

describe('packages for every target platform', function () {
  this.timeout(1_800_000);
  const root = packageRoot();
  const targets = Object.keys(PACKAGE_TARGETS);
  let temp: string;
  const unpacked = new Map<string, { folder: string; files: string[]; manifest: string }>();

  before(() => {
    temp = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-targets-'));
    for (const [target, vsix] of packagedVsixes(targets)) {
      const folder = path.join(temp, target);
      execFileSync('python3', ['-m', 'zipfile', '-e', vsix, folder]);
      const extension = path.join(folder, 'extension');
      unpacked.set(target, {
        folder: extension,
        files: filesUnder(extension),
        manifest: fs.readFileSync(path.join(folder, 'extension.vsixmanifest'), 'utf8'),
      });
    }
  });
  after(() => fs.rmSync(temp, { recursive: true, force: true }));

  it('writes the five packages: linux-x64, linux-arm64, darwin-arm64, darwin-x64, win32-x64', () => {
    assert.deepEqual(targets, ['linux-x64', 'linux-arm64', 'darwin-arm64', 'darwin-x64', 'win32-x64']);
    for (const target of targets) assert.match(unpacked.get(target)!.manifest, new RegExp(`TargetPlatform="${target}"`), target);
  });

  it('gives every package the same bundles, wasm, Python helpers and panel media', () => {
    const helpers = filesUnder(path.join(root, 'src', 'python'))
      .filter((file) => file.endsWith('.py'))
      .map((file) => `dist/python/${file}`);
    const common = (files: string[]) => files.filter((file) => !file.startsWith('node_modules/') && !file.startsWith('models/')).sort();
    const linux = common(unpacked.get('linux-x64')!.files);
    for (const required of [
      'dist/extension.js',
      'dist/sidecar.js',
      'dist/cli.js',
      'dist/tree-sitter-python.wasm',
      'media/panel.js',
      ...helpers,
    ])
      assert.ok(linux.includes(required), `missing ${required}`);
    for (const target of targets) assert.deepEqual(common(unpacked.get(target)!.files), linux, target);
  });

  it("carries onnxruntime's native libraries of its own platform only, or no runtime and no model where it has no build", () => {
    for (const [target, { runtime }] of Object.entries(PACKAGE_TARGETS)) {
      const { files } = unpacked.get(target)!;
      const native = files.filter((file) => file.includes('/bin/napi-'));
      if (runtime === null) {
        assert.deepEqual(
          files.filter((file) => file.startsWith('node_modules/') || file.startsWith('models/')),
          [],
          target,
        );
        continue;
      }
      assert.ok(native.length > 0, `${target}: no native library`);
      assert.deepEqual(
        native.filter((file) => !file.startsWith(`node_modules/onnxruntime-node/bin/napi-v6/${runtime}/`)),
        [],
        target,
      );
      assert.ok(
        native.some((file) => file.endsWith('/onnxruntime_binding.node')),
        `${target}: no binding`,
      );
      assert.ok(files.includes('models/deepdebug-small/onnx/encoder_model.onnx'), `${target}: no model`);
    }
  });

  it('runs without a runtime where its package has none: the templates fix the bug, the report says why in one line', () => {
    const workspace = copyFixture('cli-bug');
    const reportFile = `${workspace}.json`;
    try {
      const run = spawnSync(
        process.execPath,
        [path.join(unpacked.get('darwin-x64')!.folder, 'dist', 'cli.js'), 'fix', workspace, '--json', reportFile, '--time-budget', '30'],
        { encoding: 'utf8', timeout: 120_000, cwd: temp },
      );
      assert.equal(run.status, 0, run.stderr);
      const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as FixReport;
      assert.equal(
        report.model.note,
        `model unavailable, using template edits only: onnxruntime-node, the patch model's runtime, is not installed (the package for ${process.platform}-${process.arch} has none)`,
      );
      assert.ok(report.patches.length > 0, run.stdout);
    } finally {
      removeCopy(workspace);
      fs.rmSync(reportFile, { force: true });
    }
  });

  it('holds every library its native libraries depend on, but those of the platform', () => {
    for (const [target, { runtime }] of Object.entries(PACKAGE_TARGETS)) {
      if (runtime === null) continue;
      const { folder, files } = unpacked.get(target)!;
      const platform = target.split('-')[0]!;
      const native = files.filter((file) => file.includes('/bin/napi-') && NATIVE.test(file));
      const unmet: string[] = [];
      for (const file of native) {
        const beside = new Set(
          files
            .filter((other) => path.posix.dirname(other) === path.posix.dirname(file))
            .map((other) => path.posix.basename(other).toLowerCase()),
        );
        const dependencies = dependenciesOf(path.join(folder, file));
        assert.ok(dependencies.length > 0, `${target} ${file}: no dependency read`);
        for (const dependency of dependencies) {
          const name = dependency.replace(/^@(rpath|loader_path)\//, '');
          const met = beside.has(name.toLowerCase()) || PROVIDED[platform]!.some((pattern) => pattern.test(dependency));
          if (!met) unmet.push(`${file} needs ${dependency}`);
        }
      }
      assert.deepEqual(unmet, [], target);
    }
  });
});
