import { candidateKey, changedLinesText, makeCandidate } from '../generate/candidate';
import { isCanceled } from '../errors';
import { failureFor } from '../localize';
import type { Candidate, Failure, ModelServerSettings, ServerStats, Suspect } from '../types';
import { serverBase } from './address';
import { functionFromAnswer } from './answer';
import { chat, connect } from './client';
import { serverPrompt } from './prompt';

// The user's model server as a source of candidates beside the search: for each top suspect,
// its prompt (prompt.ts) asked `samples` times (first at temperature 0, then sampled), each
// answer's function (answer.ts) made a candidate and handed to the search at once; the search
// validates, re-checks, judges and ranks it like any other. A server that is not there, or that
// answers badly, costs its own candidates only: every reason is counted in the stats.

/** Temperature of the answers after the first (the first is the server's most likely one). */
const SAMPLE_TEMPERATURE = 0.8;

export interface ServerRun {
  /** The suspects asked about, best first (the search's top ones). */
  suspects: Suspect[];
  failures: Failure[];
  readSource: (file: string) => Promise<string | null>;
  deadline: number;
  /** Aborts when the search ends or the user cancels: the answers still on their way are dropped. */
  signal: AbortSignal;
}

/**
 * Asks the server (`settings.url` checked by serverBase before the run); `add` takes each new
 * candidate as it comes. Resolves with what happened, however it ended.
 */
export async function askServer(settings: ModelServerSettings, run: ServerRun, add: (candidate: Candidate) => void): Promise<ServerStats> {
  const stats: ServerStats = { url: settings.url, requests: 0, answers: 0, candidates: 0, failures: {}, ms: 0 };
  const started = Date.now();
  const failed = (why: string) => (stats.failures[why] = (stats.failures[why] ?? 0) + 1);
  const signal = AbortSignal.any([run.signal, AbortSignal.timeout(Math.max(0, run.deadline - Date.now()))]);
  try {
    const connection = await connect(serverBase(settings.url, settings.allowRemote), settings, signal);
    if ('why' in connection) {
      stats.unreachable = connection.why;
      return stats;
    }
    stats.api = connection.api;
    stats.model = connection.model;
    const seen = new Set<string>();
    for (const suspect of run.suspects) {
      const source = await run.readSource(suspect.file);
      if (source === null) continue;
      const failing = failureFor(suspect, run.failures);
      const failures = failing ? [failing, ...run.failures.filter((f) => f !== failing)] : run.failures;
      const messages = await serverPrompt({ suspect, source, failures, readSource: run.readSource });
      const lines = source.split('\n');
      const indent = /^[ \t]*/.exec(lines[suspect.startLine - 1] ?? '')![0];
      const oldFunction = lines.slice(suspect.startLine - 1, suspect.endLine).join('\n') + '\n';
      const name = suspect.function.split('.').at(-1)!;
      for (let k = 0; k < settings.samples; k++) {
        stats.requests++;
        const reply = await chat(connection, messages, k === 0 ? 0 : SAMPLE_TEMPERATURE, signal);
        if ('why' in reply) {
          failed(reply.why);
          // A server that went away, or one too slow to answer in time, will not do better on the next ask.
          if (reply.why.startsWith('not reachable') || reply.why === 'timeout') return stats;
          continue;
        }
        const answered = await functionFromAnswer(reply.text, name, indent);
        if ('why' in answered) {
          failed(answered.why);
          continue;
        }
        stats.answers++;
        const candidate = await makeCandidate({
          file: suspect.file,
          fileText: source,
          startLine: suspect.startLine,
          endLine: suspect.endLine,
          newFunctionText: answered.functionText,
          function: suspect.function,
          source: 'server',
          editKind: 'server-answer',
          summary: `${changedLinesText(oldFunction, answered.functionText, suspect.startLine)} in ${suspect.function}`,
          score: suspect.score,
          from: connection.label,
        });
        if (!candidate) {
          failed('unchanged or not valid Python');
          continue;
        }
        const key = candidateKey(candidate);
        if (seen.has(key)) {
          failed('same as an earlier answer');
          continue;
        }
        seen.add(key);
        stats.candidates++;
        add(candidate);
      }
    }
    return stats;
  } catch (error) {
    // The search ended, the user canceled (the search says so) or the deadline passed: what came is kept.
    if (isCanceled(error)) return stats;
    throw error;
  } finally {
    stats.ms = Date.now() - started;
  }
}
