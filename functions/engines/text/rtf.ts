/**
 * RTF to paragraphs, tables and page breaks: a small single-pass tokenizer
 * (no dependency).
 *
 * Handles control words and symbols, `\'hh` in the document code page
 * (`\ansicpgN`, Windows-1252 by default, multi-byte code pages decoded
 * together), `\uN` with `\ucN` fallback skipping (surrogate pairs included),
 * `\par`/`\line`/`\tab`, `\page` and section breaks (`\sect`, unless
 * `\sbknone`), tables (`\trowd … \cell … \row`, with `\clmgf`/`\clmrg` and
 * `\clvmgf`/`\clvmrg` merges), `\bin N`, and skips non-text destinations
 * (`{\*…}`, font/colour/style tables, info, pictures, objects, headers,
 * footers, footnotes, field instructions; field results are kept).
 *
 * Bounded: linear time, group nesting capped at {@link MAX_RTF_DEPTH}.
 *
 * @module
 */
import { DocumentLoadError } from '../../contracts/errors.ts';
import { decodeWindows1252 } from './decode.ts';
import type { FlowItem, TableCellInput } from './virtual-page.ts';

export const MAX_RTF_DEPTH = 512;

const SKIP_DESTINATIONS = new Set([
  'fonttbl', 'colortbl', 'stylesheet', 'info', 'pict', 'object', 'objdata', 'header', 'headerl', 'headerr', 'headerf',
  'footer', 'footerl', 'footerr', 'footerf', 'footnote', 'fldinst', 'themedata', 'colorschememapping', 'latentstyles',
  'datastore', 'xmlnstbl', 'listtable', 'listoverridetable', 'rsidtbl', 'generator', 'pgdsctbl', 'filetbl', 'revtbl',
  'nonshppict', 'bkmkstart', 'bkmkend', 'xe', 'tc', 'template', 'mmathPr', 'userprops', 'docvar', 'annotation', 'atnid',
  'atnauthor', 'listtext', 'pntext', 'pntxta', 'pntxtb', 'sp', 'shpinst',
]);

const SYMBOLS: Record<string, string> = {
  emdash: '\u2014', endash: '\u2013', bullet: '\u2022', lquote: '\u2018', rquote: '\u2019', ldblquote: '\u201c',
  rdblquote: '\u201d', emspace: ' ', enspace: ' ', qmspace: ' ', zwj: '', zwnj: '',
};

interface GroupState {
  skip: boolean;
  uc: number;
}

interface CellDef {
  hMerge: 'first' | 'cont' | undefined;
  vMerge: 'first' | 'cont' | undefined;
}

function decoderFor(codePage: number): { decode(bytes: Uint8Array): string } {
  const labels: Record<number, string> = { 932: 'shift_jis', 936: 'gbk', 949: 'euc-kr', 950: 'big5', 65001: 'utf-8', 10000: 'macintosh' };
  const label = labels[codePage] ?? (codePage >= 874 && codePage <= 1258 ? `windows-${codePage}` : 'windows-1252');
  if (label === 'windows-1252') return { decode: decodeWindows1252 };
  try {
    return new TextDecoder(label);
  } catch {
    return { decode: decodeWindows1252 };
  }
}

type MutableCell = { -readonly [K in keyof TableCellInput]: TableCellInput[K] };

/** A table from its RTF rows: horizontal (`\clmrg`) and vertical (`\clvmrg`) continuation cells widen the cell they continue. */
function tableOf(tableRows: readonly { cells: string[]; defs: CellDef[] }[]): FlowItem {
  const cells: MutableCell[] = [];
  const grid: MutableCell[][] = [];
  let columns = 0;
  const lastInColumn = new Map<number, MutableCell>();
  tableRows.forEach((row, r) => {
    grid[r] = [];
    let column = 0;
    row.cells.forEach((text, i) => {
      const def = row.defs[i] ?? { hMerge: undefined, vMerge: undefined };
      if (def.hMerge === 'cont' && grid[r].length > 0) {
        const left = grid[r][grid[r].length - 1];
        left.columnSpan++;
        if (text.trim()) left.text = `${left.text} ${text}`.trim();
        column++;
        return;
      }
      if (def.vMerge === 'cont') {
        const above = lastInColumn.get(column);
        if (above && above.row + above.rowSpan === r) {
          above.rowSpan++;
          column++;
          return;
        }
      }
      const cell: MutableCell = { row: r, column, rowSpan: 1, columnSpan: 1, text: text.trim() };
      cells.push(cell);
      grid[r].push(cell);
      lastInColumn.set(column, cell);
      column++;
    });
    columns = Math.max(columns, column);
  });
  return { type: 'table', table: { rows: tableRows.length, columns, cells } };
}

/** @throws DocumentLoadError `document_corrupt` (not RTF, nesting too deep). */
export function parseRtf(source: string): FlowItem[] {
  if (!source.trimStart().startsWith('{\\rtf')) throw new DocumentLoadError('document_corrupt', 'The file is not an RTF document (it does not start with {\\rtf).');
  return new RtfReader(source).read();
}

