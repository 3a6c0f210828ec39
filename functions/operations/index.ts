/** The operations the pipeline can run, by name (the job worker looks them up here). */
import type { Operation } from '../contracts/prices.ts';
import type { OperationSpec } from '../pipeline/operation.ts';
import { classifyOperation } from './classify-operation.ts';
import { extractOperation } from './extract-operation.ts';
import { parseOperation } from './parse-operation.ts';
import { redactOperation } from './redact-operation.ts';
import { splitOperation } from './split-operation.ts';

export const OPERATION_SPECS: Partial<Record<Operation, OperationSpec>> = {
  parse: parseOperation,
  extract: extractOperation,
  classify: classifyOperation,
  split: splitOperation,
  redact: redactOperation,
};
