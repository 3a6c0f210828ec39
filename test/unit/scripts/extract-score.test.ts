import { describe, expect, it } from 'vitest';
import { lenientSame, normaliseName, prf, strictSame } from '../../../scripts/eval/extract-score.ts';
import { jpegSize, OCR_VERSION, ocrCacheKey } from '../../../scripts/eval/receipt-pages.ts';
import { OCR_OUTPUT_REVISION } from '../../../functions/engines/ocr/ocr-page.ts';

describe('strict extract scoring', () => {
  it('drops trailing legal forms, case, accents and punctuation from names, nothing else', () => {
    expect(normaliseName('Brightwave Lösungen GmbH & Co. KG')).toBe('brightwave losungen');
    expect(normaliseName('KEDAI RUNCIT ANGSA (M) SDN. BHD.')).toBe('kedai runcit angsa');
    expect(strictSame('name', 'Quillmark Limited', 'QUILLMARK')).toBe(true);
    expect(strictSame('name', 'GMBH', 'Beispiel-Kunde GmbH')).toBe(false);
    expect(strictSame('name', 'Limited', 'Quillmark Limited')).toBe(false);
  });

  it('counts containment only as lenient', () => {
    expect(lenientSame('name', 'GMBH', 'Beispiel-Kunde GmbH')).toBe(true);
    expect(strictSame('address', '12 Jalan Contoh, 50000 Kuala Lumpur', '12 JALAN CONTOH, TAMAN UJI, 50000 KUALA LUMPUR')).toBe(false);
    expect(lenientSame('address', '12 JALAN CONTOH', '12 JALAN CONTOH, TAMAN UJI')).toBe(true);
    expect(strictSame('address', '12 Jalan Contoh,  Taman Uji.', '12 JALAN CONTOH, TAMAN UJI')).toBe(true);
  });

  it('reads a chain name from the first one or two words of the printed name', () => {
    expect(strictSame('merchant', 'Elektro Haus Musterstadt', 'elektrohaus')).toBe(true);
    expect(strictSame('merchant', 'NORDKAUF Filiale 12', 'nordkauf')).toBe(true);
    expect(strictSame('merchant', 'Danke für Ihren Einkauf', 'nordkauf')).toBe(false);
  });

  it('compares amounts to the cent and dates exactly', () => {
    expect(strictSame('amount', '21.20', '21.2')).toBe(true);
    expect(strictSame('amount', '20.00', '21.20')).toBe(false);
    expect(strictSame('date', '2024-03-05', '2024-05-03')).toBe(false);
  });

  it('computes P/R/F1 from counts', () => {
    expect(prf(8, 10, 16)).toEqual({ precision: 0.8, recall: 0.5, f1: 0.615 });
    expect(prf(0, 0, 3)).toEqual({ precision: 0, recall: 0, f1: 0 });
  });

  it('reads a JPEG size from its frame header', () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x2c, 0x00, 0xc8, 0x03]);
    expect(jpegSize(jpeg)).toEqual({ width: 200, height: 300 });
    expect(jpegSize(new Uint8Array([1, 2, 3]))).toBeUndefined();
  });
});

describe('extract OCR cache', () => {
  it('keys a reading by the image and the OCR that read it, so a changed OCR reads again', () => {
    const image = new Uint8Array([0xff, 0xd8, 1, 2, 3]);
    expect(OCR_VERSION).toContain(`#r${OCR_OUTPUT_REVISION}`);
    expect(ocrCacheKey(image)).toBe(ocrCacheKey(new Uint8Array(image)));
    expect(ocrCacheKey(image)).not.toBe(ocrCacheKey(image, `${OCR_VERSION}+1`));
    expect(ocrCacheKey(image)).not.toBe(ocrCacheKey(new Uint8Array([0xff, 0xd8, 1, 2, 4])));
  });
});
