/**
 * One borderless table from a run of rows: column separators from the body
 * (plus gaps between header labels over empty columns), words assigned to
 * columns (a segment running across a separator spans columns; a split
 * header label is moved to line up with its columns), the checks that tell a
 * table from prose, key-value blocks and letterheads, and the merging of
 * multi-line headers and continuation lines into their rows.
 *
 * @module
 */
import type { DocumentPage } from '../document-model.ts';
import { type Row, columnAt, separatorsOf } from './borderless-rows.ts';
import { median } from './geometry.ts';
import { type Box, type DetectedTable, type GridCell, bboxOf, isNumericText, toTable } from './table-assembly.ts';

type Separator = { start: number; end: number };

/** A cell of a borderless row: first column, columns spanned, words. */
interface Cell {
  col: number;
  span: number;
  boxes: Box[];
}

/** A row of the run with its cells. */
interface GridRow {
  row: Row;
  cells: Cell[];
}

/** A table row after merging: its cells and all of its words. */
interface MergedRow {
  cells: Cell[];
  boxes: Box[];
}

// Body extent of each column (left of the leftmost, right of the rightmost body text), for header alignment.
interface ColumnEdges {
  x0: number;
  x1: number;
  /** Spread of left and right edges of the body text: the aligned side has little. */
  x0Max: number;
  x1Min: number;
}

/** Column separators of a run, or none when the rows do not part into columns. */
function columnSeparators(rows: readonly Row[], unit: number): Separator[] | undefined {
  const minGap = 0.6 * unit;
  // Column separators from the body (the first row may be a header whose labels run wider).
  const body = rows.slice(1).filter((r) => r.segments.length >= 2);
  // A few rows may run across a separator (subtotal labels, section rows): allow about one in five.
  const basis = body.length >= 2 ? body : rows;
  const seps = separatorsOf(basis, minGap, Math.floor(0.2 * basis.length));
  if (seps.length === 0) return undefined;
  // Columns left empty in the body (a discount column nobody used) still have their header label:
  // a gap between two header labels over which no body text lies is a separator too.
  if (rows.length > 1 && rows[0].segments.length >= 2) {
    const head = rows[0].segments;
    for (let k = 1; k < head.length; k++) {
      const a = head[k - 1][head[k - 1].length - 1].x1;
      const b = head[k][0].x0;
      const ca = (head[k - 1][0].x0 + a) / 2;
      const cb = (b + head[k][head[k].length - 1].x1) / 2;
      if (seps.some((sp) => (sp.start + sp.end) / 2 > ca && (sp.start + sp.end) / 2 < cb)) continue;
      const blocked = rows.slice(1).some((r) => r.segments.some((seg) => seg[0].x0 < b && seg[seg.length - 1].x1 > a));
      if (!blocked) seps.push({ start: a, end: b });
    }
    seps.sort((p, q) => p.start + p.end - (q.start + q.end));
  }
  return seps;
}

/** Where the body text of each column starts and ends (segments within one column only). */
function columnEdgesOf(rows: readonly Row[], seps: readonly Separator[], C: number): ColumnEdges[] {
  const edges = Array.from({ length: C }, () => ({ x0: Infinity, x1: -Infinity, x0Max: -Infinity, x1Min: Infinity }));
  for (const r of rows.slice(1)) {
    for (const seg of r.segments) {
      const c = columnAt(seps, (seg[0].x0 + seg[0].x1) / 2);
      if (c !== columnAt(seps, (seg[seg.length - 1].x0 + seg[seg.length - 1].x1) / 2)) continue;
      const e = edges[c];
      e.x0 = Math.min(e.x0, seg[0].x0);
      e.x0Max = Math.max(e.x0Max, seg[0].x0);
      e.x1 = Math.max(e.x1, seg[seg.length - 1].x1);
      e.x1Min = Math.min(e.x1Min, seg[seg.length - 1].x1);
    }
  }
  return edges;
}

/**
 * Two header pieces over two columns: moves the split to the word gap whose pieces line up
 * best with their columns' body text (left or right edges; labels align like their values).
 * Rewrites `parts` and returns the two columns, or undefined when they do not apply.
 */
