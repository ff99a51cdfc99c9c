import { formatDate, type LoadedDocument } from './loaded-document';

const entities: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;' };

/**
 * Makes user text literal in Markdown: inline markers are backslash-escaped, HTML is
 * entity-encoded, and a line that would start a list, quote or heading is defused.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]|~#!]/g, (char) => `\\${char}`)
    .replace(/[<>&]/g, (char) => entities[char]!)
    .replace(/^(\s*)(\d+)([.)])/, '$1$2\\$3')
    .replace(/^(\s*)([-+=])/, '$1\\$2');
}

/** Keeps multi-line text inside its list item, with no line starting a new block. */
const indented = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => (line.trim() ? `   ${escapeMarkdown(line.trim())}` : ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');

export function renderMarkdown(document: LoadedDocument, publicUrl: string): string {
  const lines: string[] = [];
  if (document.companyName) lines.push(`**${escapeMarkdown(document.companyName)}**`, '');
  lines.push(`# ${escapeMarkdown(document.title.replace(/\s+/g, ' ').trim())}`, '');
  const count = document.steps.length;
  lines.push(`*${document.sourceType === 'video' ? 'Video' : 'Text'} · Created ${formatDate(document.createdAt)} · ${count} ${count === 1 ? 'step' : 'steps'}*`, '');
  if (count === 0) lines.push('No steps found in this SOP', '');
  for (const step of document.steps) {
    lines.push(`${step.number}. **${escapeMarkdown(step.title.replace(/\s+/g, ' ').trim())}**`);
    if (step.details.trim()) lines.push('', indented(step.details));
    step.images.forEach((image, index) => {
      lines.push('', `   [Image ${index + 1} for step ${step.number}](<${new URL(image.url, publicUrl).toString()}>)`);
    });
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
