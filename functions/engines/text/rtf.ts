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

/** @throws DocumentLoadError `document_corrupt` (not RTF, nesting too deep). */
export function parseRtf(source: string): FlowItem[] {
  if (!source.trimStart().startsWith('{\\rtf')) throw new DocumentLoadError('document_corrupt', 'The file is not an RTF document (it does not start with {\\rtf).');
  const flow: FlowItem[] = [];
  const stack: GroupState[] = [];
  let state: GroupState = { skip: false, uc: 1 };
  let decoder: { decode(bytes: Uint8Array): string } = decoderFor(1252);
  let paragraph = '';
  let pendingBytes: number[] = [];
  let skipChars = 0;
  let pendingBreak = false;
  // Tables.
  let inTable = false;
  let cellDefs: CellDef[] = [];
  let nextDef: CellDef = { hMerge: undefined, vMerge: undefined };
  let rowCells: string[] = [];
  let cellText = '';
  let tableRows: { cells: string[]; defs: CellDef[] }[] = [];
  let groupStart = false;

  const flushBytes = () => {
    if (pendingBytes.length) {
      const text = decoder.decode(new Uint8Array(pendingBytes));
      if (inTable) cellText += text;
      else paragraph += text;
      pendingBytes = [];
    }
  };
  const emit = (text: string) => {
    if (state.skip) return;
    flushBytes();
    if (inTable) cellText += text;
    else paragraph += text;
  };
  const flushTable = () => {
    if (tableRows.length === 0) return;
    type MutableCell = { -readonly [K in keyof TableCellInput]: TableCellInput[K] };
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
    flow.push({ type: 'table', table: { rows: tableRows.length, columns, cells } });
    tableRows = [];
  };
  const endParagraph = () => {
    flushBytes();
    if (inTable) return;
    if (paragraph.trim()) {
      if (pendingBreak) flow.push({ type: 'page-break' });
      pendingBreak = false;
      flow.push({ type: 'paragraph', text: paragraph });
    }
    paragraph = '';
  };

  const n = source.length;
  let i = 0;
  while (i < n) {
    const c = source[i];
    if (c === '{') {
      flushBytes();
      stack.push(state);
      if (stack.length > MAX_RTF_DEPTH) {
        throw new DocumentLoadError('document_corrupt', `The RTF nests groups deeper than ${MAX_RTF_DEPTH} levels; refused.`, { details: { max_depth: MAX_RTF_DEPTH } });
      }
      state = { ...state };
      groupStart = true;
      i++;
      continue;
    }
    if (c === '}') {
      flushBytes();
      state = stack.pop() ?? state;
      groupStart = false;
      skipChars = 0;
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      i++;
      continue;
    }
    if (c !== '\\') {
      groupStart = false;
      if (skipChars > 0) {
        skipChars--;
        i++;
        continue;
      }
      // A run of plain text.
      let j = i;
      while (j < n && source[j] !== '\\' && source[j] !== '{' && source[j] !== '}' && source[j] !== '\r' && source[j] !== '\n') j++;
      emit(source.slice(i, j));
      i = j;
      continue;
    }
    // A control word or symbol.
    const next = source[i + 1];
    if (next === undefined) break;
    if (!/[a-zA-Z]/.test(next)) {
      i += 2;
      const wasGroupStart: boolean = groupStart;
      groupStart = false;
      if (next === '*') {
        if (wasGroupStart) state.skip = true;
        groupStart = wasGroupStart;
        continue;
      }
      if (next === "'") {
        const hex = source.slice(i, i + 2);
        i += 2;
        if (skipChars > 0) {
          skipChars--;
          continue;
        }
        const byte = parseInt(hex, 16);
        if (!Number.isNaN(byte) && !state.skip) pendingBytes.push(byte);
        continue;
      }
      if (skipChars > 0) {
        skipChars--;
        continue;
      }
      if (next === '\\' || next === '{' || next === '}') emit(next);
      else if (next === '~') emit('\u00a0');
      else if (next === '_') emit('\u2011');
      else if (next === '\n' || next === '\r') endParagraph();
      else if (next === '|' || next === '-' || next === ':') {
        /* formula, optional hyphen, sub-entry: nothing to show */
      }
      continue;
    }
    let j = i + 1;
    while (j < n && j - i < 40 && /[a-zA-Z]/.test(source[j])) j++;
    const word = source.slice(i + 1, j);
    let k = j;
    if (source[k] === '-' && /[0-9]/.test(source[k + 1] ?? '')) k++;
    while (k < n && k - j < 12 && /[0-9]/.test(source[k])) k++;
    const param = k > j ? parseInt(source.slice(j, k), 10) : undefined;
    if (source[k] === ' ') k++;
    i = k;
    const wasGroupStart: boolean = groupStart;
    groupStart = false;

    if (word === 'bin') {
      i += Math.max(0, param ?? 0);
      continue;
    }
    if (wasGroupStart && SKIP_DESTINATIONS.has(word)) {
      state.skip = true;
      continue;
    }
    if (skipChars > 0 && word !== 'u') {
      skipChars--;
      continue;
    }
    switch (word) {
      case 'ansicpg':
        if (param) decoder = decoderFor(param);
        break;
      case 'uc':
        state.uc = Math.max(0, param ?? 1);
        break;
      case 'u': {
        if (param === undefined) break;
        if (!state.skip) {
          flushBytes();
          const code = param < 0 ? param + 65536 : param;
          emit(String.fromCharCode(code));
        }
        skipChars = state.uc;
        break;
      }
      case 'par':
        if (inTable) cellText += '\n';
        else endParagraph();
        break;
      case 'line':
        emit('\n');
        break;
      case 'tab':
        emit('\t');
        break;
      case 'page':
        if (state.skip) break;
        endParagraph();
        flushTable();
        inTable = false;
        flow.push({ type: 'page-break' });
        break;
      case 'sect':
        if (state.skip) break;
        endParagraph();
        pendingBreak = true;
        break;
      case 'sbknone':
        pendingBreak = false;
        break;
      case 'trowd':
        cellDefs = [];
        nextDef = { hMerge: undefined, vMerge: undefined };
        if (!inTable) {
          endParagraph();
          inTable = true;
        }
        rowCells = [];
        cellText = '';
        break;
      case 'clmgf':
        nextDef.hMerge = 'first';
        break;
      case 'clmrg':
        nextDef.hMerge = 'cont';
        break;
      case 'clvmgf':
        nextDef.vMerge = 'first';
        break;
      case 'clvmrg':
        nextDef.vMerge = 'cont';
        break;
      case 'cellx':
        cellDefs.push(nextDef);
        nextDef = { hMerge: undefined, vMerge: undefined };
        break;
      case 'intbl':
        if (!inTable && !state.skip) {
          endParagraph();
          inTable = true;
        }
        break;
      case 'cell':
        if (state.skip) break;
        flushBytes();
        rowCells.push(cellText);
        cellText = '';
        break;
      case 'row':
        if (state.skip) break;
        flushBytes();
        if (cellText.trim()) rowCells.push(cellText);
        tableRows.push({ cells: rowCells, defs: cellDefs });
        rowCells = [];
        cellText = '';
        break;
      case 'pard':
        // A paragraph reset outside a row definition ends the table (until \intbl says otherwise).
        if (inTable && rowCells.length === 0 && cellText.trim() === '' && tableRows.length > 0) {
          flushBytes();
          const lookahead = source.slice(i, i + 200);
          if (!/\\intbl\b/.test(lookahead) && !/\\trowd\b/.test(lookahead)) {
            flushTable();
            inTable = false;
          }
        }
        break;
      default:
        if (word in SYMBOLS) emit(SYMBOLS[word]);
    }
  }
  endParagraph();
  if (inTable && (rowCells.length || cellText.trim())) tableRows.push({ cells: [...rowCells, ...(cellText.trim() ? [cellText] : [])], defs: cellDefs });
  flushTable();
  if (paragraph.trim()) flow.push({ type: 'paragraph', text: paragraph });
  return flow;
}
