// DeepDebug's settings, read in one place.
import * as vscode from 'vscode';
import type { EngineOptions, ValidatorKind } from '../core/types';
import { isValidatorKind } from '../core/validate/options';
import { modelServerOf, type ServerSettingValues } from './logic/server-settings';

export interface Settings {
  timeBudgetMs: number;
  /** Undefined: the engine's default. */
  maxCandidates: number | undefined;
  /** Absolute model folder, or undefined for the shipped model. */
  modelDir: string | undefined;
  device: 'auto' | 'cpu' | 'cuda';
  pythonPath: string;
  allowTestEdits: boolean;
  autoRun: boolean;
  /** Start a fix by itself when the user's own pytest run leaves tests failing (background-start.ts). */
  backgroundStart: boolean;
  /** Run candidates in the bubblewrap sandbox (where it works). */
  sandbox: boolean;
  /** How candidates run; undefined: the platform's choice. */
  validator: ValidatorKind | undefined;
  /** Order equally-validated fixes by the kinds the user applied or discarded before. */
  learnFromChoices: boolean;
  /** The user's own model server, as written (`url` empty: none); made the engine's in engineOptions. */
  modelServer: ServerSettingValues;
}

export function readSettings(scope?: vscode.Uri): Settings {
  const config = vscode.workspace.getConfiguration('deepdebug', scope);
  const modelPath = config.get<string>('modelPath', '').trim();
  return {
    timeBudgetMs: Math.max(5, config.get<number>('timeBudget', 60)) * 1000,
    maxCandidates: positiveOrUndefined(config.get<number | null>('maxCandidates', null)),
    modelDir: modelPath === '' ? undefined : modelPath,
    device: config.get<'auto' | 'cpu' | 'cuda'>('device', 'auto'),
    pythonPath: config.get<string>('pythonPath', '').trim(),
    allowTestEdits: config.get<boolean>('allowTestEdits', false),
    autoRun: config.get<boolean>('autoRun', false),
    backgroundStart: config.get<boolean>('backgroundStart', true),
    sandbox: config.get<boolean>('sandbox', true),
    validator: validatorSetting(config.get<string>('validator', 'auto')),
    learnFromChoices: config.get<boolean>('learnFromChoices', true),
    modelServer: {
      url: config.get<string>('modelServer.url', ''),
      api: config.get<string>('modelServer.api', 'auto'),
      model: config.get<string>('modelServer.model', ''),
      samples: config.get<unknown>('modelServer.samples'),
      timeoutSeconds: config.get<unknown>('modelServer.timeoutSeconds'),
      apiKeyEnvironmentVariable: config.get<string>('modelServer.apiKeyEnvironmentVariable', ''),
      allowRemote: config.get<boolean>('modelServer.allowRemote', false),
    },
  };
}

/**
 * The engine's options for a run. Only a fix asks the model server; its key is read here, from
 * the extension host's environment. Throws a UserError for a key variable that is not set.
 */
export function engineOptions(
  settings: Settings,
  kind: 'fix' | 'analyze',
  workspace: string,
  tests: string[],
  python: string,
): EngineOptions {
  const modelServer = kind === 'fix' ? modelServerOf(settings.modelServer, process.env) : undefined;
  return {
    workspace,
    tests,
    python,
    timeBudgetMs: settings.timeBudgetMs,
    maxCandidates: settings.maxCandidates,
    modelDir: settings.modelDir,
    device: settings.device,
    allowTestEdits: settings.allowTestEdits,
    sandbox: settings.sandbox,
    ...(settings.validator ? { validator: settings.validator } : {}),
    ...(modelServer ? { modelServer } : {}),
  };
}

/** `fork` or `spawn` as set; anything else ("auto", a typo) leaves it to the platform. */
function validatorSetting(value: string): ValidatorKind | undefined {
  return isValidatorKind(value) ? value : undefined;
}

function positiveOrUndefined(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && value >= 1 ? Math.floor(value) : undefined;
}
