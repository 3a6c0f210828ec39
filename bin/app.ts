#!/usr/bin/env node
/**
 * CDK app: the docintel stack, checked by cdk-nag (AwsSolutions) on synth.
 *
 * @module
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { DocintelStack } from '../lib/stacks/docintel-stack.ts';

const app = new App();
new DocintelStack(app, 'Docintel', {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
