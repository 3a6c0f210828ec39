/**
 * `npm start`: the whole API on http://127.0.0.1:${PORT:-3000}, with the
 * AWS-protocol emulators embedded and all state under
 * ${DOCINTEL_DATA_DIR:-./.docintel}.
 */
import { ENV } from '../functions/contracts/env.ts';
import { ROUTES } from '../functions/contracts/routes.ts';
import { sourceRevision } from '../lib/source-revision.ts';
import { warmUpEngines } from '../functions/engines/warm-up.ts';
import { loadHandler } from '../functions/runtime/local/local-api-gateway.ts';
import { LocalServerStartError, startLocalServer, type LocalServer } from '../functions/runtime/local/local-server.ts';
import { quietSdkNodeNotice } from '../functions/runtime/local/sdk-notices.ts';

process.env.POWERTOOLS_LOG_LEVEL ??= 'INFO';
// As a deployment does: a result computed by older code is not served from the cache after an edit.
process.env[ENV.codeRevision] ??= sourceRevision(process.cwd());
quietSdkNodeNotice();

let server: LocalServer;
try {
  server = await startLocalServer({
    dataDir: process.env.DOCINTEL_DATA_DIR ?? './.docintel',
    port: Number(process.env.PORT ?? 3000),
  });
} catch (error) {
  // A busy port or a second start on the same data: one line, no stack.
  if (!(error instanceof LocalServerStartError)) throw error;
  console.error(`docintel: ${error.message}`);
  process.exit(1);
}

if (server.seededKey) {
  console.log(`created organization 'dev' (tier pro) with a test API key (shown once, stored hashed):`);
  console.log(`  ${server.seededKey.api_key}`);
} else {
  console.log(`create keys with: npm run --silent admin -- create-key --org <org-id> --tier <tier> [--test]`);
}
console.log(`data in ${server.dataDir}`);
console.log(`docintel listening on ${server.url}`);
// What the first requests would otherwise pay once is paid now: the OCR
// workers and their model, every handler's modules, pdf.js, a first read
// through the PDF and image backends (see engines/warm-up.ts), and redact's
// detector and encoders (cold, they cost a busy machine ~15 s of a first call's 29 s).
const handlers = [...new Set(ROUTES.map((route) => route.handler))];
Promise.all([warmUpEngines(), ...handlers.map((name) => loadHandler(name).catch(() => undefined))])
  .then(() => console.log('warm-up done: OCR workers ready, handlers, pdf.js and redact loaded'))
  .catch((error: unknown) => console.error(`docintel: warm-up failed (the first requests will load what is missing): ${String(error)}`));

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`received ${signal}, stopping`);
    server
      .stop()
      .then(() => process.exit(0))
      .catch((error) => {
        console.error(error);
        process.exit(1);
      });
  });
}
