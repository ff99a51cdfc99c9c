import {
  addImage,
  addStep,
  draftFromSop,
  moveStep,
  removeImage,
  removeStep,
  replaceImage,
  setTitle,
  toUpdateRequest,
  updateStep,
  validateDraft,
  type SopDraft,
} from './sop-draft';

const img = (n: number) => `/api/media/images/00000000-0000-4000-8000-00000000000${n}`;
const sop = {
  title: 'Close the till',
  steps: [
    { title: 'Count cash', details: 'Notes first,\nthen coins.', imageUrls: [img(1)] },
    { title: 'Print report', details: '' },
    { title: 'Lock drawer', details: 'Key goes to the safe.' },
  ],
};
const titles = (draft: SopDraft) => draft.steps.map((step) => step.title);

describe('draftFromSop', () => {
  it('copies the title and steps, with an empty image list for steps without images', () => {
    const draft = draftFromSop(sop);
    expect(draft.title).toBe('Close the till');
    expect(draft.steps.map(({ title, details, imageUrls }) => ({ title, details, imageUrls }))).toEqual([
      { title: 'Count cash', details: 'Notes first,\nthen coins.', imageUrls: [img(1)] },
      { title: 'Print report', details: '', imageUrls: [] },
      { title: 'Lock drawer', details: 'Key goes to the safe.', imageUrls: [] },
    ]);
  });

  it('gives every step a unique key and does not share arrays with the SOP', () => {
    const draft = draftFromSop(sop);
    expect(new Set(draft.steps.map((step) => step.key)).size).toBe(3);
    draft.steps[0].imageUrls.push(img(2));
    expect(sop.steps[0].imageUrls).toEqual([img(1)]);
  });
});

describe('step edits', () => {
  it('edits the title and a step without touching the others', () => {
    const draft = draftFromSop(sop);
    const edited = updateStep(setTitle(draft, 'New title'), 1, { title: 'Print Z report', details: 'From the back office' });
    expect(edited.title).toBe('New title');
    expect(edited.steps[1]).toMatchObject({ title: 'Print Z report', details: 'From the back office' });
    expect(edited.steps[0]).toBe(draft.steps[0]);
    expect(draft.steps[1].title).toBe('Print report');
  });

  it('adds a blank step at the end with a new key', () => {
    const draft = addStep(draftFromSop(sop));
    expect(draft.steps).toHaveLength(4);
    expect(draft.steps[3]).toMatchObject({ title: '', details: '', imageUrls: [] });
    expect(new Set(draft.steps.map((step) => step.key)).size).toBe(4);
  });

  it('deletes a step', () => {
    expect(titles(removeStep(draftFromSop(sop), 1))).toEqual(['Count cash', 'Lock drawer']);
    const draft = draftFromSop(sop);
    expect(removeStep(draft, 5)).toBe(draft);
  });

  it('moves a step up and down, and not past either end', () => {
    const draft = draftFromSop(sop);
    expect(titles(moveStep(draft, 2, 'up'))).toEqual(['Count cash', 'Lock drawer', 'Print report']);
    expect(titles(moveStep(draft, 0, 'down'))).toEqual(['Print report', 'Count cash', 'Lock drawer']);
    expect(moveStep(draft, 0, 'up')).toBe(draft);
    expect(moveStep(draft, 2, 'down')).toBe(draft);
    // The step keeps its key, so its inputs move with it.
    expect(moveStep(draft, 0, 'down').steps[1].key).toBe(draft.steps[0].key);
  });

  it('attaches an image to the step it was chosen for, even after a reorder', () => {
    const draft = draftFromSop(sop);
    const key = draft.steps[2].key;
    const moved = moveStep(draft, 2, 'up');
    const withImage = addImage(moved, key, img(3));
    expect(withImage.steps[1].imageUrls).toEqual([img(3)]);
    expect(addImage(draft, 'missing', img(3))).toEqual(draft);
  });

  it('removes one image of a step', () => {
    const draft = draftFromSop(sop);
    const withTwo = addImage(draft, draft.steps[0].key, img(2));
    expect(withTwo.steps[0].imageUrls).toEqual([img(1), img(2)]);
    expect(removeImage(withTwo, 0, 0).steps[0].imageUrls).toEqual([img(2)]);
    expect(removeImage(withTwo, 0, 1).steps[0].imageUrls).toEqual([img(1)]);
  });

  it('puts an edited image in place of the one it was made from, only where that one still is', () => {
    const draft = draftFromSop(sop);
    const key = draft.steps[0].key;
    const withTwo = addImage(draft, key, img(2));
    expect(replaceImage(withTwo, key, 1, img(2), img(5)).steps[0].imageUrls).toEqual([img(1), img(5)]);
    expect(replaceImage(withTwo, key, 0, img(2), img(5)).steps[0].imageUrls).toEqual([img(1), img(2)]);
    expect(replaceImage(withTwo, 'missing', 1, img(2), img(5))).toEqual(withTwo);
  });
});

describe('validateDraft', () => {
  it('accepts a complete draft', () => {
    expect(validateDraft(draftFromSop(sop))).toBeNull();
  });

  it('refuses a blank title before anything is sent', () => {
    expect(validateDraft(setTitle(draftFromSop(sop), '   '))).toEqual({ title: 'Validation error', description: 'SOP title cannot be empty' });
  });

  it('refuses a step without a title', () => {
    expect(validateDraft(addStep(draftFromSop(sop)))).toEqual({ title: 'Validation error', description: 'Each step needs a title' });
  });
});

describe('toUpdateRequest', () => {
  it('builds the PUT body with trimmed titles and each step’s images', () => {
    const draft = updateStep(setTitle(draftFromSop(sop), '  Close the till properly '), 1, { title: ' Print report ' });
    expect(toUpdateRequest(draft)).toEqual({
      title: 'Close the till properly',
      steps: [
        { title: 'Count cash', details: 'Notes first,\nthen coins.', imageUrls: [img(1)] },
        { title: 'Print report', details: '', imageUrls: [] },
        { title: 'Lock drawer', details: 'Key goes to the safe.', imageUrls: [] },
      ],
    });
  });
});
