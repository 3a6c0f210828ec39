/**
 * Hand-written PDF files for the hostile fixtures: deterministic filler
 * bytes, objects and streams assembled with a correct cross-reference table,
 * and the standard security handler (RC4 revisions 2 and 3, AES-256
 * revision 6) following ISO 32000-2, 7.6.4, with fixed salts and IVs.
 *
 * @module
 */
import { createCipheriv, createHash } from 'node:crypto';

/** Park–Miller PRNG bytes. */
export function prngBytes(seed: number, length: number): Buffer {
  let s = seed % 2147483647 || 1;
  const out = Buffer.alloc(length);
  for (let i = 0; i < length; i++) {
    s = (s * 48271) % 2147483647;
    out[i] = s & 0xff;
  }
  return out;
}

// ---------------------------------------------------------------------------
// A raw PDF writer (objects numbered 1…n, object 1 is the catalog)
// ---------------------------------------------------------------------------

export type PdfObject = string | Buffer;

interface RawPdfOptions {
  readonly trailerExtra?: string;
  readonly version?: string;
  /** Replace the xref offsets by these (corrupt xref). */
  readonly lieOffsets?: (real: number) => number;
  readonly startxref?: (real: number) => number;
}

export function stream(dict: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);
}

export function rawPdf(objects: readonly PdfObject[], options: RawPdfOptions = {}): Buffer {
  const chunks: Buffer[] = [Buffer.from(`%PDF-${options.version ?? '1.7'}\n%\xe2\xe3\xcf\xd3\n`, 'latin1')];
  let offset = chunks[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    offsets.push(offset);
    offset += chunk.length;
    chunks.push(chunk);
  });
  const lie = options.lieOffsets ?? ((n: number) => n);
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((off) => `${String(lie(off)).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R ${options.trailerExtra ?? ''}>>`,
    'startxref',
    String((options.startxref ?? ((n: number) => n))(offset)),
    '%%EOF',
    '',
  ].join('\n');
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}

export const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';

/** Catalog, pages, one page with `text` in `mediaBox`, its content (`content` encoded with `filter`), the font: objects 1–5. */
export function onePageObjects(text: string, mediaBox = '[0 0 612 792]', content?: Buffer, filter = ''): PdfObject[] {
  const ops = content ?? Buffer.from(`BT /F1 24 Tf 72 700 Td (${text}) Tj ET`, 'latin1');
  return [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox ${mediaBox} /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    stream(filter, ops),
    FONT,
  ];
}

// ---------------------------------------------------------------------------
// PDF standard security handler (ISO 32000-2, 7.6.4)
// ---------------------------------------------------------------------------

/** The standard security handler's password padding (PDF 32000-1, 7.6.3.3). */
export const PAD = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');
const FILE_ID = Buffer.from('5d0c7a1e9b3f44c2a8e6f0d1b2c3a4e5', 'hex');
const ID_ENTRY = `/ID [<${FILE_ID.toString('hex')}> <${FILE_ID.toString('hex')}>]`;
/** Print + copy etc. allowed (bits 3-6, 9-12 set; reserved high bits set). */
const PERMISSIONS = -3904;

/** RC4, as the standard security handler of revisions 2 and 3 encrypts with it (also used by scripts/make-fixtures.ts). */
export function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i] + key[i % key.length]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
    out[n] = data[n] ^ s[(s[i] + s[j]) & 255];
  }
  return out;
}

export const md5 = (...parts: Uint8Array[]) => createHash('md5').update(Buffer.concat(parts)).digest();
export const padPassword = (password: string) => Buffer.concat([Buffer.from(password, 'latin1'), PAD]).subarray(0, 32);
export const xorEach = (key: Buffer, i: number) => Buffer.from(key.map((b) => b ^ i));

/** RC4 security handler, revision 2 (40-bit) or 3 (128-bit): returns the Encrypt dictionary and a per-object encryptor. */
export function rc4Handler(revision: 2 | 3, user: string, owner: string) {
  const n = revision === 2 ? 5 : 16;
  // Algorithm 3: O.
  let ownerHash = md5(padPassword(owner || user));
  if (revision === 3) for (let i = 0; i < 50; i++) ownerHash = md5(ownerHash);
  const ownerKey = ownerHash.subarray(0, n);
  let o = rc4(ownerKey, padPassword(user));
  if (revision === 3) for (let i = 1; i <= 19; i++) o = rc4(xorEach(ownerKey, i), o);
  // Algorithm 2: the file key.
  const p = Buffer.alloc(4);
  p.writeInt32LE(PERMISSIONS);
  let keyHash = md5(padPassword(user), o, p, FILE_ID);
  if (revision === 3) for (let i = 0; i < 50; i++) keyHash = md5(keyHash.subarray(0, n));
  const key = keyHash.subarray(0, n);
  // Algorithms 4 / 5: U.
  let u: Buffer;
  if (revision === 2) u = rc4(key, PAD);
  else {
    u = rc4(key, md5(PAD, FILE_ID));
    for (let i = 1; i <= 19; i++) u = rc4(xorEach(key, i), u);
    u = Buffer.concat([u, Buffer.alloc(16)]);
  }
  const dict =
    revision === 2
      ? `<< /Filter /Standard /V 1 /R 2 /P ${PERMISSIONS} /O <${o.toString('hex')}> /U <${u.toString('hex')}> >>`
      : `<< /Filter /Standard /V 2 /R 3 /Length 128 /P ${PERMISSIONS} /O <${o.toString('hex')}> /U <${u.toString('hex')}> >>`;
  const encrypt = (objectNumber: number, data: Buffer) => {
    const objectKey = md5(key, Buffer.from([objectNumber & 255, (objectNumber >> 8) & 255, (objectNumber >> 16) & 255, 0, 0])).subarray(
      0,
      Math.min(n + 5, 16),
    );
    return rc4(objectKey, data);
  };
  return { dict, encrypt };
}

