/**
 * The service master secret: organizations' webhook signing secrets are
 * HMAC-SHA256 of the organization id under it (SPEC "Authentication" 5).
 * Functions get its ARN, never its value; reading it is granted per handler
 * through `OPERATION_ACCESS`.
 *
 * @module
 */
import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

export interface MasterSecretProps {
  /**
   * Length of the generated value in characters (hex digits).
   * @default 64 (256 bits)
   */
  readonly length?: number;
  /**
   * What happens to the secret when it leaves the stack.
   * @default RemovalPolicy.RETAIN (losing it invalidates every issued signing secret)
   */
  readonly removalPolicy?: RemovalPolicy;
}

export class MasterSecret extends Construct {
  public readonly secret: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: MasterSecretProps = {}) {
    super(scope, id);
    const length = props.length ?? 64;
    if (!Number.isInteger(length) || length < 32) throw new Error(`MasterSecret length must be an integer >= 32, got ${length}`);

    this.secret = new secretsmanager.Secret(this, 'Secret', {
      description: 'docintel master secret: webhook signing secrets are derived from it',
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
      generateSecretString: {
        passwordLength: length,
        // Lower-case hex digits only, matching the local server's generated secret.
        excludePunctuation: true,
        excludeUppercase: true,
        includeSpace: false,
        excludeCharacters: 'ghijklmnopqrstuvwxyz',
        requireEachIncludedType: false,
      },
    });
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Signing secrets derived from this value are handed to customers, who verify webhooks with them; rotating it changes every signing secret at once, so rotation is a coordinated, announced manual operation rather than a scheduled one.',
    });
  }
}