/** The single pass over an RTF source: group state, the text being collected, and the table being built. */
class RtfReader {
  private readonly flow: FlowItem[] = [];
  private readonly stack: GroupState[] = [];
  private state: GroupState = { skip: false, uc: 1 };
  private decoder: { decode(bytes: Uint8Array): string } = decoderFor(1252);
  private paragraph = '';
  private pendingBytes: number[] = [];
  private skipChars = 0;
  private pendingBreak = false;
  // Tables.
  private inTable = false;
  private cellDefs: CellDef[] = [];
  private nextDef: CellDef = { hMerge: undefined, vMerge: undefined };
  private rowCells: string[] = [];
  private cellText = '';
  private tableRows: { cells: string[]; defs: CellDef[] }[] = [];
  private groupStart = false;
  private i = 0;

  constructor(private readonly source: string) {}

  read(): FlowItem[] {
    const { source } = this;
    const n = source.length;
    while (this.i < n) {
      const c = source[this.i];
      if (c === '{') this.openGroup();
      else if (c === '}') this.closeGroup();
      else if (c === '\r' || c === '\n') this.i++;
      else if (c !== '\\') this.plainText();
      else if (source[this.i + 1] === undefined) break;
      else if (!/[a-zA-Z]/.test(source[this.i + 1])) this.controlSymbol(source[this.i + 1]);
      else this.controlWord();
    }
    this.endParagraph();
    const { inTable, rowCells, cellText } = this;
    if (inTable && (rowCells.length || cellText.trim())) this.tableRows.push({ cells: [...rowCells, ...(cellText.trim() ? [cellText] : [])], defs: this.cellDefs });
    this.flushTable();
    if (this.paragraph.trim()) this.flow.push({ type: 'paragraph', text: this.paragraph });
    return this.flow;
  }

  private flushBytes(): void {
    if (this.pendingBytes.length) {
      const text = this.decoder.decode(new Uint8Array(this.pendingBytes));
      if (this.inTable) this.cellText += text;
      else this.paragraph += text;
      this.pendingBytes = [];
    }
  }

  private emit(text: string): void {
    if (this.state.skip) return;
    this.flushBytes();
    if (this.inTable) this.cellText += text;
    else this.paragraph += text;
  }

  private flushTable(): void {
    if (this.tableRows.length === 0) return;
    this.flow.push(tableOf(this.tableRows));
    this.tableRows = [];
  }

  private endParagraph(): void {
    this.flushBytes();
    if (this.inTable) return;
    if (this.paragraph.trim()) {
      if (this.pendingBreak) this.flow.push({ type: 'page-break' });
      this.pendingBreak = false;
      this.flow.push({ type: 'paragraph', text: this.paragraph });
    }
    this.paragraph = '';
  }

  private openGroup(): void {
    this.flushBytes();
    this.stack.push(this.state);
    if (this.stack.length > MAX_RTF_DEPTH) {
      throw new DocumentLoadError('document_corrupt', `The RTF nests groups deeper than ${MAX_RTF_DEPTH} levels; refused.`, { details: { max_depth: MAX_RTF_DEPTH } });
    }
    this.state = { ...this.state };
    this.groupStart = true;
    this.i++;
  }

  private closeGroup(): void {
    this.flushBytes();
    this.state = this.stack.pop() ?? this.state;
    this.groupStart = false;
    this.skipChars = 0;
    this.i++;
  }

  /** A run of plain text (or one skipped fallback character after `\uN`). */
  private plainText(): void {
    const { source } = this;
    const n = source.length;
    this.groupStart = false;
    if (this.skipChars > 0) {
      this.skipChars--;
      this.i++;
      return;
    }
    let j = this.i;
    while (j < n && source[j] !== '\\' && source[j] !== '{' && source[j] !== '}' && source[j] !== '\r' && source[j] !== '\n') j++;
    this.emit(source.slice(this.i, j));
    this.i = j;
  }

  /** A control symbol: `\` and one non-letter (`\'hh`, `\*`, escapes, `\~`). */
  private controlSymbol(next: string): void {
    this.i += 2;
    const wasGroupStart: boolean = this.groupStart;
    this.groupStart = false;
    if (next === '*') {
      if (wasGroupStart) this.state.skip = true;
      this.groupStart = wasGroupStart;
      return;
    }
    if (next === "'") {
      const hex = this.source.slice(this.i, this.i + 2);
      this.i += 2;
      if (this.skipChars > 0) {
        this.skipChars--;
        return;
      }
      const byte = parseInt(hex, 16);
      if (!Number.isNaN(byte) && !this.state.skip) this.pendingBytes.push(byte);
      return;
    }
    if (this.skipChars > 0) {
      this.skipChars--;
      return;
    }
    if (next === '\\' || next === '{' || next === '}') this.emit(next);
    else if (next === '~') this.emit('\u00a0');
    else if (next === '_') this.emit('\u2011');
    else if (next === '\n' || next === '\r') this.endParagraph();
    else if (next === '|' || next === '-' || next === ':') {
      /* formula, optional hyphen, sub-entry: nothing to show */
    }
  }