function aes(bits: 128 | 256, mode: 'cbc' | 'ecb', key: Buffer, iv: Buffer | null, data: Buffer, padding: boolean): Buffer {
  const cipher = createCipheriv(`aes-${bits}-${mode}`, key, iv);
  cipher.setAutoPadding(padding);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

/** Algorithm 2.B (revision 6): the hardened SHA-2 hash of a password. */
function hashR6(password: Buffer, salt: Buffer, userKey: Buffer): Buffer {
  let k = createHash('sha256')
    .update(Buffer.concat([password, salt, userKey]))
    .digest();
  for (let round = 0; ; round++) {
    const k1 = Buffer.concat(Array.from({ length: 64 }, () => Buffer.concat([password, k, userKey])));
    const e = aes(128, 'cbc', k.subarray(0, 16), k.subarray(16, 32), k1, false);
    let sum = 0;
    for (let i = 0; i < 16; i++) sum += e[i];
    const algorithm = ['sha256', 'sha384', 'sha512'][sum % 3];
    k = createHash(algorithm).update(e).digest();
    if (round >= 63 && e[e.length - 1] <= round - 31) break;
  }
  return k.subarray(0, 32);
}

/** AES-256 security handler, revision 6 (V 5, AESV3). Deterministic salts and IVs. */
export function aes256Handler(user: string, owner: string) {
  const fileKey = prngBytes(256, 32);
  const [uvs, uks, ovs, oks] = [prngBytes(11, 8), prngBytes(12, 8), prngBytes(13, 8), prngBytes(14, 8)];
  const up = Buffer.from(user, 'utf8');
  const op = Buffer.from(owner || user, 'utf8');
  const zeroIv = Buffer.alloc(16);
  const u = Buffer.concat([hashR6(up, uvs, Buffer.alloc(0)), uvs, uks]);
  const ue = aes(256, 'cbc', hashR6(up, uks, Buffer.alloc(0)), zeroIv, fileKey, false);
  const o = Buffer.concat([hashR6(op, ovs, u), ovs, oks]);
  const oe = aes(256, 'cbc', hashR6(op, oks, u), zeroIv, fileKey, false);
  const permsPlain = Buffer.alloc(16);
  permsPlain.writeInt32LE(PERMISSIONS, 0);
  permsPlain.writeInt32LE(-1, 4);
  permsPlain.write('Tadb', 8, 'latin1');
  prngBytes(15, 4).copy(permsPlain, 12);
  const perms = aes(256, 'ecb', fileKey, null, permsPlain, false);
  const hex = (b: Buffer) => `<${b.toString('hex')}>`;
  const dict =
    `<< /Filter /Standard /V 5 /R 6 /Length 256 /CF << /StdCF << /AuthEvent /DocOpen /CFM /AESV3 /Length 32 >> >> ` +
    `/StmF /StdCF /StrF /StdCF /P ${PERMISSIONS} /O ${hex(o)} /U ${hex(u)} /OE ${hex(oe)} /UE ${hex(ue)} /Perms ${hex(perms)} >>`;
  const encrypt = (objectNumber: number, data: Buffer) => {
    const iv = prngBytes(100 + objectNumber, 16);
    return Buffer.concat([iv, aes(256, 'cbc', fileKey, iv, data, true)]);
  };
  return { dict, encrypt };
}

/** One page whose content stream (object 4) is encrypted; the Encrypt dictionary is object 6. */
export function encryptedPdf(handler: { dict: string; encrypt: (n: number, data: Buffer) => Buffer }, text: string): Buffer {
  const content = handler.encrypt(4, Buffer.from(`BT /F1 24 Tf 72 700 Td (${text}) Tj ET`, 'latin1'));
  const objects = onePageObjects(text, undefined, content);
  objects.push(handler.dict);
  return rawPdf(objects, { trailerExtra: `/Encrypt 6 0 R ${ID_ENTRY} `, version: '1.7' });
}

export const ENCRYPTION_PASSWORDS = { user: 'user-secret', owner: 'owner-secret' } as const;
