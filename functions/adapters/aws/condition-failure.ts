/**
 * A DynamoDB conditional write that lost its condition. Matched by class and
 * by name: the emulator's errors and a second copy of the SDK (bundled
 * separately) are not `instanceof` the class this module imports.
 *
 * @module
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';

export function isConditionFailure(error: unknown): boolean {
  return error instanceof ConditionalCheckFailedException || (error as { name?: string } | undefined)?.name === 'ConditionalCheckFailedException';
}
