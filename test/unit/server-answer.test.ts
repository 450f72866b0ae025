import * as assert from 'node:assert/strict';
import { functionFromAnswer } from '../../src/core/server/answer';

// The function in a model server's answer, in each form models write it, and a named reason
// for each answer that gives none.

const METHOD = '    def total(self, items):\n        return sum(item.price for item in items)\n';
const target = { name: 'total', oldFunction: METHOD, indent: '    ' };
const FIXED_BODY = 'return sum(item.price * item.count for item in items)';

describe("reading the function from a model server's answer", () => {
  it('takes the definition of the name from a fenced block, indented as the suspect is', async () => {
    const answer = `Here it is:\n\n\`\`\`python\ndef total(self, items):\n    ${FIXED_BODY}\n\`\`\`\nThat multiplies by the count.`;
    assert.deepEqual(await functionFromAnswer(answer, target), { functionText: `    def total(self, items):\n        ${FIXED_BODY}\n` });
  });

  it('finds a method inside its class, and of several definitions takes the last', async () => {
    const answer = [
      '```python',
      'class Cart:',
      '    def total(self, items):',
      '        return 0',
      '```',
      'Sorry, rather:',
      '```py',
      'class Cart:',
      '    def helper(self):',
      '        pass',
      '',
      '    def total(self, items):',
      '',
      `        ${FIXED_BODY}`,
      '```',
    ].join('\n');
    assert.deepEqual(await functionFromAnswer(answer, target), { functionText: `    def total(self, items):\n\n        ${FIXED_BODY}\n` });
  });

  it('applies a unified diff by its context, whatever its line numbers', async () => {
    const answer = [
      '```diff',
      '--- a/cart.py',
      '+++ b/cart.py',
      '@@ -40,2 +40,2 @@',
      '     def total(self, items):',
      '-        return sum(item.price for item in items)',
      `+        ${FIXED_BODY}`,
      '```',
    ].join('\n');
    assert.deepEqual(await functionFromAnswer(answer, target), { functionText: `    def total(self, items):\n        ${FIXED_BODY}\n` });
  });

  it('applies search/replace blocks where the search text stands once', async () => {
    const block = (search: string, replace: string) => `<<<<<<< SEARCH\n${search}\n=======\n${replace}\n>>>>>>> REPLACE`;
    const answer = `cart.py\n\`\`\`python\n${block('        return sum(item.price for item in items)', `        ${FIXED_BODY}`)}\n\`\`\``;
    assert.deepEqual(await functionFromAnswer(answer, target), { functionText: `    def total(self, items):\n        ${FIXED_BODY}\n` });
    // Twice in a row: the check for the blocks keeps no state between answers.
    assert.deepEqual(await functionFromAnswer(answer, target), { functionText: `    def total(self, items):\n        ${FIXED_BODY}\n` });
    assert.deepEqual(await functionFromAnswer(block('return 0', 'return 1'), target), { why: 'search text not in the function once' });
  });

  it('names what an answer without the function lacks', async () => {
    assert.deepEqual(await functionFromAnswer('Multiply the price by the count.', target), { why: 'no code block' });
    assert.deepEqual(await functionFromAnswer('```python\ndef total(self, items):\n    return sum(', target), {
      why: 'code block cut off',
    });
    assert.deepEqual(await functionFromAnswer('```python\ndef subtotal(items):\n    return 0\n```', target), { why: 'another function' });
    assert.deepEqual(await functionFromAnswer('```python\nitems.sort()\n```', target), { why: 'no function in the code' });
    assert.deepEqual(await functionFromAnswer('```diff\n@@ -1,1 +1,1 @@\n-return 0\n+return 1\n```', target), {
      why: 'diff does not apply',
    });
  });
});
