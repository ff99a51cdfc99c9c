/**
 * Click capture's step rules: the events the browser extension records become SOP steps by
 * rule, not by a model ("Click “Create invoice”", "Type the customer's name in “Customer”",
 * "Select “Net 30” in “Payment terms”", "Go to “Invoices”"). The extension's review screen and
 * the server's generation worker write the same steps from the same events.
 *
 * Names from the page are quoted by default, not bold: step titles and details are plain text
 * in the editor and every export (see text.ts); `emphasis: 'markdown'` writes `**name**`.
 */
export { stepsFromCapture, type CaptureStep, type CaptureStepKind, type CaptureStepOptions } from './steps';
export { describeField, labelKey } from './fields';
export { clip, renderParts, strong, type Emphasis, type TextPart } from './text';
export { titleFromCapture } from './title';
