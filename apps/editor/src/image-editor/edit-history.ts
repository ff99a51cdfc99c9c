import { IMAGE_EDIT_MAX_SHAPES } from '@sopwright/contracts/constants';
import type { EditRect, EditShape, ImageEdit } from '@sopwright/contracts';

/**
 * The edit layer being drawn, with undo and redo. Every change is one step back, except a run
 * of changes with the same `coalesce` key (one drag, key presses nudging one mark, typing one
 * label), which undo takes back together.
 */
export interface EditorState {
  past: ImageEdit[];
  present: ImageEdit;
  future: ImageEdit[];
  /** The selected mark's index in `present.shapes`, or null. */
  selected: number | null;
  /** The key of the change that made `present`, while later ones with the same key join it. */
  coalesce: string | null;
}

export type EditorAction =
  | { type: 'add'; shapes: EditShape[] }
  | { type: 'update'; index: number; shape: EditShape; coalesce?: string }
  | { type: 'remove'; index: number }
  | { type: 'crop'; crop: EditRect | null; coalesce?: string }
  | { type: 'select'; index: number | null }
  | { type: 'undo' }
  | { type: 'redo' }
  /** Ends a run of coalesced changes (a drag let go), so the next one is its own step. */
  | { type: 'settle' };

/** Undo keeps this many steps. */
export const HISTORY_LIMIT = 200;

export function initialEditorState(edit: ImageEdit): EditorState {
  return { past: [], present: { crop: edit.crop, shapes: [...edit.shapes] }, future: [], selected: null, coalesce: null };
}

export const canUndo = (state: EditorState) => state.past.length > 0;
export const canRedo = (state: EditorState) => state.future.length > 0;
/** Room for `count` more marks under the layer's limit. */
export const hasRoomFor = (state: EditorState, count = 1) => state.present.shapes.length + count <= IMAGE_EDIT_MAX_SHAPES;

function commit(state: EditorState, present: ImageEdit, selected: number | null, coalesce: string | null = null): EditorState {
  if (coalesce !== null && coalesce === state.coalesce) return { ...state, present, selected };
  return { past: [...state.past, state.present].slice(-HISTORY_LIMIT), present, future: [], selected, coalesce };
}

const validIndex = (state: EditorState, index: number | null) => index !== null && index >= 0 && index < state.present.shapes.length;

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'add': {
      if (action.shapes.length === 0 || !hasRoomFor(state, action.shapes.length)) return state;
      const shapes = [...state.present.shapes, ...action.shapes];
      return commit(state, { ...state.present, shapes }, shapes.length - 1);
    }
    case 'update': {
      if (!validIndex(state, action.index)) return state;
      const shapes = state.present.shapes.map((shape, index) => (index === action.index ? action.shape : shape));
      return commit(state, { ...state.present, shapes }, action.index, action.coalesce ?? null);
    }
    case 'remove': {
      if (!validIndex(state, action.index)) return state;
      const shapes = state.present.shapes.filter((_, index) => index !== action.index);
      return commit(state, { ...state.present, shapes }, null);
    }
    case 'crop':
      return commit(state, { ...state.present, crop: action.crop }, state.selected, action.coalesce ?? null);
    case 'select':
      return validIndex(state, action.index) || action.index === null ? { ...state, selected: action.index, coalesce: null } : state;
    case 'undo': {
      const previous = state.past[state.past.length - 1];
      if (!previous) return state;
      return { past: state.past.slice(0, -1), present: previous, future: [state.present, ...state.future], selected: keepSelection(state.selected, previous), coalesce: null };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return { past: [...state.past, state.present], present: next, future: rest, selected: keepSelection(state.selected, next), coalesce: null };
    }
    case 'settle':
      return state.coalesce === null ? state : { ...state, coalesce: null };
  }
}

const keepSelection = (selected: number | null, edit: ImageEdit) => (selected !== null && selected < edit.shapes.length ? selected : null);
