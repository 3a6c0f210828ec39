/**
 * `tsx scripts/eval/unfamiliar-extract.ts [--quiet] [--json FILE]`: extraction on invented documents of designs our
 * generators do not make (unfamiliar-invoices.ts, unfamiliar-receipts.ts). Each invoice is rendered as a text-layer
 * PDF (pdf-lib) and written as a plain-text file, and both are read as the API reads them (openDocument + extract);
 * each receipt is one OCR-read page (a text line per printed row). Vendor, date, number and total are scored strictly
 * as the extract eval scores them (the receipts' vendor as the German receipts' merchant).
 *
 * A development set: its documents were looked at while fixing, so its score says what was fixed, not how well the
 * engine does on documents nobody looked at (that stays the corpus's folds over sellers).
 *
 * @module
 */
import { writeFile } from 'node:fs/promises';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { BBox, DocumentPage, Word } from '../../functions/engines/document-model.ts';
import { extractFinancial } from '../../functions/engines/extract/financial.ts';
import { openDocument } from '../../functions/engines/registry.ts';
import { strictSame, type FieldKind } from './extract-score.ts';
import { INVENTED_INVOICES, type InventedInvoice, type Row } from './unfamiliar-invoices.ts';
import { INVENTED_RECEIPTS, type InventedReceipt } from './unfamiliar-receipts.ts';

const STEP = 0.02;

/** Each row's cells with their place on the page (x, y as shares of the page), large rows taller. */
function placed(rows: readonly Row[]): { x: number; y: number; text: string; big: boolean }[] {
  const out: { x: number; y: number; text: string; big: boolean }[] = [];
  let y = 0.05;
  for (const row of rows) {
    if (row === '~') {
      y = Math.max(y + STEP, 0.9);
      continue;
    }
    const cells = typeof row === 'string' ? [[0.08, row] as const] : row;
    for (const [x, t] of cells) if (t) out.push({ x, y, text: t.replace(/^\*\*/, ''), big: t.startsWith('**') });
    y += cells.some(([, t]) => t.startsWith('**')) ? STEP * 1.6 : STEP;
  }
  return out;
}

/** The invoice as a one-page text-layer PDF. */
export async function invoicePdf(invoice: InventedInvoice): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setCreationDate(new Date(Date.UTC(2026, 0, 1)));
  doc.setModificationDate(new Date(Date.UTC(2026, 0, 1)));
  const [regular, bold] = [await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold)];
  const page = doc.addPage([595, 842]);
  for (const c of placed(invoice.rows)) {
    const size = c.big ? 15 : 8.5;
    // A footer's legal line may be longer than the page: set it smaller.
    const fit = Math.min(size, (0.86 * 595) / Math.max(1, regular.widthOfTextAtSize(c.text, 1)));
    page.drawText(c.text, { x: c.x * 595, y: 842 - c.y * 842 - size, size: fit, font: c.big ? bold : regular });
  }
  return doc.save({ useObjectStreams: false });
}

/** The invoice as plain text: each cell at its column (a hundredth of the page a character). */
export function invoiceText(invoice: InventedInvoice): string {
  const lines: string[] = [];
  for (const row of invoice.rows) {
    if (row === '~') {
      lines.push('', '');
      continue;
    }
    const cells = typeof row === 'string' ? [[0.08, row] as const] : row;
    let line = '';
    for (const [x, t] of cells) {
      const col = Math.round(x * 100);
      line = line.length < col ? line.padEnd(col) : `${line}   `;
      line += t.replace(/^\*\*/, '');
    }
    lines.push(line.trimEnd());
  }
  return `${lines.join('\n')}\n`;
}

