import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { SecretSource } from '../../ports/secrets.ts';

/** Master secret from Secrets Manager, fetched once per process. */
export class SecretsManagerSecretSource implements SecretSource {
  private cached?: Promise<Buffer>;
  constructor(
    private readonly client: SecretsManagerClient,
    private readonly secretArn: string,
  ) {}

  masterSecret(): Promise<Buffer> {
    this.cached ??= this.client
      .send(new GetSecretValueCommand({ SecretId: this.secretArn }))
      .then((out) => {
        if (!out.SecretString) throw new Error('Master secret has no string value');
        return Buffer.from(out.SecretString, 'utf8');
      })
      .catch((error) => {
        this.cached = undefined;
        throw error;
      });
    return this.cached;
  }
}

/** Master secret given directly (local server: generated once into the data dir). */
export class StaticSecretSource implements SecretSource {
  constructor(private readonly hex: string) {}
  async masterSecret(): Promise<Buffer> {
    return Buffer.from(this.hex, 'utf8');
  }
}
