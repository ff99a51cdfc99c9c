/**
 * Step text as parts, so each reader shows the names it quotes in its own way: the extension's
 * review screen in <strong>, a step saved today in quotation marks.
 *
 * Why quotation marks by default: a step's title and details are plain text everywhere they are
 * shown today. The editor prints them as typed, and the exports escape Markdown (`**` would read
 * as two asterisks in every format). `emphasis: 'markdown'` writes `**name**`, for a reader that
 * renders Markdown.
 */

/** Plain text, or a name taken from the page (a label, a page title, an option). */
export type TextPart = string | { strong: string };

export type Emphasis = 'quotes' | 'markdown' | 'plain';

export const strong = (text: string): TextPart => ({ strong: text });

/** Joins the parts into one string, writing each name as `emphasis` says. */
export function renderParts(parts: readonly TextPart[], emphasis: Emphasis = 'quotes'): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return part;
      if (emphasis === 'markdown') return `**${part.strong.replace(/\*/g, '\\*')}**`;
      if (emphasis === 'quotes') return `"${part.strong}"`;
      return part.strong;
    })
    .join('');
}

/** Collapses white space and cuts at `max` characters with an ellipsis. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}
