/**
 * Layout structure for mode=advanced: typed regions in reading order with
 * markdown and html rendered from the same regions.
 *
 * @module
 */
import type { BBox, DocumentPage } from '../engines/document-model.ts';

export type RegionType =
  | 'title' | 'section_header' | 'paragraph' | 'list_item' | 'table' | 'figure'
  | 'page_header' | 'page_footer' | 'page_number' | 'caption' | 'key_value';

export interface Region {
  type: RegionType;
  bbox: BBox;
  text: string;
  reading_order: number;
}

export interface StructuredPage {
  html: string;
  markdown: string;
  regions: Region[];
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const LIST_MARKER = /^\s*(?:[-•*▪◦]|\d{1,3}[.)])\s+/;

function classify(text: string, bbox: BBox): RegionType {
  const oneLine = !text.includes('\n');
  if (oneLine && /^\s*(?:page\s+)?\d+(?:\s*(?:of|\/)\s*\d+)?\s*$/i.test(text) && (bbox[1] > 0.85 || bbox[3] < 0.12)) {
    return 'page_number';
  }
  if (oneLine && bbox[3] < 0.06) return 'page_header';
  if (oneLine && bbox[1] > 0.94) return 'page_footer';
  if (LIST_MARKER.test(text)) return 'list_item';
  if (oneLine && /^[^:]{1,40}:\s+\S/.test(text)) return 'key_value';
  if (oneLine && text.length < 80 && !/[.;,]$/.test(text.trim()) && /^[A-Z0-9]/.test(text.trim())) return 'section_header';
  return 'paragraph';
}

export function buildStructure(page: DocumentPage): StructuredPage {
  const regions: Region[] = page.blocks.map((block, index) => ({
    type: classify(block.text, block.bbox),
    bbox: block.bbox,
    text: block.text,
    reading_order: index,
  }));
  const markdown = regions
    .map((r) => {
      const flat = r.text.replace(/\s*\n\s*/g, ' ');
      if (r.type === 'section_header') return `## ${flat}`;
      if (r.type === 'title') return `# ${flat}`;
      if (r.type === 'list_item') return `- ${flat.replace(LIST_MARKER, '')}`;
      return flat;
    })
    .join('\n\n');
  const html = regions
    .map((r) => {
      const flat = escapeHtml(r.text.replace(/\s*\n\s*/g, ' '));
      if (r.type === 'section_header') return `<h2>${flat}</h2>`;
      if (r.type === 'title') return `<h1>${flat}</h1>`;
      if (r.type === 'list_item') return `<li>${flat}</li>`;
      if (r.type === 'page_header') return `<header>${flat}</header>`;
      if (r.type === 'page_footer' || r.type === 'page_number') return `<footer>${flat}</footer>`;
      return `<p>${flat}</p>`;
    })
    .join('\n');
  return { html, markdown, regions };
}
