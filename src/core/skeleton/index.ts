import type { Failure, ModelInput } from '../types';
import { functionsIn, type FunctionInfo } from '../syntax/functions';
import { parsePython } from '../syntax/parser';
import { outlineOf, type LineRange, type Unit } from './outline';
import { statementsIn, type Statement } from './statements';
import { renderSkeleton } from './render';
import { selectUnits } from './select';
import { END_MARKER, TARGET_EDIT_MARKER } from './markers';
import { estimateTokens, type TokenCounter } from './tokens';
import { formatTrace } from './trace';

// The model input of the paper: a skeleton of the focal file with the focal function whole
// between "# target edit" and "# end", filled by priority up to a token budget, followed by
// the failure's trace.

export { estimateTokens, type TokenCounter } from './tokens';
export { formatTrace, type TraceOptions } from './trace';
export { extractFocal, TARGET_EDIT_MARKER, END_MARKER } from './markers';

export const DEFAULT_TOKEN_BUDGET = 1024;

// The paper allots up to 896 tokens to the trace beside a 1024-token skeleton; we keep that
// ratio within one budget. The skeleton gets whatever the trace leaves.
const TRACE_SHARE = 896 / (1024 + 896);

export interface SkeletonRequest {
  /** The whole text of the focal file. */
  source: string;
  /** The file's path as it should appear in the trace (workspace-relative). */
  file: string;
  /** The focal function: qualified name and its lines (1-based, inclusive, decorators included). */
  focal: { function: string; startLine: number; endLine: number };
  failure?: Failure;
  /** Budget for skeleton + trace, in tokens. Default 1024. */
  tokenBudget?: number;
  /** The model's tokenizer; `estimateTokens` when absent. */
  countTokens?: TokenCounter;
}

interface ParsedFile {
  source: string;
  functions: FunctionInfo[];
  statements: Statement[];
}

// Consecutive requests on one file (a data script walking a file's functions, the engine its
// top suspects) reuse one parse.
let lastParsed: ParsedFile | undefined;

async function parsedFile(source: string): Promise<ParsedFile> {
  if (lastParsed?.source === source) return lastParsed;
  const tree = await parsePython(source);
  try {
    lastParsed = { source, functions: functionsIn(tree.rootNode), statements: statementsIn(tree.rootNode) };
    return lastParsed;
  } finally {
    tree.delete();
  }
}

function sourceLines(source: string): string[] {
  const lines = source.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** The focal lines: the definition starting at focal.startLine, else the given range as is. */
function focalRange(functions: readonly FunctionInfo[], focal: SkeletonRequest['focal'], lineCount: number): LineRange {
  const starting = functions.filter((fn) => fn.startLine === focal.startLine || fn.defLine === focal.startLine);
  const match = starting.find((fn) => fn.qualname === focal.function) ?? starting[0];
  if (match) return { start: match.startLine, end: match.endLine };
  if (focal.startLine < 1 || focal.endLine < focal.startLine || focal.endLine > lineCount) {
    throw new Error(`focal lines ${focal.startLine}-${focal.endLine} are outside the file (${lineCount} lines)`);
  }
  return { start: focal.startLine, end: focal.endLine };
}

function identifiersIn(text: string): Set<string> {
  return new Set(text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []);
}

/**
 * The model input for one focal function: the mandatory units (the focal function and the
 * headers around it) first, then the trace takes up to its share of what they leave, then the
 * skeleton is filled in priority order within the rest. The focal function is always included
 * whole, even alone over budget; `tokens` says what was used (skeleton and trace counted as one
 * text), so a caller can tell an input over its budget.
 */
export async function buildModelInput(request: SkeletonRequest): Promise<ModelInput> {
  const count = request.countTokens ?? estimateTokens;
  const budget = request.tokenBudget ?? DEFAULT_TOKEN_BUDGET;
  const lines = sourceLines(request.source);

  const parsed = await parsedFile(request.source);
  const focal = focalRange(parsed.functions, request.focal, lines.length);
  const focalText = lines.slice(focal.start - 1, focal.end).join('\n');
  const outline = outlineOf(parsed.statements, lines, focal, identifiersIn(focalText));
  const costs = new Map<number, number>();
  const cost = (unit: Unit): number => {
    let known = costs.get(unit.id);
    if (known === undefined) {
      const extra = [
        ...(unit.elisionIndent !== undefined ? [unit.elisionIndent + '...'] : []),
        ...(unit.id === outline.focalUnit ? [TARGET_EDIT_MARKER, END_MARKER] : []),
      ];
      const text = [...lines.slice(unit.lines.start - 1, unit.lines.end), ...extra].join('\n') + '\n';
      known = count(text);
      costs.set(unit.id, known);
    }
    return known;
  };
  // The trace never pushes the focal function out: it gets at most what the mandatory units leave.
  const mandatory = selectUnits(outline.units, 0, cost).reduce((sum, id) => sum + cost(outline.units[id]!), 0);
  const trace = request.failure
    ? formatTrace(request.failure, Math.min(Math.floor(budget * TRACE_SHARE), budget - mandatory), {
        countTokens: count,
        sourceLine: (file, line) => (file === request.file ? lines[line - 1] : undefined),
      })
    : '';
  const traceTokens = trace === '' ? 0 : count(trace);
  const chosen = selectUnits(outline.units, budget - traceTokens, cost);
  let skeleton = renderSkeleton(lines, outline, new Set(chosen));
  // Per-unit counts only approximate the count of the joined text (a tokenizer may merge
  // across lines and into the trace): drop the last-chosen optional units until skeleton and
  // trace, as the encoder reads them, really fit.
  const total = (text: string): number => count(text + trace);
  while (total(skeleton) > budget && !outline.units[chosen.at(-1)!]!.mandatory) {
    chosen.pop();
    skeleton = renderSkeleton(lines, outline, new Set(chosen));
  }
  return {
    kind: 'model-input',
    file: request.file,
    function: request.focal.function,
    skeleton,
    trace,
    tokens: total(skeleton),
    tokenBudget: budget,
  };
}
