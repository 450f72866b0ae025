// The user's own model server (Ollama, llama.cpp's server, LM Studio, vLLM) as a source of
// candidates: address.ts (where the code may go), http.ts (bounded JSON requests), client.ts
// (the two APIs), prompt.ts (the DeepDebug input as a chat), answer.ts (the function in an
// answer), source.ts (asking beside the search).
export { modelServerSettings, SERVER_DEFAULTS, serverBase } from './address';
export { ServerSource, type ServerRun } from './source';
export { serverWarning } from './words';
