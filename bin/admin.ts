/**
 * Admin CLI (an interface other tools rely on; keep it stable):
 *
 *   npm run --silent admin -- create-key --org <org-id> --tier <free|pro|enterprise|custom> [--test] [--change-tier]
 *   npm run --silent admin -- revoke-key --key <api_key>      (or --key-id <key_id>)
 *   npm run --silent admin -- list-keys --org <org-id>
 *   npm run --silent admin -- signing-secret --org <org-id>
 *   npm run --silent admin -- rotate-signing-secret --org <org-id> [--overlap-hours 24]
 *   npm run --silent admin -- set-sandbox-limit --org <org-id> --pages-per-day <n>
 *   npm run --silent admin -- set-concurrency-share --org <org-id> [--test-keys <n>] [--live-keys <n>]
 *   npm run --silent admin -- set-rate-limit --org <org-id> --test-keys-per-minute <n>
 *   npm run --silent admin -- set-template --org <org-id> --file schema.json   (or --clear)
 *   npm run --silent admin -- set-feature --org <org-id> --feature <extract-advanced|webhooks|test-key-hosted-engines> --enabled <true|false>
 *
 * Locally it uses the running server's emulators (same DOCINTEL_DATA_DIR),
 * or starts them on the data dir for the duration of the command. With
 * `--aws` (or DOCINTEL_TARGET=aws) it uses the deployed tables named by the
 * DOCINTEL_*_TABLE variables and the secret named by DOCINTEL_MASTER_SECRET_ARN.
 * The result is one JSON line, the last line of stdout.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { TIERS, type Tier } from '../functions/contracts/limits.ts';
import {
  createKey,
  listKeys,
  revokeKey,
  revokeKeyById,
  rotateSigningSecret,
  setConcurrencyShare,
  setExtractAdvanced,
  setExtractTemplate,
  setSandboxLimit,
  setTestKeyRateLimit,
  setTestKeyHostedEngines,
  setWebhooks,
  signingSecret,
} from '../functions/runtime/admin.ts';
import { readConfig } from '../functions/runtime/config.ts';
import { buildDeps, type AppDeps } from '../functions/runtime/deps.ts';
import { startEmulators } from '../functions/runtime/local/emulators.ts';
import { runningServer } from '../functions/runtime/local/endpoints-file.ts';
import { localEnvironment, localMasterSecret } from '../functions/runtime/local/local-server.ts';
import { quietSdkNodeNotice } from '../functions/runtime/local/sdk-notices.ts';

process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';

const USAGE = `usage:
  admin create-key --org <org-id> --tier <${TIERS.join('|')}> [--test] [--change-tier]
  admin revoke-key (--key <api_key> | --key-id <key_id>)
  admin list-keys --org <org-id>
  admin signing-secret --org <org-id>
  admin rotate-signing-secret --org <org-id> [--overlap-hours <0-168, default 24>]
  admin set-sandbox-limit --org <org-id> --pages-per-day <n>
  admin set-concurrency-share --org <org-id> [--test-keys <n>] [--live-keys <n>]   (synchronous requests in flight per operation)
  admin set-rate-limit --org <org-id> --test-keys-per-minute <n>   (requests per minute across the organization's test keys)
  admin set-template --org <org-id> (--file <schema.json> | --clear)
  admin set-feature --org <org-id> --feature <extract-advanced|webhooks|test-key-hosted-engines> --enabled <true|false>
options: --aws  use the deployed stack (DOCINTEL_*_TABLE, DOCINTEL_MASTER_SECRET_ARN, AWS credentials)`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

async function withDeps<T>(aws: boolean, fn: (deps: AppDeps) => Promise<T>): Promise<T> {
  if (aws) return fn(buildDeps(readConfig()));
  quietSdkNodeNotice();
  const dataDir = resolve(process.env.DOCINTEL_DATA_DIR ?? './.docintel');
  const secret = await localMasterSecret(dataDir).catch(() => fail(`cannot use data dir ${dataDir}`));
  const running = runningServer(dataDir);
  if (running) {
    const env = localEnvironment(running, secret);
    return fn(buildDeps(readConfig({ ...process.env, ...env })));
  }
  // No server running: open the data dir ourselves for this one command.
  const emulators = await startEmulators({ dataDir });
  try {
    return await fn(buildDeps(readConfig({ ...process.env, ...localEnvironment(emulators, secret) })));
  } finally {
    await emulators.stop();
  }
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    org: { type: 'string' },
    tier: { type: 'string' },
    test: { type: 'boolean', default: false },
    'change-tier': { type: 'boolean', default: false },
    key: { type: 'string' },
    'key-id': { type: 'string' },
    'overlap-hours': { type: 'string' },
    'pages-per-day': { type: 'string' },
    'test-keys': { type: 'string' },
    'live-keys': { type: 'string' },
    'test-keys-per-minute': { type: 'string' },
    file: { type: 'string' },
    clear: { type: 'boolean', default: false },
    feature: { type: 'string' },
    enabled: { type: 'string' },
    aws: { type: 'boolean', default: process.env.DOCINTEL_TARGET === 'aws' },
    help: { type: 'boolean', default: false },
  },
});

const command = positionals[0];
if (values.help || !command) {
  console.log(USAGE);
  process.exit(command ? 0 : 2);
}

try {
  switch (command) {
    case 'create-key': {
      if (!values.org) fail('--org is required\n' + USAGE);
      if (!values.tier || !TIERS.includes(values.tier as Tier)) fail(`--tier must be one of ${TIERS.join(', ')}`);
      const created = await withDeps(values.aws!, (deps) =>
        createKey(deps, values.org!, values.tier as Tier, values.test ? 'test' : 'live', { changeTier: values['change-tier'] }),
      );
      console.log(JSON.stringify({ api_key: created.api_key, org_id: created.org_id, tier: created.tier, key_id: created.key_id }));
      break;
    }
    case 'revoke-key': {
      if (!values.key === !values['key-id']) fail('one of --key or --key-id is required\n' + USAGE);
      if (values['key-id']) {
        const revoked = await withDeps(values.aws!, (deps) => revokeKeyById(deps, values['key-id']!));
        if (!revoked) fail('no such key');
        console.log(JSON.stringify({ revoked: true, key_id: revoked.key_id, org_id: revoked.org_id, revoked_at: revoked.revoked_at }));
        break;
      }
      const revoked = await withDeps(values.aws!, (deps) => revokeKey(deps, values.key!));
      if (!revoked) fail('no such key');
      console.log(JSON.stringify({ revoked: true }));
      break;
    }
    case 'list-keys': {
      if (!values.org) fail('--org is required\n' + USAGE);
      const keys = await withDeps(values.aws!, (deps) => listKeys(deps, values.org!));
      console.log(JSON.stringify({ org_id: values.org, keys }));
      break;
    }
    case 'rotate-signing-secret': {
      if (!values.org) fail('--org is required\n' + USAGE);
      const hours = values['overlap-hours'] === undefined ? undefined : Number(values['overlap-hours']);
      const rotated = await withDeps(values.aws!, (deps) => rotateSigningSecret(deps, values.org!, hours));
      console.log(JSON.stringify(rotated));
      break;
    }
    case 'set-sandbox-limit': {
      if (!values.org) fail('--org is required\n' + USAGE);
      if (values['pages-per-day'] === undefined) fail('--pages-per-day is required\n' + USAGE);
      const pages = Number(values['pages-per-day']);
      await withDeps(values.aws!, (deps) => setSandboxLimit(deps, values.org!, pages));
      console.log(JSON.stringify({ org_id: values.org, sandbox_pages_per_day: pages }));
      break;
    }
    case 'set-concurrency-share': {
      if (!values.org) fail('--org is required\n' + USAGE);
      const number = (flag: 'test-keys' | 'live-keys') => (values[flag] === undefined ? undefined : Number(values[flag]));
      const shares = { testKeys: number('test-keys'), liveKeys: number('live-keys') };
      await withDeps(values.aws!, (deps) => setConcurrencyShare(deps, values.org!, shares));
      console.log(JSON.stringify({ org_id: values.org, test_keys_per_operation: shares.testKeys, live_keys_per_operation: shares.liveKeys }));
      break;
    }
    case 'set-rate-limit': {
      if (!values.org) fail('--org is required\n' + USAGE);
      if (values['test-keys-per-minute'] === undefined) fail('--test-keys-per-minute is required\n' + USAGE);
      const perMinute = Number(values['test-keys-per-minute']);
      await withDeps(values.aws!, (deps) => setTestKeyRateLimit(deps, values.org!, perMinute));
      console.log(JSON.stringify({ org_id: values.org, test_key_requests_per_minute: perMinute }));
      break;
    }
    case 'signing-secret': {
      if (!values.org) fail('--org is required\n' + USAGE);
      const secret = await withDeps(values.aws!, (deps) => signingSecret(deps, values.org!));
      console.log(secret);
      break;
    }
    case 'set-template': {
      if (!values.org) fail('--org is required\n' + USAGE);
      if (!values.file && !values.clear) fail('--file or --clear is required\n' + USAGE);
      const json = values.clear ? null : await readFile(values.file!, 'utf8').catch(() => fail(`cannot read ${values.file}`));
      await withDeps(values.aws!, (deps) => setExtractTemplate(deps, values.org!, json));
      console.log(JSON.stringify({ org_id: values.org, extract_template: values.clear ? null : 'stored' }));
      break;
    }
    case 'set-feature': {
      if (!values.org) fail('--org is required\n' + USAGE);
      const features = { 'extract-advanced': setExtractAdvanced, webhooks: setWebhooks, 'test-key-hosted-engines': setTestKeyHostedEngines };
      if (!values.feature || !Object.hasOwn(features, values.feature)) fail(`--feature must be one of ${Object.keys(features).join(', ')}\n` + USAGE);
      if (values.enabled !== 'true' && values.enabled !== 'false') fail('--enabled must be true or false');
      const setFeature = features[values.feature as keyof typeof features];
      await withDeps(values.aws!, (deps) => setFeature(deps, values.org!, values.enabled === 'true'));
      console.log(JSON.stringify({ org_id: values.org, feature: values.feature, enabled: values.enabled === 'true' }));
      break;
    }
    default:
      fail(`unknown command '${command}'\n${USAGE}`);
  }
  process.exit(0);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
