/**
 * The sizes image data claims (image-claims.ts), read from headers only, and
 * the charge of pdf.js's JPEG decoder by them (image-decode-bounds.ts): a
 * JPEG whose frame claims more pixels than the cap is refused at decode,
 * whatever the PDF dictionary says.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DocumentLoadError } from '../../../functions/contracts/errors.ts';
import { jbig2ClaimedSize, jpegClaimedSize } from '../../../functions/engines/pdf/image-claims.ts';
import { loadPdf } from '../../../functions/engines/pdf/pdf-text-backend.ts';

/** A JPEG whose frame header is rewritten to claim `width`×`height`. */
async function lyingJpeg(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
    .jpeg()
    .toBuffer();
  const sof = jpeg.findIndex((b, i) => b === 0xff && jpeg[i + 1] === 0xc0);
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

/** One page painting `jpeg` as an 8×8 image (the dictionary tells the truth, the data does not). */
function pdfWithJpeg(jpeg: Buffer): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /XObject << /Im 5 0 R >> >> >>',
  ];
  const content = Buffer.from('q 100 0 0 100 50 50 cm /Im Do Q');
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  const add = (body: Buffer) => {
    offsets.push(parts.reduce((n, p) => n + p.length, 0));
    parts.push(Buffer.concat([Buffer.from(`${offsets.length} 0 obj\n`), body, Buffer.from('\nendobj\n')]));
  };
  for (const o of objects) add(Buffer.from(o));
  add(Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from('\nendstream')]));
  add(
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width 8 /Height 8 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`,
      ),
      jpeg,
      Buffer.from('\nendstream'),
    ]),
  );
  const xrefAt = parts.reduce((n, p) => n + p.length, 0);
  const xref = ['xref', `0 ${offsets.length + 1}`, '0000000000 65535 f ', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `)].join(
    '\n',
  );
  parts.push(Buffer.from(`${xref}\ntrailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`));
  return Buffer.concat(parts);
}

describe('claimed image sizes', () => {
  it('reads a JPEG frame header, after leading junk, and nothing from non-JPEG bytes', async () => {
    const jpeg = await lyingJpeg(30_000, 20_000);
    expect(jpegClaimedSize(jpeg)).toEqual({ width: 30_000, height: 20_000, components: 3 });
    expect(jpegClaimedSize(Buffer.concat([Buffer.from('junk'), jpeg]))).toMatchObject({ width: 30_000 });
    expect(jpegClaimedSize(Buffer.from('not a jpeg at all'))).toBeUndefined();
  });

  it('reads the largest JBIG2 page or region from segment headers', () => {
    // Segment 0: page information (type 48), page 1, 19 data bytes: 40000 × 50000.
    const page = Buffer.alloc(11 + 19);
    page.writeUInt32BE(0, 0);
    page[4] = 48;
    page[5] = 0; // no referred segments
    page[6] = 1; // page association
    page.writeUInt32BE(19, 7);
    page.writeUInt32BE(40_000, 11);
    page.writeUInt32BE(50_000, 15);
    expect(jbig2ClaimedSize([page])).toEqual({ width: 40_000, height: 50_000, components: 1 });
    expect(jbig2ClaimedSize([Buffer.alloc(3)])).toBeUndefined();
  });

  it('refuses a PDF whose 8×8 JPEG image claims 30000×20000 pixels in its frame header (image_bomb)', async () => {
    const pdf = await loadPdf(pdfWithJpeg(await lyingJpeg(30_000, 20_000)));
    try {
      const error = await pdf.renderPng(1).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DocumentLoadError);
      expect((error as DocumentLoadError).details).toMatchObject({ reason: 'image_bomb', image_type: 'JPEG', width: 30_000, height: 20_000 });
    } finally {
      await pdf.close();
    }
  });

  it('renders a PDF whose JPEG tells the truth', async () => {
    const pdf = await loadPdf(pdfWithJpeg(await lyingJpeg(8, 8)));
    try {
      const { width } = await pdf.renderPng(1);
      expect(width).toBeGreaterThan(0);
    } finally {
      await pdf.close();
    }
  });
});
