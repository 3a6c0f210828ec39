import { createHmac } from 'node:crypto';

/**
 * An organization's webhook signing secret: HMAC-SHA256 of the organization
 * id under the service master secret (SPEC "Authentication" 5), hex-encoded.
 * Derived, never stored, so rotating the master secret rotates them all.
 *
 * Each organization can also rotate its own secret: generation 0 is the
 * SPEC's derivation from the id alone; generation n > 0 derives from
 * `<org id>#<n>`, so a new generation needs nothing stored but its number.
 */
export function deriveSigningSecret(masterSecret: Buffer, orgId: string, generation = 0): string {
  const input = generation === 0 ? orgId : `${orgId}#${generation}`;
  return createHmac('sha256', masterSecret).update(input, 'utf8').digest('hex');
}

export interface SigningState {
  readonly signingSecretGeneration?: number;
  /** ISO 8601: until then the previous generation signs too. */
  readonly previousSigningSecretUntil?: string;
}

/**
 * The secrets a delivery is signed with, current first: during a rotation's
 * overlap window the previous one as well (both `v1=` values are sent, as
 * Stripe does), so receivers can switch secrets without dropping events.
 */
export function activeSigningSecrets(masterSecret: Buffer, orgId: string, state: SigningState, now: Date): string[] {
  const generation = state.signingSecretGeneration ?? 0;
  const secrets = [deriveSigningSecret(masterSecret, orgId, generation)];
  const until = state.previousSigningSecretUntil ? Date.parse(state.previousSigningSecretUntil) : NaN;
  if (generation > 0 && now.getTime() < until) secrets.push(deriveSigningSecret(masterSecret, orgId, generation - 1));
  return secrets;
}
