/**
 * The one entry of the document-engine functions (parse, extract, classify,
 * split, redact and the three workers). Each is still its own Lambda
 * function, with its own role, memory, timeout and concurrency; they share
 * this code asset so a synth writes the ~120 MB of engine packages once
 * instead of eight times (docs/deployment.md). `DOCINTEL_HANDLER`, set by the
 * stack on each function, names the handler; only that handler's module is
 * initialised (esbuild keeps each `import()` lazy inside the one bundle).
 *
 * @module
 */
import { ENV } from '../contracts/env.ts';
import { isEngineHandler, type EngineHandlerName } from '../contracts/routes.ts';

type LambdaHandler = (...args: unknown[]) => unknown;

/** How to load every handler a document-engine function can run (ENGINE_HANDLERS in contracts/routes.ts). */
const LOADERS: Record<EngineHandlerName, () => Promise<{ handler: unknown }>> = {
  parse: () => import('./parse.ts'),
  extract: () => import('./extract.ts'),
  classify: () => import('./classify.ts'),
  split: () => import('./split.ts'),
  redact: () => import('./redact.ts'),
  'job-worker': () => import('./job-worker.ts'),
  'page-range-worker': () => import('./page-range-worker.ts'),
  'batch-worker': () => import('./batch-worker.ts'),
};

async function load(name: string | undefined): Promise<LambdaHandler> {
  // A deployment error, not a request's: the function fails to initialise, loudly.
  if (!name || !isEngineHandler(name)) throw new Error(`${ENV.handlerName} names no engine handler: '${name ?? ''}'`);
  return (await LOADERS[name]()).handler as LambdaHandler;
}

// Top-level await: the handler's modules load in Lambda's init phase, as they would from their own entry.
export const handler: LambdaHandler = await load(process.env[ENV.handlerName]);
