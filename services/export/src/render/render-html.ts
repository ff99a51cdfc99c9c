import Handlebars from 'handlebars';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportFontStack } from './font-stack';
import { formatDate, type LoadedDocument } from './loaded-document';

// An isolated Handlebars environment: `{{ }}` escapes everything, and user text is only
// ever data, never template source, so `{{handlebars}}` in a step renders as typed.
const handlebars = Handlebars.create();
const template = handlebars.compile(readFileSync(join(__dirname, '../../templates/sop.hbs'), 'utf8'), { strict: false, noEscape: false });

/** One design for HTML and PDF: a self-contained document with every image embedded. */
export function renderHtml(document: LoadedDocument): string {
  const stepCount = document.steps.length;
  return template({
    ...document,
    fontStack: exportFontStack,
    hasBrand: Boolean(document.companyName || document.companyLogo),
    sourceLabel: document.sourceType === 'video' ? 'Video' : 'Text',
    createdDate: formatDate(document.createdAt),
    stepCountLabel: `${stepCount} ${stepCount === 1 ? 'step' : 'steps'}`,
  });
}
