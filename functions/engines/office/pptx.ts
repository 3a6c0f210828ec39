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
  const reader = new ShapeReader();
  scanXml(zip.readText(part), reader, part);
  return reader.out;
}

interface SlideCell {
  text: string;
  gridSpan: number;
  rowSpan: number;
  covered: boolean;
}

/** A table cell from its `a:tc` attributes (spans capped, merge continuations marked covered). */
function slideCell(attrs: string): SlideCell {
  return {
    text: '',
    gridSpan: Math.max(1, Math.min(parseInt(attr(attrs, 'gridSpan') ?? '1', 10) || 1, 1000)),
    rowSpan: Math.max(1, Math.min(parseInt(attr(attrs, 'rowSpan') ?? '1', 10) || 1, 10_000)),
    covered: attr(attrs, 'hMerge') === '1' || attr(attrs, 'vMerge') === '1' || attr(attrs, 'hMerge') === 'true' || attr(attrs, 'vMerge') === 'true',
  };
}

/** The state of one pass over a slide or notes part: the shape, table, cell and paragraph being read. */
class ShapeReader {
  readonly out: Content[] = [];
  private shape: Shape | undefined;
  private paragraph: string | undefined;
  private inText = false;
  private skipDepth = 0;
  private table: { rows: { cells: SlideCell[] }[] } | undefined;
  private cell: SlideCell | undefined;

  open(name: string, attrs: string, selfClosing: boolean): void {
    if (this.skipDepth > 0) {
      // The scanner reports a close for self-closing elements too: count every open.
      this.skipDepth++;
      return;
    }
    switch (name) {
      case 'Fallback':
        this.skipDepth = 1;
        return;
      case 'sp':
        if (!selfClosing) this.shape = { title: false, placeholder: undefined, paragraphs: [] };
        return;
      case 'ph':
        if (this.shape) {
          this.shape.placeholder = attr(attrs, 'type') ?? 'body';
          this.shape.title = TITLE_TYPES.has(this.shape.placeholder);
        }
        return;
      case 'tbl':
        if (!selfClosing) this.table = { rows: [] };
        return;
      case 'tr':
        this.table?.rows.push({ cells: [] });
        return;
      case 'tc':
        if (this.table) {
          this.cell = slideCell(attrs);
          this.table.rows[this.table.rows.length - 1]?.cells.push(this.cell);
        }
        return;
      case 'p':
        this.paragraph = '';
        return;
      case 't':
        this.inText = !selfClosing && this.paragraph !== undefined;
        return;
      case 'br':
        if (this.paragraph !== undefined) this.paragraph += '\n';
        return;
      default:
        return;
    }
  }

  close(name: string): void {
    if (this.skipDepth > 0) {
      this.skipDepth--;
      return;
    }
    switch (name) {
      case 't':
        this.inText = false;
        return;
      case 'p':
        if (this.paragraph !== undefined) {
          if (this.cell) this.cell.text += (this.cell.text ? '\n' : '') + this.paragraph;
          else this.shape?.paragraphs.push(this.paragraph);
        }
        this.paragraph = undefined;
        return;
      case 'tc':
        this.cell = undefined;
        return;
      case 'sp':
        if (this.shape && this.shape.paragraphs.some((p) => p.trim())) this.out.push({ shape: this.shape });
        this.shape = undefined;
        return;
      case 'tbl':
        if (this.table) {
          const built = tableInput(this.table.rows);
          if (built.cells.some((c) => c.text.trim())) this.out.push({ table: built });
        }
        this.table = undefined;
        return;
      default:
        return;
    }
  }

  text(text: string): void {
    if (this.inText && this.paragraph !== undefined) this.paragraph += text;
  }
}

function tableInput(rows: { cells: SlideCell[] }[]): TableInput {
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
