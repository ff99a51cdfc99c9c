import Handlebars from 'handlebars';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportFontStack } from './font-stack';
import { formatDate, type LoadedDocument, type LoadedImage } from './loaded-document';

// An isolated Handlebars environment: `{{ }}` escapes everything, and user text is only
// ever data, never template source, so `{{handlebars}}` in a step renders as typed.
const handlebars = Handlebars.create();
const template = handlebars.compile(readFileSync(join(__dirname, '../../templates/sop.hbs'), 'utf8'), { strict: false, noEscape: false });

/**
 * One design for HTML and PDF: a self-contained document with every image embedded, or with
 * `imageSource`, each image named by the URL it answers (the PDF renderer's printImageUrl).
 */
export function renderHtml(document: LoadedDocument, imageSource?: (image: LoadedImage) => string): string {
  const stepCount = document.steps.length;
  // The template shows an image from its `dataUri`.
  const shown = (image: LoadedImage): LoadedImage => (imageSource ? { ...image, dataUri: imageSource(image) } : image);
  return template({
    ...document,
    companyLogo: document.companyLogo ? shown(document.companyLogo) : null,
    steps: document.steps.map((step) => ({ ...step, images: step.images.map(shown) })),
    fontStack: exportFontStack,
    hasBrand: Boolean(document.companyName || document.companyLogo),
    sourceLabel: document.sourceType === 'video' ? 'Video' : 'Text',
    createdDate: formatDate(document.createdAt),
    stepCountLabel: `${stepCount} ${stepCount === 1 ? 'step' : 'steps'}`,
  });
}
