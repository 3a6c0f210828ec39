/**
 * GET /v1/requests/{request_id}/snapshot (SPEC "Stored request snapshot"):
 * the stored response exactly as returned, with every link signed anew on
 * each call; after 30 days `expired: true` with input and result null.
 *
 * @module
 */
import { ApiError } from '../contracts/errors.ts';
import { LIFETIMES } from '../contracts/limits.ts';
import { endpoint } from '../middleware/endpoint.ts';
import { json } from '../middleware/http.ts';
import { resignAssets } from '../pipeline/signed-assets.ts';
import { defaultDeps, type DepsProvider } from '../runtime/deps.ts';

/** The input link lives as long as the longest link the spec allows. */
const INPUT_LINK_SECONDS = LIFETIMES.maxSignedLinkSeconds;

export const createHandler = (getDeps: DepsProvider = defaultDeps) =>
  endpoint({ getDeps }, async ({ event, principal, deps }) => {
    const requestId = event.pathParameters?.request_id ?? '';
    const stored = /^[0-9a-f-]{36}$/i.test(requestId) ? await deps.requests.get(principal.orgId, requestId) : undefined;
    if (!stored) throw new ApiError('not_found', `No stored request ${requestId} in this organization.`);

    const now = deps.clock.now();
    const expired = now.getTime() >= Date.parse(stored.expiresAt);
    const snapshot: Record<string, unknown> = {
      request_id: stored.requestId,
      endpoint: stored.endpoint,
      operation: stored.operation,
      status: stored.status,
      filename: stored.filename,
      page_count: stored.pageCount,
      created_at: stored.createdAt,
      expires_at: stored.expiresAt,
      request_params: stored.requestParams,
      expired,
      input: null,
      result: null,
    };
    if (!expired) {
      let url: string | null = null;
      try {
        url = await deps.blobs.presignGet(stored.inputKey, INPUT_LINK_SECONDS, {
          contentType: stored.inputContentType,
          filename: stored.filename,
          // Caller-supplied bytes (an XML or SVG-like file can carry script) are
          // downloaded, never rendered by a browser that opens the link.
          attachment: true,
        });
      } catch {
        url = null;
      }
      snapshot.input = { content_type: stored.inputContentType, url };
      try {
        const response = JSON.parse(Buffer.from(await deps.blobs.getBytes(stored.responseKey)).toString('utf8'));
        snapshot.result = await resignAssets(response, stored.assets, deps.blobs, now);
      } catch {
        snapshot.result = null;
      }
      const expiries = [
        ...(url ? [now.getTime() + INPUT_LINK_SECONDS * 1000] : []),
        ...((snapshot.result as { assets_expire_at?: string } | null)?.assets_expire_at
          ? [Date.parse((snapshot.result as { assets_expire_at: string }).assets_expire_at)]
          : []),
      ];
      if (expiries.length) snapshot.assets_expire_at = new Date(Math.min(...expiries)).toISOString();
    }
    return json(200, snapshot);
  });

export const handler = createHandler();
