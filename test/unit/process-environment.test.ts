import * as assert from 'node:assert/strict';
import { plainEnvironment } from '../../src/core/process-environment';
import { candidateEnvironment } from '../../src/core/validate/environment';
import { likelyUserBase } from '../../src/core/validate/user-site';

// Windows' variable names are case-insensitive: `Path` is PATH. A copy of the environment must
// read them by one spelling, and never hand a child two spellings of one variable.

const windowsHost = {
  Path: 'C:\\Python311;C:\\Windows\\system32',
  PythonPath: 'C:\\work\\lib',
  SystemRoot: 'C:\\Windows',
  Temp: 'C:\\Users\\Ann Lee\\AppData\\Local\\Temp',
  UserProfile: 'C:\\Users\\Ann Lee',
  Shop_Setting: 'eu',
  GITHUB_TOKEN: 'secret',
};

describe('environment names on every platform', () => {
  it('reads Windows names by their upper-case spelling, and leaves POSIX names as they are', () => {
    assert.deepEqual(plainEnvironment({ Path: 'a', path: 'b' }, 'win32'), { PATH: 'b' });
    assert.deepEqual(plainEnvironment({ Path: 'a', PATH: 'b' }, 'linux'), { Path: 'a', PATH: 'b' });
  });

  it("gives Windows candidates one spelling of each variable: the user's PATH and PYTHONPATH kept, HOME and the temp folders private", () => {
    const folders = { home: 'D:\\worlds\\w 1\\home', temp: 'D:\\worlds\\w 1\\tmp' };
    const userBase = 'C:\\Users\\Ann Lee\\AppData\\Roaming\\Python';
    const env = candidateEnvironment(windowsHost, folders, 'D:\\deepdebug\\python', ['shop_setting'], userBase, 'win32');
    assert.equal(env.PATH, windowsHost.Path);
    assert.equal(env.PYTHONPATH, 'D:\\deepdebug\\python;C:\\work\\lib');
    assert.equal(env.PYTHONUSERBASE, userBase);
    assert.equal(env.SYSTEMROOT, 'C:\\Windows');
    assert.equal(env.SHOP_SETTING, 'eu');
    assert.equal(env.TEMP, folders.temp);
    assert.equal(env.USERPROFILE, folders.home);
    const names = Object.keys(env);
    assert.deepEqual(
      names.filter((name) => name !== name.toUpperCase()),
      [],
    );
    assert.ok(!names.includes('GITHUB_TOKEN'));
  });

  it("takes the user's PYTHONUSERBASE, else the platform's user base, for sessions started before the user's run says", () => {
    assert.equal(likelyUserBase({ PYTHONUSERBASE: '/opt/user' }, 'linux', '/home/ann'), '/opt/user');
    assert.equal(likelyUserBase({}, 'linux', '/home/ann'), '/home/ann/.local');
    assert.equal(
      likelyUserBase({ APPDATA: 'C:\\Users\\Ann Lee\\AppData\\Roaming' }, 'win32', 'C:\\Users\\Ann Lee'),
      'C:\\Users\\Ann Lee\\AppData\\Roaming\\Python',
    );
    assert.equal(likelyUserBase({}, 'win32', 'C:\\Users\\Ann Lee'), null);
  });
});
