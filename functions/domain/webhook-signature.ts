import { createHmac } from 'node:crypto';

/**
 * The `X-Service-Signature` value (SPEC "Events"): `t=<unix>,v1=<hex>`,
 * where v1 is the hex HMAC-SHA256 over `<t>.` followed by the exact body
 * bytes, keyed with the organization's signing secret as issued (the bytes
 * of its hex string, which is how receivers' code uses it).
 */
export function signatureHeader(signingSecret: string, body: Uint8Array, t: number): string {
  const v1 = createHmac('sha256', Buffer.from(signingSecret, 'utf8')).update(`${t}.`, 'utf8').update(body).digest('hex');
  return `t=${t},v1=${v1}`;
}
