/** A template as 'Use Template' sends it to /create in the `template` query parameter. */
export interface TemplatePrefill {
  title: string;
  steps: { title: string; details: string }[];
}

/**
 * Reads the (already URL-decoded) `template` query parameter. Anything that is not JSON of
 * { title, steps } reads as null, so a hand-edited or truncated link never breaks the page.
 */
export function parseTemplateParam(raw: string | null): TemplatePrefill | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { title, steps } = value as { title?: unknown; steps?: unknown };
  const parsedSteps = Array.isArray(steps)
    ? steps.flatMap((step: unknown) => {
        if (typeof step !== 'object' || step === null) return [];
        const { title: stepTitle, details } = step as { title?: unknown; details?: unknown };
        if (typeof stepTitle !== 'string' || stepTitle.trim() === '') return [];
        return [{ title: stepTitle.trim(), details: typeof details === 'string' ? details.trim() : '' }];
      })
    : [];
  const parsedTitle = typeof title === 'string' ? title.trim() : '';
  if (parsedTitle === '' && parsedSteps.length === 0) return null;
  return { title: parsedTitle, steps: parsedSteps };
}

/** The notes a template fills in (spec §2): shared with the server side, which reads them back. */
export { buildTemplateNotes } from '@sopwright/contracts/constants';
