import { PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, inject, it } from 'vitest';
import { createS3Client } from '../../functions/adapters/aws/clients.ts';
import { S3BlobStore } from '../../functions/adapters/aws/s3-blob-store.ts';
import { STORAGE } from '../../functions/contracts/storage.ts';
import { EMULATOR_CREDENTIALS } from '../../functions/runtime/deps.ts';
import { apiClient } from '../helpers/client.ts';
import { makeTextPdf } from '../helpers/pdf.ts';

const api = apiClient(inject('baseUrl'));
const keys = inject('keys');
const bytes = new TextEncoder().encode('%PDF-1.4\nhello\n%%EOF');

async function receipt(filename = 'doc.pdf') {
  const res = await api.call('POST', '/v1/documents/upload', { key: keys.proTest, json: { filename } });
  expect(res.status).toBe(200);
  return res.body as { upload_url: string; document_key: string; content_type: string };
}

const put = (url: string, headers: Record<string, string>) => fetch(url, { method: 'PUT', headers, body: bytes });

describe('Local API: upload through presigned PUT', () => {
  it('accepts the PUT with the signed Content-Type and the SSE header, as plain curl sends it', async () => {
    const r = await receipt();
    const res = await put(r.upload_url, { 'Content-Type': 'application/pdf', 'x-amz-server-side-encryption': 'AES256' });
    expect(res.status).toBe(200);
  });

  it('accepts the PUT with the Content-Type exactly as declared, alias or parameters included, and parses the file', async () => {
    for (const [filename, declared, canonical] of [
      ['notes.xml', 'text/xml', 'application/xml'],
      ['notes.txt', 'text/plain; charset=utf-8', 'text/plain'],
    ]) {
      const res = await api.call('POST', '/v1/documents/upload', { key: keys.proTest, json: { filename, content_type: declared } });
      expect(res.status).toBe(200);
      expect(res.body.content_type).toBe(canonical);
      expect(res.body.upload_headers['Content-Type']).toBe(declared);
      const body = filename.endsWith('.xml') ? '<note><to>Ada</to></note>' : 'Meeting notes\nsecond line';
      const ok = await fetch(res.body.upload_url, { method: 'PUT', headers: { 'Content-Type': declared, 'x-amz-server-side-encryption': 'AES256' }, body });
      expect(ok.status, declared).toBe(200);
      const parsed = await api.call('POST', '/v1/parse', { key: keys.proTest, form: { document_key: res.body.document_key } });
      expect(parsed.status, JSON.stringify(parsed.body)).toBe(200);
      expect(parsed.body.result.ocr).toContain(filename.endsWith('.xml') ? 'Ada' : 'Meeting notes');
    }
  });

  it('gives a filename with an unknown extension and no content_type the SPEC default application/pdf; the bytes then decide at parse', async () => {
    const pdf = await makeTextPdf([['Scanned statement for Ada Lovelace']]);
    const res = await api.call('POST', '/v1/documents/upload', { key: keys.proTest, json: { filename: 'statement.scan' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.content_type).toBe('application/pdf');
    const ok = await fetch(res.body.upload_url, { method: 'PUT', headers: { 'Content-Type': 'application/pdf', 'x-amz-server-side-encryption': 'AES256' }, body: pdf });
    expect(ok.status).toBe(200);
    const parsed = await api.call('POST', '/v1/parse', { key: keys.proTest, form: { document_key: res.body.document_key } });
    expect(parsed.status, JSON.stringify(parsed.body)).toBe(200);
    expect(parsed.body.result.ocr).toContain('Ada Lovelace');
    // A content_type declared outside the supported list is still refused.
    const declared = await api.call('POST', '/v1/documents/upload', { key: keys.proTest, json: { filename: 'a.zip', content_type: 'application/zip' } });
    expect(declared.status).toBe(415);
    expect(declared.body.error.code).toBe('unsupported_media_type');
  });

  it('refuses at upload a filename whose extension names a type we cannot read (a.exe), when no content_type is given', async () => {
    const res = await api.call('POST', '/v1/documents/upload', { key: keys.proTest, json: { filename: 'a.exe' } });
    expect(res.status, JSON.stringify(res.body)).toBe(415);
    expect(res.body).toMatchObject({ status: 'error', error: { code: 'unsupported_media_type', details: { extension: 'exe' } } });
    expect(res.body).not.toHaveProperty('upload_url');
  });

  it('rejects a PUT with the wrong Content-Type', async () => {
    const r = await receipt();
    const res = await put(r.upload_url, { 'Content-Type': 'image/png', 'x-amz-server-side-encryption': 'AES256' });
    expect(res.status).toBe(403);
  });

  it('rejects a PUT without the server-side-encryption header on a default address, with a JSON error naming the fix', async () => {
    const r = await receipt();
    const res = await put(r.upload_url, { 'Content-Type': 'application/pdf' });
    expect(res.status).toBe(403);
    const body = (await res.json()) as { error: { code: string; details: { hint: string } } };
    expect(body.error.code).toBe('storage_signature_does_not_match');
    expect(body.error.details.hint).toMatch(/upload_headers/);
  });

  it('gives an address without the encryption header on request (encryption_header: false), and S3 then refuses the header if sent', async () => {
    const res = await api.call('POST', '/v1/documents/upload', { key: keys.proTest, json: { filename: 'plain.pdf', encryption_header: false } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.upload_headers).toEqual({ 'Content-Type': 'application/pdf' });
    const sentAnyway = await put(res.body.upload_url, { 'Content-Type': 'application/pdf', 'x-amz-server-side-encryption': 'AES256' });
    expect(sentAnyway.status).toBe(403);
    const refusal = (await sentAnyway.json()) as { error: { details: { headers_not_signed: string[] } } };
    expect(refusal.error.details.headers_not_signed).toEqual(['x-amz-server-side-encryption']);
    const plain = await put(res.body.upload_url, { 'Content-Type': 'application/pdf' });
    expect(plain.status).toBe(200);
    const parsed = await api.call('POST', '/v1/parse', { key: keys.proTest, form: { document_key: res.body.document_key } });
    expect(parsed.status).not.toBe(409);
  });

  it('rejects a tampered signature and a tampered object key', async () => {
    const r = await receipt();
    const url = new URL(r.upload_url);
    const sig = url.searchParams.get('X-Amz-Signature')!;
    url.searchParams.set('X-Amz-Signature', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    const tamperedSig = await put(url.toString(), { 'Content-Type': 'application/pdf', 'x-amz-server-side-encryption': 'AES256' });
    const otherKey = r.upload_url.replace(r.document_key, '11111111-1111-4111-8111-111111111111');
    const tamperedKey = await put(otherKey, { 'Content-Type': 'application/pdf', 'x-amz-server-side-encryption': 'AES256' });
    expect(tamperedSig.status).toBe(403);
    expect(tamperedKey.status).toBe(403);
  });

  it('rejects an expired upload address', async () => {
    const store = new S3BlobStore(
      createS3Client({ region: 'us-east-1', s3Endpoint: inject('s3Endpoint'), credentials: EMULATOR_CREDENTIALS }),
      STORAGE.localBucket,
    );
    const url = await store.presignPut({ key: 'uploads/acme/expiry-test', contentType: 'application/pdf', expiresInSeconds: 1 });
    await new Promise((r) => setTimeout(r, 2100));
    const res = await put(url, { 'Content-Type': 'application/pdf', 'x-amz-server-side-encryption': 'AES256' });
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(/expired/i);
  });

  it('stores the bytes intact through the SDK streaming path', async () => {
    const s3 = createS3Client({ region: 'us-east-1', s3Endpoint: inject('s3Endpoint'), credentials: EMULATOR_CREDENTIALS });
    const payload = new Uint8Array(200_000).map((_, i) => i % 251);
    await s3.send(new PutObjectCommand({ Bucket: STORAGE.localBucket, Key: 'uploads/acme/stream-test', Body: payload }));
    const store = new S3BlobStore(s3, STORAGE.localBucket);
    expect((await store.head('uploads/acme/stream-test'))?.size).toBe(200_000);
    expect(Buffer.from(await store.getBytes('uploads/acme/stream-test')).equals(Buffer.from(payload))).toBe(true);
  });

  it('answers 409 document_not_uploaded when parse comes before the PUT', async () => {
    const r = await receipt();
    const res = await api.call('POST', '/v1/parse', { key: keys.proTest, form: { document_key: r.document_key } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('document_not_uploaded');
  });
});
