import type { Step, UpdateSopRequest } from '@sopwright/contracts';

/** A step being edited. `key` keeps React's identity for a step while steps move around. */
export interface DraftStep {
  key: string;
  title: string;
  details: string;
  imageUrls: string[];
}

/** The edit-mode copy of an SOP (spec §4: view → edit loads the title and steps into a draft). */
export interface SopDraft {
  title: string;
  steps: DraftStep[];
}

export type MoveDirection = 'up' | 'down';

export interface DraftProblem {
  title: string;
  description: string;
}

/** Accepted step images (spec §5: JPEG, PNG, JPG and WebP). */
export const STEP_IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

let lastKey = 0;
const newKey = () => `step-${++lastKey}`;

export function draftFromSop(sop: { title: string; steps: readonly Step[] }): SopDraft {
  return {
    title: sop.title,
    steps: sop.steps.map((step) => ({ key: newKey(), title: step.title, details: step.details ?? '', imageUrls: [...(step.imageUrls ?? [])] })),
  };
}

function mapStep(draft: SopDraft, index: number, change: (step: DraftStep) => DraftStep): SopDraft {
  if (index < 0 || index >= draft.steps.length) return draft;
  return { ...draft, steps: draft.steps.map((step, i) => (i === index ? change(step) : step)) };
}

export function setTitle(draft: SopDraft, title: string): SopDraft {
  return { ...draft, title };
}

export function updateStep(draft: SopDraft, index: number, patch: Partial<Pick<DraftStep, 'title' | 'details'>>): SopDraft {
  return mapStep(draft, index, (step) => ({ ...step, ...patch }));
}

/** Adds a blank step at the end. */
export function addStep(draft: SopDraft): SopDraft {
  return { ...draft, steps: [...draft.steps, { key: newKey(), title: '', details: '', imageUrls: [] }] };
}

export function removeStep(draft: SopDraft, index: number): SopDraft {
  if (index < 0 || index >= draft.steps.length) return draft;
  return { ...draft, steps: draft.steps.filter((_, i) => i !== index) };
}

/** Swaps a step with its neighbour; moving past either end changes nothing. */
export function moveStep(draft: SopDraft, index: number, direction: MoveDirection): SopDraft {
  const target = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || index >= draft.steps.length || target < 0 || target >= draft.steps.length) return draft;
  const steps = [...draft.steps];
  [steps[index], steps[target]] = [steps[target], steps[index]];
  return { ...draft, steps };
}

/** Finds the step by key: an upload may finish after the steps were reordered. */
export function addImage(draft: SopDraft, stepKey: string, imageUrl: string): SopDraft {
  return { ...draft, steps: draft.steps.map((step) => (step.key === stepKey ? { ...step, imageUrls: [...step.imageUrls, imageUrl] } : step)) };
}

export function removeImage(draft: SopDraft, index: number, imageIndex: number): SopDraft {
  return mapStep(draft, index, (step) => ({ ...step, imageUrls: step.imageUrls.filter((_, i) => i !== imageIndex) }));
}

/**
 * Puts an edited image's URL in place of the one it was made from, found by the step's key
 * and the image's place; nothing changes if that place no longer holds `previousUrl`.
 */
export function replaceImage(draft: SopDraft, stepKey: string, imageIndex: number, previousUrl: string, imageUrl: string): SopDraft {
  return {
    ...draft,
    steps: draft.steps.map((step) =>
      step.key === stepKey && step.imageUrls[imageIndex] === previousUrl
        ? { ...step, imageUrls: step.imageUrls.map((url, i) => (i === imageIndex ? imageUrl : url)) }
        : step,
    ),
  };
}

/** What must be fixed before saving, in the server's words; null when the draft can be sent. */
export function validateDraft(draft: SopDraft): DraftProblem | null {
  if (draft.title.trim() === '') return { title: 'Validation error', description: 'SOP title cannot be empty' };
  if (draft.steps.some((step) => step.title.trim() === '')) return { title: 'Validation error', description: 'Each step needs a title' };
  return null;
}

/** The PUT body: trimmed titles, details as typed, each step's images in order. */
export function toUpdateRequest(draft: SopDraft): UpdateSopRequest {
  return {
    title: draft.title.trim(),
    steps: draft.steps.map((step) => ({ title: step.title.trim(), details: step.details, imageUrls: [...step.imageUrls] })),
  };
}
