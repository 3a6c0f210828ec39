/**
 * Verifying docintel's batch webhooks (SPEC "Events"): `X-Service-Signature`
 * is `t=<unix seconds>,v1=<hex>`, where v1 is the hex HMAC-SHA256 over
 * `<t>.` followed by the raw request body bytes, keyed with your
 * organization's signing secret exactly as issued (its hex string's bytes).
 *
 * Pass the body exactly as received (not re-serialized JSON).
 *
 * @module
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface WebhookEvent {
  readonly event: 'batch.completed' | 'batch.completed_with_errors' | (string & {});
  readonly batch_id: string;
  readonly status: string;
  readonly total_items: number;
  readonly done_items: number;
  readonly failed_items: number;
}

export type WebhookFailure = 'missing_signature' | 'malformed_signature' | 'timestamp_out_of_tolerance' | 'signature_mismatch' | 'invalid_body';

export class WebhookVerificationError extends Error {
  constructor(
    readonly reason: WebhookFailure,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

export interface VerifyOptions {
  /** Largest accepted distance between `t` and now, in seconds. @default 300 */
  readonly toleranceSeconds?: number;
  /** Now, in milliseconds (tests). @default Date.now() */
  readonly now?: number;
}

/** Checks the signature and the timestamp, then returns the parsed event; throws `WebhookVerificationError` otherwise. */
export function verifyWebhook(rawBody: string | Uint8Array, signatureHeader: string | null | undefined, secret: string, options: VerifyOptions = {}): WebhookEvent {
  if (!signatureHeader) throw new WebhookVerificationError('missing_signature', 'No X-Service-Signature header.');
  let t: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of signatureHeader.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && /^\d+$/.test(value ?? '')) t = Number(value);
    // Several v1 values may be present while a secret is being rotated: any may match.
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value ?? '')) signatures.push(Buffer.from(value, 'hex'));
  }
  if (t === undefined || signatures.length === 0) throw new WebhookVerificationError('malformed_signature', 'X-Service-Signature must be t=<unix>,v1=<hex>.');
  const tolerance = options.toleranceSeconds ?? 300;
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - t) > tolerance) {
    throw new WebhookVerificationError('timestamp_out_of_tolerance', `The signature's timestamp is ${nowSeconds - t} s from now (tolerance ${tolerance} s).`);
  }
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody);
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${t}.`, 'utf8').update(body).digest();
  if (!signatures.some((s) => s.length === expected.length && timingSafeEqual(s, expected))) {
    throw new WebhookVerificationError('signature_mismatch', 'The signature does not match the body and secret.');
  }
  try {
    return JSON.parse(body.toString('utf8')) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError('invalid_body', 'The body is not JSON.');
  }
}
