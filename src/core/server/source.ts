import { candidateKey, changedLinesText, makeCandidate } from '../generate/candidate';
import { functionText } from '../generate/lines';
import { CanceledError, isCanceled } from '../errors';
import { failureFor } from '../localize';
import type { Candidate, Failure, ModelServerSettings, ServerStats, Suspect } from '../types';
import type { ValidationOutcome } from '../validate';
import { serverBase } from './address';
import { functionFromAnswer } from './answer';
import { chat, connect, type ChatMessage, type Connection } from './client';
import { feedbackText } from './feedback';
import { serverPrompt } from './prompt';

// The user's model server as a source of candidates beside the search: for each top suspect,
// its prompt (prompt.ts) asked `samples` times (first at temperature 0, then sampled), each
// answer's function (answer.ts) made a candidate and handed to the search at once; the search
// validates, re-checks, judges and ranks it like any other. An answer that ran and changed
// something without passing goes back to the model with what the tests said (feedback.ts),
// before any new question, a bounded number of rounds. A server that is not there, or that
// answers badly, costs its own candidates only: every reason is counted in the stats.

/** Temperature of the answers after the first (the first is the server's most likely one). */
const SAMPLE_TEMPERATURE = 0.8;
/** Feedback rounds on one first answer, and feedback requests in one run. */
const MAX_ROUNDS = 2;
const MAX_FEEDBACK = 4;

export interface ServerRun {
  /** The suspects asked about, best first (the search's top ones). */
  suspects: Suspect[];
  failures: Failure[];
  readSource: (file: string) => Promise<string | null>;
  deadline: number;
  /** Aborts when the search ends or the user cancels: the answers still on their way are dropped. */
  signal: AbortSignal;
}

/** A suspect as the answers about it need it. */
interface Asked {
  suspect: Suspect;
  source: string;
  oldFunction: string;
  indent: string;
  /** Its own name, as the answer defines it. */
  name: string;
}

interface Request {
  asked: Asked;
  messages: ChatMessage[];
  temperature: number;
  /** 0 for a first question, then the feedback rounds. */
  round: number;
}

export class ServerSource {
  readonly stats: ServerStats;
  private readonly queue: Request[] = [];
  /** Our candidates the search has not reported on yet, with the request and answer that made each. */
  private readonly running = new Map<string, { request: Request; answer: string }>();
  /** Every candidate made of an answer, by key: an answer alike to an earlier one is not asked about again. */
  private readonly made = new Set<string>();
  private wake: (() => void) | null = null;

  /** `settings.url` is checked by serverBase before the run; `add` takes each new candidate as it comes. */
  constructor(
    private readonly settings: ModelServerSettings,
    private readonly run: ServerRun,
    private readonly add: (candidate: Candidate) => void,
  ) {
    this.stats = { url: settings.url, requests: 0, feedbackRequests: 0, answers: 0, candidates: 0, failures: {}, ms: 0 };
  }

  /** The search skipped one of ours: another source had handed out the same edit. */
  skipped(candidate: Candidate): void {
    if (!this.running.delete(candidateKey(candidate))) return;
    this.failed('same as a candidate of the search');
    this.wake?.();
  }

  /** The search's outcome for a candidate: one of ours that ran may go back to the model. */
  heard(outcome: ValidationOutcome): void {
    const key = candidateKey(outcome.candidate);
    const made = this.running.get(key);
    if (!made) return;
    this.running.delete(key);
    const { request, answer } = made;
    const text = request.round < MAX_ROUNDS ? feedbackText(outcome, this.run.failures, request.asked.name) : null;
    if (text !== null && this.stats.feedbackRequests + this.queuedFeedback() < MAX_FEEDBACK)
      this.queue.unshift({
        asked: request.asked,
        messages: [...request.messages, { role: 'assistant', content: answer }, { role: 'user', content: text }],
        temperature: 0,
        round: request.round + 1,
      });
    this.wake?.();
  }

