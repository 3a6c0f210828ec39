/**
 * The docintel stack: storage, tables, master secret, one function per
 * route (plus the fallback) and the REST API in front of them. Composition
 * only; every resource is defined in lib/constructs.
 *
 * @module
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { FALLBACK_HANDLER, ROUTES } from '../../functions/contracts/routes.ts';
import { DataTables } from '../constructs/data-tables.ts';
import { DocumentStore } from '../constructs/document-store.ts';
import { HttpApi } from '../constructs/http-api.ts';
import { MasterSecret } from '../constructs/master-secret.ts';
import { pascalCase } from '../constructs/naming.ts';
import { OperationFunction, type ServiceResources } from '../constructs/operation-function.ts';

export class DocintelStack extends Stack {
  public readonly store: DocumentStore;
  public readonly data: DataTables;
  public readonly masterSecret: MasterSecret;
  /** Functions by handler name: every route's handler and the fallback. */
  public readonly functions: Readonly<Record<string, OperationFunction>>;
  public readonly http: HttpApi;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    this.store = new DocumentStore(this, 'DocumentStore');
    this.data = new DataTables(this, 'Tables');
    this.masterSecret = new MasterSecret(this, 'MasterSecret');
    const resources: ServiceResources = {
      tables: this.data.tables,
      bucket: this.store.bucket,
      masterSecret: this.masterSecret.secret,
    };

    const handlers = new Map<string, boolean>();
    for (const route of ROUTES) handlers.set(route.handler, (handlers.get(route.handler) ?? false) || Boolean(route.heavy));
    handlers.set(FALLBACK_HANDLER, false);
    const functions: Record<string, OperationFunction> = {};
    for (const [handler, heavy] of handlers) {
      functions[handler] = new OperationFunction(this, `${pascalCase(handler)}Function`, { handler, heavy, resources });
    }
    this.functions = functions;

    this.http = new HttpApi(this, 'Http', {
      functions: Object.fromEntries(
        Object.entries(functions).map(([handler, f]): [string, lambda.IFunction] => [handler, f.function]),
      ),
    });

    new CfnOutput(this, 'ApiUrl', { value: this.http.url, description: 'Base URL of the API (stage prod)' });
    new CfnOutput(this, 'BucketName', { value: this.store.bucket.bucketName });
    for (const definition of this.data.definitions) {
      new CfnOutput(this, `${pascalCase(definition.id)}TableName`, {
        value: this.data.tables[definition.id].tableName,
        description: `${definition.envVar}: ${definition.description}`,
      });
    }
    new CfnOutput(this, 'MasterSecretArn', { value: this.masterSecret.secret.secretArn });
  }
}
