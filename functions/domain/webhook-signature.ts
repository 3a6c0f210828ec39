import { createHmac } from 'node:crypto';

/**
 * The `X-Service-Signature` value (SPEC "Events"): `t=<unix>,v1=<hex>`,
 * where v1 is the hex HMAC-SHA256 over `<t>.` followed by the exact body
 * bytes, keyed with the organization's signing secret as issued (the bytes
 * of its hex string, which is how receivers' code uses it). With several
 * secrets (a rotation's overlap window) there is one `v1=` per secret, in
 * the order given; a receiver accepts the event when any of them matches.
 */
export function signatureHeader(signingSecrets: string | readonly string[], body: Uint8Array, t: number): string {
  const secrets = typeof signingSecrets === 'string' ? [signingSecrets] : signingSecrets;
  const v1 = secrets.map(
    (secret) => `v1=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${t}.`, 'utf8').update(body).digest('hex')}`,
  );
  return [`t=${t}`, ...v1].join(',');
}
