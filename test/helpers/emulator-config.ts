/**
 * The configuration `npm start` gives its handlers, pointed at the emulators
 * the integration tests' global setup started: for tests that call handlers
 * and pipeline functions in process against the same tables and bucket.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { readConfig, type ServiceConfig } from '../../functions/runtime/config.ts';
import { localEnvironment } from '../../functions/runtime/local/local-server.ts';

export function emulatorConfig(): ServiceConfig {
  const masterSecret = readFileSync(join(inject('dataDir'), 'master-secret'), 'utf8').trim();
  return readConfig(localEnvironment({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') }, masterSecret));
}
