/**
 * XML rendered as indented lines, one element per line, YAML-like:
 *
 * ```
 * invoice (id=42):
 *   number: 2026-001
 *   customer:
 *     name: ACME & Co
 * ```
 *
 * An element holding only text prints as `tag: text`; attributes follow the
 * tag in parentheses (namespace declarations are left out); comments and
 * processing instructions are dropped. Each child of the root is a block,
 * except that consecutive children with the same tag (records) share one.
 *
 * Safety: the DOCTYPE is removed before parsing, so entity declarations are
 * ignored and never expanded (a reference to one stays literal text, e.g.
 * `&lol9;`); only the five predefined entities and character references are
 * decoded. Nesting is counted by a linear pre-scan and refused past
 * {@link MAX_XML_DEPTH}; documents over {@link MAX_XML_CHARS} are refused.
 * fast-xml-parser validates (with line and column in the error) and builds
 * the ordered tree.
 *
 * @module
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { DocumentLoadError } from '../../contracts/errors.ts';
import { decodeEntities } from '../office/xml-scan.ts';
import type { FlowItem } from './virtual-page.ts';

export const MAX_XML_DEPTH = 128;
/** The tree parser handles about 6 MB/s: larger XML is refused to keep a request within its time budget. */
export const MAX_XML_CHARS = 20_000_000;
const INDENT = '  ';

const corrupt = (what: string, details?: Record<string, unknown>) =>
  new DocumentLoadError('document_corrupt', `The file is not well-formed XML: ${what}.`, details ? { details } : {});

/** Removes a DOCTYPE declaration (with its internal subset) from the prolog. */
export function stripDoctype(xml: string): string {
  const at = xml.search(/<!DOCTYPE/i);
  if (at < 0) return xml;
  const firstElement = xml.search(/<[A-Za-z_]/);
  if (firstElement >= 0 && firstElement < at) return xml;
  let i = at + 9;
  let quote = '';
  let bracket = 0;
  for (; i < xml.length; i++) {
    const c = xml[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[') bracket++;
    else if (c === ']') bracket--;
    else if (c === '>' && bracket <= 0) break;
  }
  if (i >= xml.length) throw corrupt('the DOCTYPE declaration is not terminated');
  return xml.slice(0, at) + xml.slice(i + 1);
}

/** Deepest element nesting, by a linear scan of tags (comments, CDATA and PIs skipped); stops past `limit`. */
export function xmlDepth(xml: string, limit = MAX_XML_DEPTH): number {
  let depth = 0;
  let max = 0;
  let i = 0;
  for (;;) {
    const lt = xml.indexOf('<', i);
    if (lt < 0) return max;
    const next = xml[lt + 1];
    if (next === '!') {
      const close = xml.startsWith('<!--', lt) ? '-->' : xml.startsWith('<![CDATA[', lt) ? ']]>' : '>';
      const end = xml.indexOf(close, lt + 2);
      if (end < 0) return max;
      i = end + close.length;
    } else if (next === '?') {
      const end = xml.indexOf('?>', lt + 2);
      if (end < 0) return max;
      i = end + 2;
    } else {
      const end = xml.indexOf('>', lt + 1);
      if (end < 0) return max;
      if (next === '/') depth--;
      else if (xml[end - 1] !== '/') {
        if (++depth > max) {
          max = depth;
          if (max > limit) return max;
        }
      }
      i = end + 1;
    }
  }
}

type OrderedNode = Record<string, unknown>;

const ATTRS = ':@';
const TEXT = '#text';

function attributesOf(node: OrderedNode): string {
  const attrs = node[ATTRS] as Record<string, string> | undefined;
  if (!attrs) return '';
  const shown = Object.entries(attrs)
    .filter(([k]) => k !== 'xmlns' && !k.startsWith('xmlns:'))
    .map(([k, v]) => `${k}=${decodeEntities(String(v))}`);
  return shown.length ? ` (${shown.join(', ')})` : '';
}

const tagOf = (node: OrderedNode) => Object.keys(node).find((k) => k !== ATTRS)!;
const clean = (s: string) => decodeEntities(s).replace(/\s+/g, ' ').trim();

function render(node: OrderedNode, level: number, out: string[]): void {
  const pad = INDENT.repeat(level);
  const tag = tagOf(node);
  if (tag === TEXT) {
    const text = clean(String(node[TEXT]));
    if (text) out.push(pad + text);
    return;
  }
  const children = (node[tag] as OrderedNode[] | undefined) ?? [];
  const head = `${pad}${tag}${attributesOf(node)}`;
  const elements = children.filter((c) => tagOf(c) !== TEXT);
  if (elements.length === 0) {
    const text = children.map((c) => clean(String(c[TEXT] ?? ''))).filter(Boolean).join(' ');
    out.push(text ? `${head}: ${text}` : head);
    return;
  }
  out.push(`${head}:`);
  for (const child of children) render(child, level + 1, out);
}

/** @throws DocumentLoadError `document_corrupt` (malformed, too deep), `file_too_large`. */
export function* xmlFlow(source: string): Generator<FlowItem> {
  if (source.length > MAX_XML_CHARS) {
    throw new DocumentLoadError('file_too_large', `XML files are processed up to ${MAX_XML_CHARS} characters; this one has ${source.length}.`, {
      details: { max_chars: MAX_XML_CHARS },
    });
  }
  const xml = stripDoctype(source);
  const depth = xmlDepth(xml);
  if (depth > MAX_XML_DEPTH) throw corrupt(`elements nest deeper than ${MAX_XML_DEPTH} levels (refused)`, { max_depth: MAX_XML_DEPTH });
  const valid = XMLValidator.validate(xml, { allowBooleanAttributes: true });
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    throw corrupt(`${msg.replace(/\.$/, '')} (line ${line}, column ${col})`, { line, column: col });
  }
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    trimValues: true,
  });
  const tree = parser.parse(xml) as OrderedNode[];
  const roots = tree.filter((n) => tagOf(n) !== TEXT && !tagOf(n).startsWith('?'));
  for (const root of roots) {
    const tag = tagOf(root);
    const children = (root[tag] as OrderedNode[] | undefined) ?? [];
    const hasElements = children.some((c) => tagOf(c) !== TEXT);
    if (!hasElements) {
      const lines: string[] = [];
      render(root, 0, lines);
      yield { type: 'paragraph', text: lines.join('\n') };
      continue;
    }
    yield { type: 'paragraph', text: `${tag}${attributesOf(root)}:` };
    // Consecutive children with the same tag (repeated records) share a block;
    // a blank line between thousands of records would double the pages.
    let lines: string[] = [];
    let previous: string | undefined;
    for (const child of children) {
      const childTag = tagOf(child);
      if (previous !== undefined && childTag !== previous && lines.length) {
        yield { type: 'paragraph', text: lines.join('\n') };
        lines = [];
      }
      render(child, 1, lines);
      previous = childTag;
    }
    if (lines.length) yield { type: 'paragraph', text: lines.join('\n') };
  }
}
