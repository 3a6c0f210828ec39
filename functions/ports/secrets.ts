/** Where the service master secret (webhook signing) comes from. */
export interface SecretSource {
  /** The master secret bytes. */
  masterSecret(): Promise<Buffer>;
}