/** A receipt as one OCR-read page: a centred line per row, its words spread over the line by characters. */
export function receiptPage(receipt: InventedReceipt): DocumentPage {
  const words: Word[] = [];
  let y = 0.04;
  const lines = receipt.rows.map((text) => {
    const width = Math.min(0.9, 0.1 + text.length * 0.016);
    const bbox: BBox = [0.5 - width / 2, y, 0.5 + width / 2, y + 0.018];
    y += 0.024;
    const wordIndexes: number[] = [];
    let at = 0;
    for (const token of text.split(' ')) {
      const x0 = bbox[0] + ((bbox[2] - bbox[0]) * at) / text.length;
      const x1 = bbox[0] + ((bbox[2] - bbox[0]) * (at + token.length)) / text.length;
      wordIndexes.push(words.length);
      words.push({ text: token, bbox: [x0, bbox[1], x1, bbox[3]], confidence: 0.9, source: 'ocr' });
      at += token.length + 1;
    }
    return { text, bbox, wordIndexes };
  });
  return { pageNumber: 1, width: 1, height: 1, words, lines, blocks: [], text: receipt.rows.join('\n'), source: 'ocr' };
}

async function pagesOf(bytes: Uint8Array, filename: string): Promise<DocumentPage[]> {
  const document = await openDocument(bytes, { filename });
  try {
    return [...(await document.extract()).pages];
  } finally {
    await document.close();
  }
}

interface Result {
  readonly id: string;
  readonly form: 'pdf' | 'text' | 'ocr';
  readonly field: string;
  readonly ok: boolean;
  readonly got: string | null;
  readonly truth: string;
}

const INVOICE_KINDS: Record<string, FieldKind> = { vendor_name: 'name', invoice_date: 'date', invoice_number: 'code', total_amount: 'amount' };

/** Every field of every invented document, read. */
export async function unfamiliarResults(): Promise<Result[]> {
  const results: Result[] = [];
  for (const invoice of INVENTED_INVOICES) {
    const forms = [
      ['pdf', await pagesOf(await invoicePdf(invoice), `${invoice.id}.pdf`)],
      ['text', await pagesOf(new TextEncoder().encode(invoiceText(invoice)), `${invoice.id}.txt`)],
    ] as const;
    for (const [form, pages] of forms) {
      const { entities } = extractFinancial(pages);
      for (const [field, kind] of Object.entries(INVOICE_KINDS)) {
        const truth = invoice.truth[field as keyof InventedInvoice['truth']];
        const got = entities[field] ?? null;
        results.push({ id: invoice.id, form, field, ok: got !== null && strictSame(kind, got, truth), got, truth });
      }
    }
  }
  for (const receipt of INVENTED_RECEIPTS) {
    const { entities } = extractFinancial([receiptPage(receipt)]);
    const fields: [string, string, FieldKind, string][] = [
      ['vendor_name', 'vendor_name', 'merchant', receipt.truth.vendor],
      ['invoice_date', 'invoice_date', 'date', receipt.truth.invoice_date],
      ['total_amount', 'total_amount', 'amount', receipt.truth.total_amount],
    ];
    for (const [field, entity, kind, truth] of fields) {
      const got = entities[entity] ?? null;
      results.push({ id: receipt.id, form: 'ocr', field, ok: got !== null && strictSame(kind, got, truth), got, truth });
    }
  }
  return results;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const results = await unfamiliarResults();
  const groups = new Map<string, { right: number; of: number }>();
  for (const r of results) {
    for (const k of [`${r.form} ${r.field}`, `${r.form} all`, 'all']) {
      const g = groups.get(k) ?? { right: 0, of: 0 };
      g.of++;
      if (r.ok) g.right++;
      groups.set(k, g);
    }
  }
  if (!args.includes('--quiet'))
    for (const r of results.filter((x) => !x.ok)) console.log(`miss ${r.form.padEnd(4)} ${r.field.padEnd(14)} ${r.id.padEnd(26)} ${JSON.stringify(r.got)} ≠ ${JSON.stringify(r.truth)}`);
  for (const [k, g] of [...groups].sort()) console.log(`${k.padEnd(22)} ${(g.right / g.of).toFixed(3)} (${g.right}/${g.of})`);
  const at = args.indexOf('--json');
  if (at >= 0) await writeFile(args[at + 1], JSON.stringify({ groups: Object.fromEntries(groups), results }, null, 1));
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
