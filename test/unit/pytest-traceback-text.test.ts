import * as assert from 'node:assert/strict';
import { locatedFrames, parseTracebackText } from '../../src/core/pytest/traceback-text';

// Reading traceback text into frames, each file named as the text names it. Which of them are
// the user's is the Python side's rule: test/integration/traceback-location.test.ts.

describe('parseTracebackText', () => {
  it("reads pytest's long format with --showlocals, naming each entry's function from its source", () => {
    const text = [
      'def test_mean_of_one():',
      '>       assert mean([7]) == 7',
      '               ^^^^^^^^^',
      '',
      '',
      'tests/test_errors.py:5: ',
      '_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _',
      '',
      'values = [7]',
      '',
      '    def mean(values):',
      '        # Bug: divides by one less than the count.',
      '        count = len(values) - 1',
      '>       return total(values) / count',
      'E       ZeroDivisionError: division by zero',
      '',
      'count      = 0',
      'values     = [7]',
      '',
      'stats.py:11: ZeroDivisionError',
    ].join('\n');
    assert.deepEqual(parseTracebackText(text), [
      { file: 'tests/test_errors.py', line: 5, function: 'test_mean_of_one' },
      { file: 'stats.py', line: 11, function: 'mean', locals: { values: '[7]', count: '0' } },
    ]);
  });

  it("reads pytest's short format and absolute paths", () => {
    const text = [
      '/home/ana/project/tests/test_app.py:8: in test_load',
      '    load("x")',
      '/home/ana/project/.venv/lib/python3.11/site-packages/yaml/__init__.py:81: in load',
      '    return loader.get_single_data()',
      '/usr/lib/python3.11/json/decoder.py:355: in raw_decode',
      '    raise JSONDecodeError("Expecting value", s, err.value) from None',
      'E   json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)',
    ].join('\n');
    assert.deepEqual(parseTracebackText(text), [
      { file: '/home/ana/project/tests/test_app.py', line: 8, function: 'test_load' },
      { file: '/home/ana/project/.venv/lib/python3.11/site-packages/yaml/__init__.py', line: 81, function: 'load' },
      { file: '/usr/lib/python3.11/json/decoder.py', line: 355, function: 'raw_decode' },
    ]);
  });

  it('reads a native Python traceback, innermost last', () => {
    const text = [
      'Traceback (most recent call last):',
      '  File "/home/ana/project/app/main.py", line 3, in <module>',
      '    run()',
      '  File "/home/ana/project/app/main.py", line 9, in run',
      '    return parse(text)',
      '  File "app/parse.py", line 14, in parse',
      '    return int(text)',
      "ValueError: invalid literal for int() with base 10: 'x'",
    ].join('\n');
    assert.deepEqual(parseTracebackText(text), [
      { file: '/home/ana/project/app/main.py', line: 3, function: '<module>' },
      { file: '/home/ana/project/app/main.py', line: 9, function: 'run' },
      { file: 'app/parse.py', line: 14, function: 'parse' },
    ]);
  });

  it("ends a collection error's frames at the syntax error's own line", () => {
    const text = [
      '/usr/lib/python3.11/importlib/__init__.py:126: in import_module',
      '    return _bootstrap._gcd_import(name[level:], package, level)',
      '<frozen importlib._bootstrap>:1204: in _gcd_import',
      '    ???',
      'tests/test_parser.py:1: in <module>',
      '    from parser import parse',
      'E     File "/home/ana/project/parser.py", line 5',
      'E       def parse_pairs(text:',
      'E                      ^',
      "E   SyntaxError: '(' was never closed",
    ].join('\n');
    assert.deepEqual(parseTracebackText(text), [
      { file: '/usr/lib/python3.11/importlib/__init__.py', line: 126, function: 'import_module' },
      { file: '<frozen importlib._bootstrap>', line: 1204, function: '_gcd_import' },
      { file: 'tests/test_parser.py', line: 1, function: '<module>' },
      { file: '/home/ana/project/parser.py', line: 5, function: '<module>' },
    ]);
  });

  it("reads a faulthandler dump: the current thread's stack, reversed to innermost last", () => {
    const text = [
      'Fatal Python error: Aborted',
      '',
      'Thread 0x00007f1 (most recent call first):',
      '  File "/usr/lib/python3.11/threading.py", line 320 in wait',
      '',
      'Current thread 0x00007f2 (most recent call first):',
      '  File "/home/ana/project/test_crash.py", line 13 in test_aborts',
      '  File "/usr/lib/python3/site-packages/_pytest/python.py", line 157 in pytest_pyfunc_call',
      '  File "<frozen runpy>", line 88 in _run_code',
      '',
      'Extension modules: numpy.core._multiarray_umath (total: 1)',
    ].join('\n');
    assert.deepEqual(parseTracebackText(text), [
      { file: '<frozen runpy>', line: 88, function: '_run_code' },
      { file: '/usr/lib/python3/site-packages/_pytest/python.py', line: 157, function: 'pytest_pyfunc_call' },
      { file: '/home/ana/project/test_crash.py', line: 13, function: 'test_aborts' },
    ]);
  });

  it("reads a timeout dump from faulthandler's watchdog: the main thread's stack, listed last", () => {
    const text = [
      'Timeout (0:00:01)!',
      'Thread 0x00007f3 (most recent call first):',
      '  File "/opt/helpers/deepdebug_pytest_plugin.py", line 350 in watch',
      '  File "/usr/lib/python3.11/threading.py", line 975 in run',
      '',
      'Thread 0x00007f1 (most recent call first):',
      '  File "/home/ana/project/test_blocked.py", line 14 in test_blocks_the_interrupt',
      '  File "/usr/lib/python3/site-packages/_pytest/python.py", line 157 in pytest_pyfunc_call',
    ].join('\n');
    assert.deepEqual(parseTracebackText(text), [
      { file: '/usr/lib/python3/site-packages/_pytest/python.py', line: 157, function: 'pytest_pyfunc_call' },
      { file: '/home/ana/project/test_blocked.py', line: 14, function: 'test_blocks_the_interrupt' },
    ]);
  });

  it('finds no frames in text without locations', () => {
    assert.deepEqual(parseTracebackText('assert 1 == 2\nE   AssertionError'), []);
    assert.deepEqual(parseTracebackText(''), []);
  });
});

describe('locatedFrames', () => {
  it('names each frame as located and keeps one frame per place (pytest repeats a SyntaxError as a native line)', () => {
    const frames = [
      { file: 'tests/test_parser.py', line: 1, function: '<module>' },
      { file: 'parser.py', line: 5, function: '<module>' },
      { file: '/home/ana/project/parser.py', line: 5, function: '<module>' },
    ];
    const located = [
      { file: 'tests/test_parser.py', inWorkspace: true },
      { file: 'parser.py', inWorkspace: true },
      { file: 'parser.py', inWorkspace: true },
    ];
    assert.deepEqual(locatedFrames(frames, located), [
      { file: 'tests/test_parser.py', line: 1, function: '<module>', inWorkspace: true },
      { file: 'parser.py', line: 5, function: '<module>', inWorkspace: true },
    ]);
  });
});
