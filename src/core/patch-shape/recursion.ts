import type { Node } from '../syntax/parser';
import { boundNames, descendants, parameterNames, RECEIVERS, reads } from './tree';

// A recursive call whose argument reads none of the function's own variables (a constant, a
// global, an attribute of the receiver) computes the same thing at every depth: it passes a
// suite that never recurses deeper than the constant's value, and nothing more.

export function detachedRecursion(before: Node, after: Node): string[] {
  const was = detachedArguments(before);
  return [...detachedArguments(after)]
    .filter((parameter) => !was.has(parameter))
    .map((parameter) => `the recursive call's argument \`${parameter}\` no longer depends on the recursion's variables`);
}

/** The parameters that some recursive call passes an argument reading none of the function's variables. */
function detachedArguments(definition: Node): Set<string> {
  const name = definition.childForFieldName('name')?.text;
  const positional = parameterNames(definition);
  const own = boundNames(definition);
  const detached = new Set<string>();
  for (const call of descendants(definition).filter((node) => node.type === 'call' && calls(node, name))) {
    call.childForFieldName('arguments')?.namedChildren.forEach((argument, i) => {
      const keyword = argument?.type === 'keyword_argument';
      const parameter = keyword ? argument.childForFieldName('name')?.text : positional[i];
      const value = keyword ? argument.childForFieldName('value') : argument;
      if (parameter && value && !value.type.endsWith('splat') && !reads(value, own)) detached.add(parameter);
    });
  }
  return detached;
}

/** Whether `call` calls the function `name` itself: `name(...)`, or `self.name(...)` in a method. */
function calls(call: Node, name: string | undefined): boolean {
  const callee = call.childForFieldName('function');
  if (callee?.type === 'identifier') return callee.text === name;
  const object = callee?.type === 'attribute' ? callee.childForFieldName('object') : null;
  return !!object && RECEIVERS.has(object.text) && callee!.childForFieldName('attribute')?.text === name;
}
