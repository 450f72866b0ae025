import type { Node } from '../../syntax/parser';
import { describeAt, lineOf, nodeEdit, replaceNode, type Edit, type EditContext } from './edit';
import type { EditKind } from './priors';

// Operator swaps: the inverse of a mistyped or misremembered operator. Each table lists, per
// operator, the alternatives worth trying with how plausible each is (the neighbour that
// differs only by equality or direction first).

type Alternatives = Record<string, [string, number][]>;

const COMPARISONS: Alternatives = {
  '<': [
    ['<=', 1],
    ['>', 0.5],
    ['>=', 0.4],
    ['!=', 0.3],
    ['==', 0.2],
  ],
  '<=': [
    ['<', 1],
    ['>=', 0.5],
    ['>', 0.4],
    ['==', 0.3],
    ['!=', 0.2],
  ],
  '>': [
    ['>=', 1],
    ['<', 0.5],
    ['<=', 0.4],
    ['!=', 0.3],
    ['==', 0.2],
  ],
  '>=': [
    ['>', 1],
    ['<=', 0.5],
    ['<', 0.4],
    ['==', 0.3],
    ['!=', 0.2],
  ],
  '==': [
    ['!=', 1],
    ['<=', 0.3],
    ['>=', 0.3],
    ['<', 0.2],
    ['>', 0.2],
  ],
  '!=': [
    ['==', 1],
    ['<', 0.3],
    ['>', 0.3],
    ['<=', 0.2],
    ['>=', 0.2],
  ],
};

const IDENTITY: Alternatives = { is: [['is not', 1]], 'is not': [['is', 1]] };
const MEMBERSHIP: Alternatives = { in: [['not in', 1]], 'not in': [['in', 1]] };

const ARITHMETIC: Alternatives = {
  '+': [
    ['-', 1],
    ['*', 0.3],
  ],
  '-': [
    ['+', 1],
    ['*', 0.2],
  ],
  '*': [
    ['/', 0.5],
    ['+', 0.4],
    ['//', 0.4],
    ['**', 0.3],
  ],
  '/': [
    ['//', 1],
    ['*', 0.5],
  ],
  '//': [
    ['/', 1],
    ['%', 0.4],
    ['*', 0.3],
  ],
  '%': [['//', 0.5]],
  '**': [['*', 0.5]],
};

const BITWISE: Alternatives = {
  '&': [
    ['|', 1],
    ['^', 0.4],
  ],
  '|': [
    ['&', 1],
    ['^', 0.4],
  ],
  '^': [
    ['|', 0.5],
    ['&', 0.5],
  ],
  '<<': [['>>', 1]],
  '>>': [['<<', 1]],
};

const AUGMENTED: Alternatives = {
  '+=': [
    ['-=', 1],
    ['=', 0.6],
    ['*=', 0.2],
  ],
  '-=': [
    ['+=', 1],
    ['=', 0.5],
  ],
  '*=': [
    ['/=', 0.4],
    ['+=', 0.4],
    ['=', 0.3],
  ],
  '/=': [
    ['//=', 1],
    ['*=', 0.5],
  ],
  '//=': [
    ['/=', 1],
    ['%=', 0.3],
  ],
  '%=': [['//=', 0.5]],
  '&=': [
    ['|=', 1],
    ['^=', 0.4],
  ],
  '|=': [
    ['&=', 1],
    ['^=', 0.4],
  ],
  '^=': [
    ['&=', 0.8],
    ['|=', 0.5],
  ],
  '<<=': [['>>=', 1]],
  '>>=': [['<<=', 1]],
};

function swaps(kind: EditKind, table: Alternatives, operator: Node): Edit[] {
  return (table[operator.text] ?? []).map(([replacement, plausibility]) => nodeEdit(kind, plausibility, operator, replacement));
}

function comparisonEdits(node: Node): Edit[] {
  return node
    .childrenForFieldName('operators')
    .flatMap((op) => [
      ...swaps('compare-op', COMPARISONS, op),
      ...swaps('identity-op', IDENTITY, op),
      ...swaps('membership-op', MEMBERSHIP, op),
    ]);
}

function fieldOperator(node: Node): Node | null {
  return node.childForFieldName('operator');
}

// Operands a bare `not` would bind wrongly to.
const LOOSE_BINDING = new Set(['boolean_operator', 'conditional_expression', 'lambda', 'named_expression']);

// Removing `not` and flipping True/False are proposed by their own rules.
const NOT_NEGATED = new Set(['not_operator', 'true', 'false', 'none', 'integer']);

function negate(condition: Node): Edit | null {
  if (NOT_NEGATED.has(condition.type)) return null;
  const operand = LOOSE_BINDING.has(condition.type) ? `(${condition.text})` : condition.text;
  return nodeEdit('negation', 0.7, condition, `not ${operand}`);
}

function conditionOf(node: Node): Node | null {
  switch (node.type) {
    case 'if_statement':
    case 'elif_clause':
    case 'while_statement':
    case 'conditional_expression':
      return node.type === 'conditional_expression' ? (node.namedChildren[1] ?? null) : node.childForFieldName('condition');
    case 'if_clause':
      return node.namedChildren[0] ?? null;
    default:
      return null;
  }
}

/** Comparison, identity, membership, arithmetic, bitwise, augmented and boolean operator swaps; `not`; True/False. */
export function operatorEdits(ctx: EditContext): Edit[] {
  const edits: Edit[] = [];
  for (const node of ctx.nodes) {
    switch (node.type) {
      case 'comparison_operator':
        edits.push(...comparisonEdits(node));
        break;
      case 'binary_operator': {
        const op = fieldOperator(node);
        if (op) edits.push(...swaps('arith-op', ARITHMETIC, op), ...swaps('bitwise-op', BITWISE, op));
        break;
      }
      case 'augmented_assignment': {
        const op = fieldOperator(node);
        if (op) edits.push(...swaps('augmented-op', AUGMENTED, op));
        break;
      }
      case 'boolean_operator': {
        const op = fieldOperator(node);
        if (op) edits.push(nodeEdit('bool-op', 1, op, op.text === 'and' ? 'or' : 'and'));
        for (const operand of [node.childForFieldName('left'), node.childForFieldName('right')]) {
          const negated = operand && operand.type !== 'boolean_operator' ? negate(operand) : null;
          if (negated) edits.push(negated);
        }
        break;
      }
      case 'not_operator': {
        const argument = node.childForFieldName('argument');
        if (argument) {
          edits.push({
            kind: 'negation',
            plausibility: 1,
            splices: [replaceNode(node, argument.text)],
            summary: describeAt(lineOf(node), 'remove `not`'),
          });
        }
        break;
      }
      case 'true':
      case 'false':
        edits.push(nodeEdit('bool-literal', 1, node, node.type === 'true' ? 'False' : 'True'));
        break;
      default: {
        const condition = conditionOf(node);
        const negated = condition ? negate(condition) : null;
        if (negated) edits.push(negated);
      }
    }
  }
  return edits;
}
