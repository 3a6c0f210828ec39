/**
 * PPTX (PresentationML): one page per slide, in presentation order (hidden
 * slides included).
 *
 * A slide's text is read shape by shape in the slide's shape-tree order, the
 * title placeholder first; each shape is a block, each DrawingML paragraph a
 * line; tables (`a:tbl`) become native tables with `gridSpan`/`rowSpan`
 * spans. The speaker notes follow as a last block starting `Notes:`. A
 * slide's page never flows over to another page: when a slide holds more than
 * 60 lines, its virtual page is taller than Letter. Charts, SmartArt and
 * images are not read; the `mc:Fallback` copy of content is skipped.
 *
 * @module
 */
import { DocumentLoadError } from '../../contracts/errors.ts';
import type { FlowItem, TableCellInput, TableInput } from '../text/virtual-page.ts';
import { mainPart, relationshipMap } from './package.ts';
import { attr, scanXml } from './xml-scan.ts';
import type { ZipArchive } from './zip.ts';

interface Shape {
  title: boolean;
  placeholder: string | undefined;
  paragraphs: string[];
}

type Content = { shape: Shape } | { table: TableInput };

const TITLE_TYPES = new Set(['title', 'ctrTitle']);
const NOTES_SKIPPED = new Set(['sldImg', 'sldNum', 'hdr', 'ftr', 'dt']);

/** Text content of a slide or notes part, in shape order. */
function readShapes(zip: ZipArchive, part: string): Content[] {
  const out: Content[] = [];
  let shape: Shape | undefined;
  let paragraph: string | undefined;
  let inText = false;
  let skipDepth = 0;
  let table: { rows: { cells: { text: string; gridSpan: number; rowSpan: number; covered: boolean }[] }[] } | undefined;
  let cell: { text: string; gridSpan: number; rowSpan: number; covered: boolean } | undefined;

  scanXml(zip.readText(part), {
    open(name, attrs, selfClosing) {
      if (skipDepth > 0) {
        // The scanner reports a close for self-closing elements too: count every open.
        skipDepth++;
        return;
      }
      switch (name) {
        case 'Fallback':
          skipDepth = 1;
          return;
        case 'sp':
          if (!selfClosing) shape = { title: false, placeholder: undefined, paragraphs: [] };
          return;
        case 'ph':
          if (shape) {
            shape.placeholder = attr(attrs, 'type') ?? 'body';
            shape.title = TITLE_TYPES.has(shape.placeholder);
          }
          return;
        case 'tbl':
          if (!selfClosing) table = { rows: [] };
          return;
        case 'tr':
          table?.rows.push({ cells: [] });
          return;
        case 'tc':
          if (table) {
            cell = {
              text: '',
              gridSpan: Math.max(1, Math.min(parseInt(attr(attrs, 'gridSpan') ?? '1', 10) || 1, 1000)),
              rowSpan: Math.max(1, Math.min(parseInt(attr(attrs, 'rowSpan') ?? '1', 10) || 1, 10_000)),
              covered: attr(attrs, 'hMerge') === '1' || attr(attrs, 'vMerge') === '1' || attr(attrs, 'hMerge') === 'true' || attr(attrs, 'vMerge') === 'true',
            };
            table.rows[table.rows.length - 1]?.cells.push(cell);
          }
          return;
        case 'p':
          paragraph = '';
          return;
        case 't':
          inText = !selfClosing && paragraph !== undefined;
          return;
        case 'br':
          if (paragraph !== undefined) paragraph += '\n';
          return;
        default:
          return;
      }
    },
    close(name) {
      if (skipDepth > 0) {
        skipDepth--;
        return;
      }
      switch (name) {
        case 't':
          inText = false;
          return;
        case 'p':
          if (paragraph !== undefined) {
            if (cell) cell.text += (cell.text ? '\n' : '') + paragraph;
            else shape?.paragraphs.push(paragraph);
          }
          paragraph = undefined;
          return;
        case 'tc':
          cell = undefined;
          return;
        case 'sp':
          if (shape && shape.paragraphs.some((p) => p.trim())) out.push({ shape });
          shape = undefined;
          return;
        case 'tbl':
          if (table) {
            const built = tableInput(table.rows);
            if (built.cells.some((c) => c.text.trim())) out.push({ table: built });
          }
          table = undefined;
          return;
        default:
          return;
      }
    },
    text(text) {
      if (inText && paragraph !== undefined) paragraph += text;
    },
  }, part);
  return out;
}

function tableInput(rows: { cells: { text: string; gridSpan: number; rowSpan: number; covered: boolean }[] }[]): TableInput {
  const cells: TableCellInput[] = [];
  let columns = 0;
  rows.forEach((row, r) => {
    row.cells.forEach((c, column) => {
      if (!c.covered) {
        cells.push({
          row: r,
          column,
          rowSpan: Math.min(c.rowSpan, rows.length - r),
          columnSpan: Math.min(c.gridSpan, row.cells.length - column),
          text: c.text.trim(),
        });
      }
    });
    columns = Math.max(columns, row.cells.length);
  });
  return { rows: rows.length, columns, cells };
}

/** The flow of a PPTX package: a forced page break before every slide after the first. */
export function pptxFlow(zip: ZipArchive): FlowItem[] {
  const presentation = mainPart(zip, 'ppt/presentation.xml', 'PowerPoint presentation');
  const rels = relationshipMap(zip, presentation);
  const slides: string[] = [];
  scanXml(zip.readText(presentation), {
    open(name, attrs) {
      if (name !== 'sldId') return;
      const rel = rels.get(attr(attrs, 'r:id') ?? '');
      if (rel && !rel.external && rel.type.endsWith('/slide') && zip.has(rel.target)) slides.push(rel.target);
    },
  }, presentation);
  if (slides.length === 0) throw new DocumentLoadError('document_empty', 'The presentation has no slides.');
  const flow: FlowItem[] = [];
  slides.forEach((slide, index) => {
    if (index > 0) flow.push({ type: 'page-break', force: true });
    const content = readShapes(zip, slide);
    const titles = content.filter((c) => 'shape' in c && c.shape.title);
    for (const item of [...titles, ...content.filter((c) => !titles.includes(c))]) {
      if ('shape' in item) flow.push({ type: 'paragraph', text: item.shape.paragraphs.join('\n') });
      else flow.push({ type: 'table', table: item.table });
    }
    const notes = [...relationshipMap(zip, slide).values()].find((r) => r.type.endsWith('/notesSlide') && !r.external);
    if (notes && zip.has(notes.target)) {
      const text = readShapes(zip, notes.target)
        .flatMap((c) => ('shape' in c && !NOTES_SKIPPED.has(c.shape.placeholder ?? '') ? [c.shape.paragraphs.join('\n')] : []))
        .join('\n')
        .trim();
      if (text) flow.push({ type: 'paragraph', text: `Notes: ${text}` });
    }
  });
  return flow;
}
