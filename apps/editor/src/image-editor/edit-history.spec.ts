import type { EditShape, ImageEdit } from '@sopwright/contracts';
import { canRedo, canUndo, editorReducer, hasRoomFor, initialEditorState, type EditorAction, type EditorState } from './edit-history';

const box = (x: number): EditShape => ({ kind: 'rectangle', rect: { x, y: 0.1, width: 0.1, height: 0.1 }, color: 'red' });
const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const start = (edit: ImageEdit = { crop: null, shapes: [] }) => initialEditorState(edit);

describe('the edit layer with undo and redo', () => {
  it('starts from the loaded layer with nothing to undo or redo', () => {
    const state = start({ crop: { x: 0.1, y: 0.1, width: 0.5, height: 0.5 }, shapes: [box(0.1)] });
    expect(state.present.shapes).toEqual([box(0.1)]);
    expect(canUndo(state)).toBe(false);
    expect(canRedo(state)).toBe(false);
  });

  it('adds marks and selects the last one added', () => {
    const state = run(start(), { type: 'add', shapes: [box(0.1)] }, { type: 'add', shapes: [box(0.2), box(0.3)] });
    expect(state.present.shapes).toEqual([box(0.1), box(0.2), box(0.3)]);
    expect(state.selected).toBe(2);
    expect(state.past).toHaveLength(2);
  });

  it('undoes and redoes each change, and a new change clears redo', () => {
    let state = run(start(), { type: 'add', shapes: [box(0.1)] }, { type: 'crop', crop: { x: 0, y: 0, width: 0.5, height: 0.5 } }, { type: 'remove', index: 0 });
    expect(state.present).toEqual({ crop: { x: 0, y: 0, width: 0.5, height: 0.5 }, shapes: [] });
    state = run(state, { type: 'undo' }, { type: 'undo' });
    expect(state.present).toEqual({ crop: null, shapes: [box(0.1)] });
    state = run(state, { type: 'redo' });
    expect(state.present.crop).toEqual({ x: 0, y: 0, width: 0.5, height: 0.5 });
    expect(canRedo(state)).toBe(true);
    state = run(state, { type: 'add', shapes: [box(0.5)] });
    expect(canRedo(state)).toBe(false);
    // Undo and redo past either end change nothing.
    const none = start();
    expect(run(none, { type: 'undo' })).toBe(none);
    expect(run(none, { type: 'redo' })).toBe(none);
  });

  it('takes back a drag, or a run of key presses on one mark, as one step', () => {
    let state = run(start(), { type: 'add', shapes: [box(0.1)] });
    state = run(state, { type: 'update', index: 0, shape: box(0.2), coalesce: 'drag-1' }, { type: 'update', index: 0, shape: box(0.3), coalesce: 'drag-1' }, { type: 'settle' });
    state = run(state, { type: 'update', index: 0, shape: box(0.4), coalesce: 'keys-0-move' }, { type: 'update', index: 0, shape: box(0.5), coalesce: 'keys-0-move' });
    expect(state.past).toHaveLength(3);
    state = run(state, { type: 'undo' });
    expect(state.present.shapes).toEqual([box(0.3)]);
    state = run(state, { type: 'undo' });
    expect(state.present.shapes).toEqual([box(0.1)]);
  });

  it('starts a new step after the run is settled, or after another kind of change', () => {
    let state = run(start({ crop: null, shapes: [box(0.1)] }), { type: 'update', index: 0, shape: box(0.2), coalesce: 'drag-1' }, { type: 'settle' });
    state = run(state, { type: 'update', index: 0, shape: box(0.3), coalesce: 'drag-1' });
    expect(state.past).toHaveLength(2);
    state = run(state, { type: 'select', index: null }, { type: 'update', index: 0, shape: box(0.4), coalesce: 'drag-1' });
    expect(state.past).toHaveLength(3);
  });

  it('keeps a selection only while it points at a mark', () => {
    let state = run(start({ crop: null, shapes: [box(0.1), box(0.2)] }), { type: 'select', index: 1 });
    expect(state.selected).toBe(1);
    expect(run(state, { type: 'select', index: 7 }).selected).toBe(1);
    state = run(state, { type: 'remove', index: 1 });
    expect(state.selected).toBeNull();
    state = run(state, { type: 'select', index: 0 }, { type: 'add', shapes: [box(0.3)] }, { type: 'select', index: 1 }, { type: 'undo' });
    expect(state.selected).toBeNull();
  });

  it('ignores changes to marks that are not there', () => {
    const state = start({ crop: null, shapes: [box(0.1)] });
    expect(run(state, { type: 'update', index: 3, shape: box(0.2) })).toBe(state);
    expect(run(state, { type: 'remove', index: -1 })).toBe(state);
    expect(run(state, { type: 'add', shapes: [] })).toBe(state);
  });

  it('refuses marks past the limit of 100', () => {
    const full = start({ crop: null, shapes: Array.from({ length: 99 }, (_, i) => box(i / 200)) });
    expect(hasRoomFor(full)).toBe(true);
    expect(hasRoomFor(full, 2)).toBe(false);
    expect(run(full, { type: 'add', shapes: [box(0.1), box(0.2)] })).toBe(full);
    expect(run(full, { type: 'add', shapes: [box(0.1)] }).present.shapes).toHaveLength(100);
  });
});
