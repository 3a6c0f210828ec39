import { createHmac } from 'node:crypto';

/**
 * An organization's webhook signing secret: HMAC-SHA256 of the organization
 * id under the service master secret (SPEC "Authentication" 5), hex-encoded.
 * Derived, never stored, so rotating the master secret rotates them all.
 */
export function deriveSigningSecret(masterSecret: Buffer, orgId: string): string {
  return createHmac('sha256', masterSecret).update(orgId, 'utf8').digest('hex');
}