  /** Asks until every question and feedback round is answered, the deadline, or the search's end. Resolves with the stats, however it ended. */
  async ask(): Promise<ServerStats> {
    const started = Date.now();
    const signal = AbortSignal.any([this.run.signal, AbortSignal.timeout(Math.max(0, this.run.deadline - Date.now()))]);
    try {
      const connection = await connect(serverBase(this.settings.url, this.settings.allowRemote), this.settings, signal);
      if ('why' in connection) {
        this.stats.unreachable = connection.why;
        return this.stats;
      }
      this.stats.api = connection.api;
      this.stats.model = connection.model;
      await this.enqueueQuestions();
      for (;;) {
        const request = this.queue.shift();
        if (request) {
          if (!(await this.answer(connection, request, signal))) return this.stats;
        } else if (this.running.size > 0) {
          await this.outcomeOrEnd(signal); // a feedback round may come of it
        } else return this.stats;
      }
    } catch (error) {
      // The search ended, the user canceled (the search says so) or the deadline passed: what came is kept.
      if (isCanceled(error)) return this.stats;
      throw error;
    } finally {
      this.stats.ms = Date.now() - started;
    }
  }

  private async enqueueQuestions(): Promise<void> {
    for (const suspect of this.run.suspects) {
      const source = await this.run.readSource(suspect.file);
      if (source === null) continue;
      const failing = failureFor(suspect, this.run.failures);
      const failures = failing ? [failing, ...this.run.failures.filter((f) => f !== failing)] : this.run.failures;
      const messages = await serverPrompt({ suspect, source, failures, readSource: this.run.readSource });
      const lines = source.split('\n');
      const asked: Asked = {
        suspect,
        source,
        oldFunction: functionText(source, suspect.startLine, suspect.endLine),
        indent: /^[ \t]*/.exec(lines[suspect.startLine - 1] ?? '')![0],
        name: suspect.function.split('.').at(-1)!,
      };
      for (let k = 0; k < this.settings.samples; k++)
        this.queue.push({ asked, messages, temperature: k === 0 ? 0 : SAMPLE_TEMPERATURE, round: 0 });
    }
  }

  /** One request and its candidate; false when the server is gone (not reachable, or too slow to answer in time). */
  private async answer(connection: Connection, request: Request, signal: AbortSignal): Promise<boolean> {
    const { asked } = request;
    this.stats.requests++;
    if (request.round > 0) this.stats.feedbackRequests++;
    const reply = await chat(connection, request.messages, request.temperature, signal);
    if ('why' in reply) {
      this.failed(reply.why);
      return !reply.why.startsWith('not reachable') && reply.why !== 'timeout';
    }
    const answered = await functionFromAnswer(reply.text, asked);
    if ('why' in answered) {
      this.failed(answered.why);
      return true;
    }
    this.stats.answers++;
    const candidate = await makeCandidate({
      file: asked.suspect.file,
      fileText: asked.source,
      startLine: asked.suspect.startLine,
      endLine: asked.suspect.endLine,
      newFunctionText: answered.functionText,
      function: asked.suspect.function,
      source: 'server',
      editKind: 'server-answer',
      summary: `${changedLinesText(asked.oldFunction, answered.functionText, asked.suspect.startLine)} in ${asked.suspect.function}`,
      score: asked.suspect.score,
      from: connection.label,
    });
    if (!candidate) {
      this.failed('unchanged or not valid Python');
      return true;
    }
    const key = candidateKey(candidate);
    if (this.made.has(key)) {
      this.failed('same as an earlier answer');
      return true;
    }
    this.made.add(key);
    this.running.set(key, { request, answer: reply.text });
    this.stats.candidates++;
    this.add(candidate);
    return true;
  }

  private failed(why: string): void {
    this.stats.failures[why] = (this.stats.failures[why] ?? 0) + 1;
  }

  private queuedFeedback(): number {
    return this.queue.filter((request) => request.round > 0).length;
  }

  /** Resolves at the search's next outcome for one of ours, or rejects as canceled when `signal` aborts. */
  private outcomeOrEnd(signal: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => reject(new CanceledError());
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      this.wake = () => {
        this.wake = null;
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
    });
  }
}