function realignSplit(parts: Box[][], colEdges: ColumnEdges[], seps: readonly Separator[], unit: number): [number, number] | undefined {
  const words = [...parts[0], ...parts[1]];
  const ca = columnAt(seps, (parts[0][0].x0 + parts[0][0].x1) / 2);
  const cb = columnAt(seps, (parts[1][parts[1].length - 1].x0 + parts[1][parts[1].length - 1].x1) / 2);
  const ea = colEdges[ca];
  const eb = colEdges[cb];
  if (ca >= cb || !ea || !eb || !Number.isFinite(ea.x0) || !Number.isFinite(eb.x0)) return undefined;
  // Distance of a piece from its column's aligned edges (left for left-aligned text, right for
  // right-aligned numbers, both for a column of equal-width values; the nearer one when ragged).
  const misfit = (p: Box[], e: ColumnEdges) => {
    const left = Math.abs(p[0].x0 - e.x0);
    const right = Math.abs(p[p.length - 1].x1 - e.x1);
    const leftAligned = e.x0Max - e.x0 <= 0.3 * unit;
    const rightAligned = e.x1 - e.x1Min <= 0.3 * unit;
    if (leftAligned && rightAligned) return left + right;
    if (leftAligned) return left;
    if (rightAligned) return right;
    return Math.min(left, right);
  };
  let best = parts[0].length;
  let bestScore = Infinity;
  for (let k = 1; k < words.length; k++) {
    const score = misfit(words.slice(0, k), ea) + misfit(words.slice(k), eb);
    if (score < bestScore - 1e-9) {
      bestScore = score;
      best = k;
    }
  }
  parts[0] = words.slice(0, best);
  parts[1] = words.slice(best);
  return [ca, cb];
}

/** Assigns each row's segments to columns; a segment spanning separators spans columns. */
function assignCells(rows: readonly Row[], seps: readonly Separator[], unit: number): GridRow[] {
  let edges: ColumnEdges[] | undefined;
  // Computed on first use: only split header labels need the body's column edges.
  const colEdgesOf = () => (edges ??= columnEdgesOf(rows, seps, seps.length + 1));
  return rows.map((row, rowIndex) => {
    const cells: Cell[] = [];
    for (const seg of row.segments) {
      // Header labels: split a segment between words whose centres fall in different columns.
      // Body text running across a separator stays whole and spans columns.
      let part: Box[] = [];
      const parts: Box[][] = [];
      for (const b of seg) {
        const last = part[part.length - 1];
        if (rowIndex === 0 && last && columnAt(seps, (last.x0 + last.x1) / 2) !== columnAt(seps, (b.x0 + b.x1) / 2)) {
          parts.push(part);
          part = [];
        }
        part.push(b);
      }
      if (part.length) parts.push(part);
      const forced = parts.length === 2 ? realignSplit(parts, colEdgesOf(), seps, unit) : undefined;
      for (const [pi, p] of parts.entries()) {
        // Columns by word centres: right-aligned numbers and wide labels overhang their column edges.
        const c0 = forced ? forced[pi] : columnAt(seps, (p[0].x0 + p[0].x1) / 2);
        const c1 = forced ? forced[pi] : columnAt(seps, (p[p.length - 1].x0 + p[p.length - 1].x1) / 2);
        const prev = cells[cells.length - 1];
        if (prev && prev.col + prev.span - 1 >= c0) {
          // Same column as the previous piece: merge.
          prev.boxes.push(...p);
          prev.span = Math.max(prev.span, c1 - prev.col + 1);
        } else cells.push({ col: c0, span: Math.max(1, c1 - c0 + 1), boxes: [...p] });
      }
    }
    return { row, cells };
  });
}

/**
 * The numeric columns of the grid when it reads as a table; undefined for
 * prose set in columns, key-value blocks and label columns.
 */
