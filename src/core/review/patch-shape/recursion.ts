import type { Node } from '../../syntax/parser';
import { boundNames, descendants, parameterNames, RECEIVERS, reads } from './tree';

// A recursive call whose argument reads none of the recursion's own variables (a constant, a
// global, an attribute of the receiver, or a parameter that every recursive call passes on
// unchanged, such as a search's goal) computes the same thing at every depth: it passes a
// suite that never recurses deeper than that value, and nothing more.

export function detachedRecursion(before: Node, after: Node): string[] {
  const was = detachedArguments(before);
  return [...detachedArguments(after)]
    .filter((parameter) => !was.has(parameter))
    .map((parameter) => `the recursive call's argument \`${parameter}\` no longer depends on the recursion's variables`);
}

/**
 * The parameters that some recursive call passes an argument reading none of the recursion's
 * variables: the function's locals and the parameters that change from call to call (a
 * parameter passed on as itself by every recursive call is the same at every depth).
 */
function detachedArguments(definition: Node): Set<string> {
  const name = definition.childForFieldName('name')?.text;
  const positional = parameterNames(definition);
  const recursive = descendants(definition).filter((node) => node.type === 'call' && calls(node, name));
  const passedOn = (parameter: string): boolean =>
    recursive.every((call) => argumentsOf(call, positional).get(parameter)?.text === parameter);
  const unchanging = new Set(positional.filter(passedOn));
  const own = new Set([...boundNames(definition)].filter((bound) => !unchanging.has(bound)));
  const detached = new Set<string>();
  for (const call of recursive) {
    for (const [parameter, value] of argumentsOf(call, positional)) {
      if (value.text !== parameter && !value.type.endsWith('splat') && !reads(value, own)) detached.add(parameter);
    }
  }
  return detached;
}

/** The call's arguments by the parameter they bind (positional ones by place, keywords by name). */
function argumentsOf(call: Node, positional: readonly string[]): Map<string, Node> {
  const bound = new Map<string, Node>();
  call.childForFieldName('arguments')?.namedChildren.forEach((argument, i) => {
    const keyword = argument?.type === 'keyword_argument';
    const parameter = keyword ? argument.childForFieldName('name')?.text : positional[i];
    const value = keyword ? argument.childForFieldName('value') : argument;
    if (parameter && value) bound.set(parameter, value);
  });
  return bound;
}

/** Whether `call` calls the function `name` itself: `name(...)`, or `self.name(...)` in a method. */
function calls(call: Node, name: string | undefined): boolean {
  const callee = call.childForFieldName('function');
  if (callee?.type === 'identifier') return callee.text === name;
  const object = callee?.type === 'attribute' ? callee.childForFieldName('object') : null;
  return !!object && RECEIVERS.has(object.text) && callee!.childForFieldName('attribute')?.text === name;
}
