/**
 * One DynamoDB table per entry of `TABLE_LIST`: on-demand, string `pk`/`sk`,
 * TTL on `ttl`, point-in-time recovery, deletion protection, retained.
 * Physical names are left to CloudFormation; functions get them through
 * each definition's `envVar`.
 *
 * @module
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_LIST, type TableDefinition, type TableId } from '../../functions/contracts/tables.ts';
import { pascalCase } from './naming.ts';

export interface DataTablesProps {
  /**
   * The table definitions to create.
   * @default TABLE_LIST
   */
  readonly definitions?: readonly TableDefinition[];
  /**
   * What happens to a table when it leaves the stack.
   * @default RemovalPolicy.RETAIN
   */
  readonly removalPolicy?: RemovalPolicy;
  /**
   * Whether DeleteTable is refused until protection is switched off.
   * @default true
   */
  readonly deletionProtection?: boolean;
}

export class DataTables extends Construct {
  /** Tables by contract id (`accounts`, `documents`, `requests`). */
  public readonly tables: Readonly<Record<TableId, dynamodb.Table>>;
  /** The definitions the tables were created from, in order. */
  public readonly definitions: readonly TableDefinition[];

  constructor(scope: Construct, id: string, props: DataTablesProps = {}) {
    super(scope, id);
    this.definitions = props.definitions ?? TABLE_LIST;
    const ids = new Set(this.definitions.map((d) => d.id));
    if (ids.size !== this.definitions.length) throw new Error('DataTables: duplicate table id in definitions');

    const tables = {} as Record<TableId, dynamodb.Table>;
    for (const definition of this.definitions) {
      tables[definition.id] = new dynamodb.Table(this, pascalCase(definition.id), {
        partitionKey: { name: definition.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: definition.sortKey, type: dynamodb.AttributeType.STRING },
        billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
        timeToLiveAttribute: definition.ttlAttribute,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        encryption: dynamodb.TableEncryption.AWS_MANAGED,
        deletionProtection: props.deletionProtection ?? true,
        removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
      });
    }
    this.tables = tables;
  }
}
