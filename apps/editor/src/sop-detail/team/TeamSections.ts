/**
 * The team parts of the SOP page, one chunk loaded only for SOPs in a team workspace: personal
 * SOPs (and the page's first paint) do without them.
 */
export { AcknowledgementCallout } from './AcknowledgementCallout';
export { AcknowledgementsPanel } from './AcknowledgementsPanel';
export { ReviewPanel } from './ReviewPanel';
