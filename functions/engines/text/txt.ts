/**
 * Plain text: a form feed (`\f`) starts a new page; blank lines separate
 * blocks; otherwise pages fill with 60 lines of 100 characters (virtual page).
 *
 * @module
 */
import type { FlowItem } from './virtual-page.ts';

export function* txtFlow(text: string): Generator<FlowItem> {
  const pages = text.split('\f');
  for (let p = 0; p < pages.length; p++) {
    if (p > 0) yield { type: 'page-break' };
    const lines = pages[p].split(/\r\n|\r|\n/);
    let block: string[] = [];
    for (const line of lines) {
      if (line.trim() === '') {
        if (block.length) yield { type: 'paragraph', text: block.join('\n') };
        block = [];
      } else block.push(line);
    }
    if (block.length) yield { type: 'paragraph', text: block.join('\n') };
  }
}