function numericColumnsOfTable(grid: readonly GridRow[], C: number): Set<number> | undefined {
  // Quality: columns used, numeric columns, prose-like cells.
  const cellTexts = grid.flatMap((g) => g.cells.map((c) => c.boxes.map((b) => b.text).join(' ')));
  const wordsPerCell = median(grid.flatMap((g) => g.cells.map((c) => c.boxes.length)));
  const numericColumns = new Set<number>();
  for (let c = 0; c < C; c++) {
    const texts = grid.slice(1).flatMap((g) => g.cells.filter((x) => x.col === c && x.span === 1).map((x) => x.boxes.map((b) => b.text).join(' ')));
    if (texts.length >= 2 && texts.filter(isNumericText).length >= 0.6 * texts.length) numericColumns.add(c);
  }
  const keyValue = grid.filter((g) => g.cells[0] && /:$/.test(g.cells[0].boxes[g.cells[0].boxes.length - 1].text)).length >= 0.5 * grid.length;
  const multiRows = grid.filter((g) => g.cells.length >= 2).length;
  if (multiRows < 2) return undefined;
  if (keyValue && C <= 2) return undefined;
  // A column of labels ("Date:", "Due Date:"): a key-value layout, not a table.
  const labelColumn = Array.from({ length: C }, (_, c) => {
    const texts = grid.flatMap((g) => g.cells.filter((x) => x.col === c).map((x) => x.boxes[x.boxes.length - 1].text));
    return texts.length >= 2 && texts.filter((t) => t.endsWith(':')).length >= 0.6 * texts.length;
  }).some(Boolean);
  if (labelColumn) return undefined;
  if (C === 2 && (numericColumns.size === 0 || multiRows < 3)) return undefined;
  if (numericColumns.size === 0 && (wordsPerCell > 4 || C < 3 || cellTexts.length < 6)) return undefined;
  return numericColumns;
}

/** Merges a header of several text lines into one row, and continuation lines into the body row above. */
function mergeRows(grid: readonly GridRow[], numericColumns: ReadonlySet<number>, unit: number): MergedRow[] {
  const filledPerRow = grid.map((g) => g.cells.length);
  const textOfCell = (c: Cell) => c.boxes.map((b) => b.text).join(' ');
  const isLabelRow = (g: { cells: Cell[] }) =>
    g.cells.every((c) => !isNumericText(textOfCell(c))) && g.cells.every((c) => /\p{L}/u.test(textOfCell(c)));
  const mergeInto = (prev: MergedRow, g: GridRow) => {
    for (const c of g.cells) {
      const target = prev.cells.find((p) => c.col >= p.col && c.col < p.col + p.span);
      if (target) target.boxes.push(...c.boxes);
      else prev.cells.push({ ...c, boxes: [...c.boxes] });
    }
    prev.boxes.push(...g.row.boxes);
    prev.cells.sort((a, b) => a.col - b.col);
  };
  const merged: MergedRow[] = [];
  // A header of several text lines (labels only, tightly spaced) becomes one row.
  let bodyStart = 0;
  if (grid.length > 2 && isLabelRow(grid[0])) {
    merged.push({ cells: grid[0].cells.map((c) => ({ ...c, boxes: [...c.boxes] })), boxes: [...grid[0].row.boxes] });
    bodyStart = 1;
    while (bodyStart < grid.length - 1 && isLabelRow(grid[bodyStart]) && grid[bodyStart].row.y0 - grid[bodyStart - 1].row.y1 <= 0.6 * unit) {
      mergeInto(merged[0], grid[bodyStart]);
      bodyStart++;
    }
  }
  // Continuation lines: a row with no numeric cell filling few columns joins the body row above.
  const typicalFilled = median(filledPerRow.filter((n) => n >= 2));
  for (let idx = bodyStart; idx < grid.length; idx++) {
    const g = grid[idx];
    const numeric = g.cells.some((c) => isNumericText(textOfCell(c)));
    const prev = merged[merged.length - 1];
    const continuation =
      prev && idx > bodyStart && !numeric && g.cells.length <= Math.max(1, typicalFilled / 2) && g.cells.every((c) => !numericColumns.has(c.col));
    if (continuation) mergeInto(prev, g);
    else merged.push({ cells: g.cells.map((c) => ({ ...c, boxes: [...c.boxes] })), boxes: [...g.row.boxes] });
  }
  return merged;
}