  /** A control word with its optional numeric parameter (and the one space that ends it). */
  private controlWord(): void {
    const { source } = this;
    const n = source.length;
    const i = this.i;
    let j = i + 1;
    while (j < n && j - i < 40 && /[a-zA-Z]/.test(source[j])) j++;
    const word = source.slice(i + 1, j);
    let k = j;
    if (source[k] === '-' && /[0-9]/.test(source[k + 1] ?? '')) k++;
    while (k < n && k - j < 12 && /[0-9]/.test(source[k])) k++;
    const param = k > j ? parseInt(source.slice(j, k), 10) : undefined;
    if (source[k] === ' ') k++;
    this.i = k;
    const wasGroupStart: boolean = this.groupStart;
    this.groupStart = false;

    if (word === 'bin') {
      this.i += Math.max(0, param ?? 0);
      return;
    }
    if (wasGroupStart && SKIP_DESTINATIONS.has(word)) {
      this.state.skip = true;
      return;
    }
    if (this.skipChars > 0 && word !== 'u') {
      this.skipChars--;
      return;
    }
    if (!this.textWord(word, param)) this.tableWord(word);
  }

  /** Encoding, characters, breaks and symbols; false when the word is none of these. */
  private textWord(word: string, param: number | undefined): boolean {
    const { state } = this;
    switch (word) {
      case 'ansicpg':
        if (param) this.decoder = decoderFor(param);
        break;
      case 'uc':
        state.uc = Math.max(0, param ?? 1);
        break;
      case 'u': {
        if (param === undefined) break;
        if (!state.skip) {
          this.flushBytes();
          const code = param < 0 ? param + 65536 : param;
          this.emit(String.fromCharCode(code));
        }
        this.skipChars = state.uc;
        break;
      }
      case 'par':
        if (this.inTable) this.cellText += '\n';
        else this.endParagraph();
        break;
      case 'line':
        this.emit('\n');
        break;
      case 'tab':
        this.emit('\t');
        break;
      case 'page':
        if (state.skip) break;
        this.endParagraph();
        this.flushTable();
        this.inTable = false;
        this.flow.push({ type: 'page-break' });
        break;
      case 'sect':
        if (state.skip) break;
        this.endParagraph();
        this.pendingBreak = true;
        break;
      case 'sbknone':
        this.pendingBreak = false;
        break;
      default:
        if (!(word in SYMBOLS)) return false;
        this.emit(SYMBOLS[word]);
    }
    return true;
  }

  /** Row definitions, cell merges, cell and row ends, and the paragraph reset that may end a table. */
  private tableWord(word: string): void {
    switch (word) {
      case 'trowd':
        this.cellDefs = [];
        this.nextDef = { hMerge: undefined, vMerge: undefined };
        if (!this.inTable) {
          this.endParagraph();
          this.inTable = true;
        }
        this.rowCells = [];
        this.cellText = '';
        break;
      case 'clmgf':
        this.nextDef.hMerge = 'first';
        break;
      case 'clmrg':
        this.nextDef.hMerge = 'cont';
        break;
      case 'clvmgf':
        this.nextDef.vMerge = 'first';
        break;
      case 'clvmrg':
        this.nextDef.vMerge = 'cont';
        break;
      case 'cellx':
        this.cellDefs.push(this.nextDef);
        this.nextDef = { hMerge: undefined, vMerge: undefined };
        break;
      case 'intbl':
        if (!this.inTable && !this.state.skip) {
          this.endParagraph();
          this.inTable = true;
        }
        break;
      case 'cell':
        if (this.state.skip) break;
        this.flushBytes();
        this.rowCells.push(this.cellText);
        this.cellText = '';
        break;
      case 'row':
        if (this.state.skip) break;
        this.flushBytes();
        if (this.cellText.trim()) this.rowCells.push(this.cellText);
        this.tableRows.push({ cells: this.rowCells, defs: this.cellDefs });
        this.rowCells = [];
        this.cellText = '';
        break;
      case 'pard':
        this.paragraphReset();
        break;
    }
  }

  /** A paragraph reset outside a row definition ends the table (until \intbl says otherwise). */
  private paragraphReset(): void {
    if (this.inTable && this.rowCells.length === 0 && this.cellText.trim() === '' && this.tableRows.length > 0) {
      this.flushBytes();
      const lookahead = this.source.slice(this.i, this.i + 200);
      if (!/\\intbl\b/.test(lookahead) && !/\\trowd\b/.test(lookahead)) {
        this.flushTable();
        this.inTable = false;
      }
    }
  }
}
