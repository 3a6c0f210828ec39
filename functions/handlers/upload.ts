/**
 * POST /v1/documents/upload: issues a document_key and a presigned PUT
 * address (900 s) that requires the signed Content-Type, the
 * `x-amz-server-side-encryption: AES256` header unless the caller asked for
 * an address without it (`encryption_header: false`; the bucket encrypts by
 * default either way) and, when `content_length` was declared, exactly that
 * many bytes.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import { LIFETIMES } from '../contracts/limits.ts';
import { UploadRequest } from '../contracts/schemas/upload.ts';
import { objectKeys } from '../contracts/storage.ts';
import { checkDeclaredLength, resolveMediaType, signedContentType } from '../domain/upload-rules.ts';
import { endpoint } from '../middleware/endpoint.ts';
import { readJsonBody } from '../middleware/form-fields.ts';
import { json, limitsFor } from '../middleware/http.ts';
import { validate } from '../middleware/validate.ts';
import { defaultDeps, type DepsProvider } from '../runtime/deps.ts';

export const createHandler = (getDeps: DepsProvider = defaultDeps) =>
  endpoint({ getDeps }, async ({ event, principal, deps, headers }) => {
    const body = validate(UploadRequest, readJsonBody(event), 'upload request');
    const mediaType = resolveMediaType(body.filename, body.content_type);
    checkDeclaredLength(principal.tier, body.content_length, { fromBrowser: Boolean(headers.origin) });
    const putContentType = signedContentType(mediaType, body.content_type);
    const encryptionHeader = body.encryption_header ?? true;

    const now = deps.clock.now();
    const documentKey = randomUUID();
    const objectKey = objectKeys.upload(principal.orgId, documentKey);
    const uploadUrl = await deps.blobs.presignPut({
      key: objectKey,
      contentType: putContentType,
      expiresInSeconds: LIFETIMES.uploadUrlSeconds,
      // A declared length is signed into the address: storage refuses any other body size.
      ...(body.content_length !== undefined ? { contentLength: body.content_length } : {}),
      encryptionHeader,
    });
    await deps.documents.create({
      orgId: principal.orgId,
      documentKey,
      filename: body.filename,
      contentType: mediaType.mime,
      kind: mediaType.kind,
      declaredLength: body.content_length,
      objectKey,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + LIFETIMES.documentKeySeconds * 1000).toISOString(),
    });

    return json(200, {
      document_key: documentKey,
      upload_url: uploadUrl,
      expires_in: LIFETIMES.uploadUrlSeconds,
      upload_headers: { 'Content-Type': putContentType, ...(encryptionHeader ? { 'x-amz-server-side-encryption': 'AES256' } : {}) },
      content_type: mediaType.mime,
      document_expires_at: new Date(now.getTime() + LIFETIMES.documentKeySeconds * 1000).toISOString(),
      limits: limitsFor(principal),
    });
  });

export const handler = createHandler();
