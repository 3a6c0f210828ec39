/**
 * Builds the docintel CDK app the way `cdk synth` does (feature flags from
 * cdk.json), for the CDK tests. Bundling is off unless asked for, so the
 * template tests never run esbuild.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { DocintelStack } from '../../lib/stacks/docintel-stack.ts';

const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
  context: Record<string, unknown>;
};

export interface DocintelAppOptions {
  /** Run esbuild and the command hooks (slow). Default false. */
  readonly bundling?: boolean;
  /** Add the cdk-nag AwsSolutions checks, as bin/app.ts does. Default false. */
  readonly nag?: boolean;
  /** Cloud assembly directory. Default: a temporary directory chosen by the CDK. */
  readonly outdir?: string;
  /** Extra context values (`-c key=value` on the CLI). */
  readonly context?: Record<string, unknown>;
}

export function createDocintelApp(options: DocintelAppOptions = {}): { app: App; stack: DocintelStack } {
  const app = new App({
    outdir: options.outdir,
    context: {
      ...cdkJson.context,
      ...(options.bundling ? {} : { 'aws:cdk:bundling-stacks': [] }),
      ...(options.context ?? {}),
    },
  });
  const stack = new DocintelStack(app, 'Docintel');
  if (options.nag) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}
