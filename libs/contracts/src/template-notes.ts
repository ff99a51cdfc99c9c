/** A template's step as the library and the create page carry it. */
export interface TemplateNoteStep {
  title: string;
  details: string;
}

/**
 * The notes a template fills in on the create page (spec §2): numbered steps, each with its
 * title followed by its details on the next line, separated by blank lines. A step without
 * details is just its title. The offline structurer reads this form back into the same steps.
 */
export function buildTemplateNotes(steps: TemplateNoteStep[]): string {
  return steps.map((step, index) => (step.details ? `${index + 1}. ${step.title}\n${step.details}` : `${index + 1}. ${step.title}`)).join('\n\n');
}