/** Grid cells of the merged rows, every row filled out to C columns with empty cells. */
function gridCellsOf(merged: readonly MergedRow[], C: number): GridCell[] {
  const cells: GridCell[] = [];
  merged.forEach((m, r) => {
    let next = 0;
    for (const c of m.cells) {
      const col = Math.max(c.col, next);
      const span = Math.max(1, Math.min(c.span, C - col));
      if (col >= C) {
        cells[cells.length - 1]?.boxes.push(...c.boxes);
        continue;
      }
      // Fill skipped columns with empty cells.
      for (let k = next; k < col; k++) cells.push({ row: r, column: k, rowSpan: 1, columnSpan: 1, boxes: [] });
      cells.push({ row: r, column: col, rowSpan: 1, columnSpan: span, boxes: c.boxes });
      next = col + span;
    }
    for (let k = next; k < C; k++) cells.push({ row: r, column: k, rowSpan: 1, columnSpan: 1, boxes: [] });
  });
  return cells;
}

/** The table a run of rows forms, or undefined when it does not read as one. */
export function tableOf(rows: Row[], page: DocumentPage, unit: number): DetectedTable | undefined {
  if (rows.filter((r) => r.segments.length >= 2).length < 2) return undefined;
  const seps = columnSeparators(rows, unit);
  if (!seps) return undefined;
  const C = seps.length + 1;
  const grid = assignCells(rows, seps, unit);
  const numericColumns = numericColumnsOfTable(grid, C);
  if (!numericColumns) return undefined;
  const merged = mergeRows(grid, numericColumns, unit);

  if (median(merged.map((m) => m.cells.length)) < 2) return undefined;
  // Text-only grids in the top or bottom band are letterheads and footers set in columns.
  const H = page.height || 1;
  const top = Math.min(...rows.map((r) => r.y0)) / H;
  const bottom = Math.max(...rows.map((r) => r.y1)) / H;
  if (numericColumns.size === 0 && (top > 0.85 || bottom < 0.15)) return undefined;
  // Text-only grids that the reading-order layout split into side-by-side columns are text
  // columns (addresses next to key-value blocks), not a table: that layout leaves tables whole.
  if (numericColumns.size === 0 && splitIntoColumns(page, rows)) return undefined;
  const cells = gridCellsOf(merged, C);
  const all = merged.flatMap((m) => m.boxes);
  const bbox = bboxOf(all);
  const colEdges = [bbox[0], ...seps.map((s) => (s.start + s.end) / 2), bbox[2]];
  const rowBoxes = merged.map((m) => bboxOf(m.boxes));
  return toTable(cells, merged.length, C, bbox, page, 'borderless', false, (c) => [
    colEdges[c.column],
    rowBoxes[c.row][1],
    colEdges[c.column + c.columnSpan],
    rowBoxes[c.row + c.rowSpan - 1][3],
  ]);
}

/** Do two layout blocks among these rows stand side by side (the layout found a column gutter)? */
function splitIntoColumns(page: DocumentPage, rows: readonly Row[]): boolean {
  const W = page.width || 1;
  const H = page.height || 1;
  const x0 = Math.min(...rows.map((r) => r.boxes[0].x0)) / W;
  const x1 = Math.max(...rows.map((r) => r.boxes[r.boxes.length - 1].x1)) / W;
  const y0 = Math.min(...rows.map((r) => r.y0)) / H;
  const y1 = Math.max(...rows.map((r) => r.y1)) / H;
  const blocks = page.blocks.filter((b) => {
    const cx = (b.bbox[0] + b.bbox[2]) / 2;
    const cy = (b.bbox[1] + b.bbox[3]) / 2;
    return cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1 && b.lineIndexes.length >= 2;
  });
  for (let i = 0; i < blocks.length; i++) {
    for (let j = i + 1; j < blocks.length; j++) {
      const a = blocks[i].bbox;
      const b = blocks[j].bbox;
      const overlapY = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
      const apart = a[2] <= b[0] || b[2] <= a[0];
      if (apart && overlapY > 0.5 * Math.min(a[3] - a[1], b[3] - b[1])) return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------
