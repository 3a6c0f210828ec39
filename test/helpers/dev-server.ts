/**
 * `npm start`'s server as a child process of its own (node itself, not
 * npx/npm, so a signal reaches the server and nothing else survives it),
 * for tests that need a separate process: killed and restarted, or run
 * with an environment of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const ROOT = new URL('../../', import.meta.url).pathname;

export interface DevServer {
  readonly child: ChildProcess;
  readonly url: string;
}

/** Starts `bin/dev.ts` with exactly `env` and resolves with its URL once it listens (60 s at most). */
export async function startDevServer(env: NodeJS.ProcessEnv): Promise<DevServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/dev.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /docintel listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  return { child, url };
}

/** Stops the server with `signal` and waits for it to exit (at once when it already has). */
export function stopDevServer(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
