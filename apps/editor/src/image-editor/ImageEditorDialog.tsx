import { IMAGE_EDIT_MAX_SHAPES, IMAGE_EDIT_TEXT_MAX, editColors } from '@sopwright/contracts/constants';
import type { EditColor, EditPoint, EditShape, ImageEditState } from '@sopwright/contracts';
import { Box, Button, CloseButton, Dialog, Field, Flex, HStack, Heading, IconButton, Input, NativeSelect, Portal, Skeleton, Stack, Text, notify, LoadErrorAlert } from '@sopwright/ui';
import { errorMessage, useApplyImageEditMutation, useGetImageEditQuery, useProposeRedactionsMutation } from '@sopwright/web-client';
import { Crop, Droplets, Hash, Highlighter, MousePointer2, MoveUpRight, Redo2, Save, ScanSearch, Square, Trash2, Type, Undo2, X } from 'lucide-react';
import { useCallback, useEffect, useId, useReducer, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode, type RefObject } from 'react';
import ReactCrop from 'react-image-crop';
import { cropStyles } from './crop-styles';
import { EditOverlay } from './EditOverlay';
import {
  applyKeyboardChange,
  colorLabels,
  cropFromPercent,
  defaultShape,
  dragShape,
  drawingTools,
  handleAt,
  hitTest,
  keyboardChange,
  labelText,
  newProposals,
  nextMarkerNumber,
  percentFromCrop,
  reasonLabels,
  recolor,
  shapeColor,
  shapeFromDrag,
  shapeLabel,
  toolLabels,
  type DragHandle,
  type DrawingTool,
  type PercentCrop,
  type Tool,
} from './edit-geometry';
import { canRedo, canUndo, editorReducer, hasRoomFor, initialEditorState } from './edit-history';

export interface ImageEditorDialogProps {
  /** The image on the step (its id in the image URL). */
  imageId: string;
  /** Which image this is, as the page names it: "Step 2, image 1". */
  imageName: string;
  /**
   * Puts the flattened image's URL on the step in place of the edited one (and saves the SOP
   * when the page is not being edited); rejects with the server's error.
   */
  onSave: (url: string) => Promise<void>;
  /** The dialog has closed (after its closing animation): the page unmounts it and restores focus. */
  onClosed: () => void;
}

const toolIcons: Record<Tool, ReactNode> = {
  select: <MousePointer2 />,
  crop: <Crop />,
  rectangle: <Square />,
  arrow: <MoveUpRight />,
  highlight: <Highlighter />,
  marker: <Hash />,
  text: <Type />,
  blur: <Droplets />,
};

const tools: readonly Tool[] = ['select', 'crop', ...drawingTools];

/** "Edit image": crop, mark up and redact one step image; Save image applies the layer on the server. */
export default function ImageEditorDialog({ imageId, imageName, onSave, onClosed }: ImageEditorDialogProps) {
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  const { data, isFetching, isError, error, refetch } = useGetImageEditQuery(imageId);
  const firstToolRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  // Escape first lets go of a selected mark; the workspace says whether one is.
  const escapeRef = useRef<() => boolean>(() => false);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && !busy && setOpen(false)}
      onExitComplete={onClosed}
      size="cover"
      closeOnInteractOutside={false}
      closeOnEscape={!busy}
      onEscapeKeyDown={(event) => {
        if (escapeRef.current()) event.preventDefault();
      }}
      initialFocusEl={() => firstToolRef.current ?? cancelRef.current}
      restoreFocus={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="image-editor">
            <Dialog.Header pb="2">
              <Stack gap="0.5">
                <Dialog.Title>Edit image</Dialog.Title>
                <Dialog.Description color="fg.muted" fontSize="sm">
                  {imageName}
                </Dialog.Description>
              </Stack>
            </Dialog.Header>
            {data && !isFetching ? (
              <Workspace
                key={data.imageId}
                state={data}
                firstToolRef={firstToolRef}
                cancelRef={cancelRef}
                escapeRef={escapeRef}
                busy={busy}
                setBusy={setBusy}
                onSave={onSave}
                onDone={() => setOpen(false)}
              />
            ) : (
              <>
                <Dialog.Body>
                  {isError ? (
                    <LoadErrorAlert title={errorMessage(error, 'Failed to open the image')} onRetry={() => refetch()} />
                  ) : (
                    <Stack gap="3" aria-busy="true" aria-label="Loading the image">
                      <Skeleton height="10" />
                      <Skeleton height="80" />
                    </Stack>
                  )}
                </Dialog.Body>
                <Dialog.Footer>
                  <Button ref={cancelRef} variant="outline" onClick={() => setOpen(false)}>
                    <X /> Cancel
                  </Button>
                  <Button colorPalette="brand" disabled>
                    <Save /> Save image
                  </Button>
                </Dialog.Footer>
              </>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

type Drag =
  | { kind: 'draw'; pointerId: number; origin: EditPoint }
  | { kind: 'edit'; pointerId: number; origin: EditPoint; index: number; handle: DragHandle; start: EditShape; id: number };

type FocusRequest = { kind: 'stage' } | { kind: 'mark'; index: number } | null;

interface WorkspaceProps {
  state: ImageEditState;
  firstToolRef: RefObject<HTMLButtonElement | null>;
  cancelRef: RefObject<HTMLButtonElement | null>;
  escapeRef: RefObject<() => boolean>;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onSave: (url: string) => Promise<void>;
  onDone: () => void;
}

/** How near a pointer must come to a mark or a handle, in screen pixels. */
const POINTER_SLACK = 10;

function Workspace({ state: loaded, firstToolRef, cancelRef, escapeRef, busy, setBusy, onSave, onDone }: WorkspaceProps) {
  const { width, height, sourceUrl } = loaded;
  const [editor, dispatch] = useReducer(editorReducer, loaded.edit, initialEditorState);
  const [tool, setTool] = useState<Tool>('select');
  const [color, setColor] = useState<EditColor>('red');
  const [labelDraft, setLabelDraft] = useState('');
  const [pending, setPending] = useState<EditShape | null>(null);
  const [dragCrop, setDragCrop] = useState<PercentCrop | null>(null);
  const [status, setStatus] = useState('');
  const [focusRequest, setFocusRequest] = useState<FocusRequest>(null);
  const [applyEdit] = useApplyImageEditMutation();
  const [proposeRedactions, { isLoading: finding }] = useProposeRedactionsMutation();
  const stageRef = useRef<HTMLDivElement>(null);
  const marksRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const dragIds = useRef(0);
  const ids = useId();
  const hintId = `${ids}-hint`;
  const keysId = `${ids}-keys`;
  const { shapes, crop } = editor.present;
  const selectedShape = editor.selected !== null ? shapes[editor.selected] : undefined;

  // The loading state's Cancel had focus (the dialog opened before the layer arrived) and is
  // gone now: focus goes to the first tool, never to <body>.
  useEffect(() => {
    const active = document.activeElement;
    const dialog = stageRef.current?.closest('[role="dialog"]');
    if (!active || active === document.body || !dialog?.contains(active)) firstToolRef.current?.focus();
  }, [firstToolRef]);

  escapeRef.current = () => {
    if (editor.selected === null) return false;
    dispatch({ type: 'select', index: null });
    return true;
  };

  // Focus moves after the change has rendered: to the stage, or to a mark in the list.
  useEffect(() => {
    if (!focusRequest) return;
    if (focusRequest.kind === 'stage') stageRef.current?.focus();
    else marksRef.current?.querySelector<HTMLElement>(`[data-mark-index="${focusRequest.index}"]`)?.focus();
    setFocusRequest(null);
  }, [focusRequest]);

  // A selected label's text is what the label field edits.
  useEffect(() => {
    if (selectedShape?.kind === 'text') setLabelDraft(selectedShape.text);
    // Only when the selection changes, not on each keystroke.
  }, [editor.selected]);

  const markOptions = () => ({ color, text: labelDraft, number: nextMarkerNumber(shapes) });

  const addShapes = useCallback(
    (added: EditShape[]): boolean => {
      if (!hasRoomFor(editor, added.length)) {
        notify.error(`An image can have at most ${IMAGE_EDIT_MAX_SHAPES} marks`);
        return false;
      }
      dispatch({ type: 'add', shapes: added });
      return true;
    },
    [editor],
  );

  const chooseTool = (next: Tool) => {
    dispatch({ type: 'settle' });
    // The crop tool shows no marks' selection, so none stays selected (Delete mark would remove an unseen one).
    if (next === 'crop') dispatch({ type: 'select', index: null });
    setDragCrop(null);
    setTool(next);
  };

  /** Undo, Redo and Delete mark may disable themselves: focus then goes to the image. */
  const afterButton = (stillEnabled: boolean) => {
    if (!stillEnabled) setFocusRequest({ kind: 'stage' });
  };

  const undo = () => {
    dispatch({ type: 'undo' });
    setDragCrop(null);
    afterButton(editor.past.length > 1);
  };
  const redo = () => {
    dispatch({ type: 'redo' });
    setDragCrop(null);
    afterButton(editor.future.length > 1);
  };
  const removeMark = (index: number, focusAfter: 'list' | 'stage') => {
    const label = shapeLabel(shapes[index]!, index + 1);
    dispatch({ type: 'remove', index });
    setStatus(`${label} removed`);
    const left = shapes.length - 1;
    setFocusRequest(focusAfter === 'list' && left > 0 ? { kind: 'mark', index: Math.min(index, left - 1) } : { kind: 'stage' });
  };

  // ---- Pointer on the image ----------------------------------------------------------------

  const pointFrom = (event: PointerEvent<HTMLElement>): EditPoint => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)), y: Math.min(1, Math.max(0, (event.clientY - box.top) / box.height)) };
  };
  /** Screen pixels in the original's pixels, at the size shown. */
  const slack = () => POINTER_SLACK * (width / Math.max(1, stageRef.current?.clientWidth ?? width));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || tool === 'crop' || busy) return;
    const point = pointFrom(event);
    event.currentTarget.setPointerCapture?.(event.pointerId);
    dispatch({ type: 'settle' });
    const handle = selectedShape ? handleAt(selectedShape, point, width, height, slack()) : null;
    if (selectedShape && handle && editor.selected !== null) {
      drag.current = { kind: 'edit', pointerId: event.pointerId, origin: point, index: editor.selected, handle, start: selectedShape, id: ++dragIds.current };
      return;
    }
    if (tool === 'select') {
      const hit = hitTest(shapes, point, width, height, slack());
      dispatch({ type: 'select', index: hit });
      if (hit !== null) drag.current = { kind: 'edit', pointerId: event.pointerId, origin: point, index: hit, handle: 'move', start: shapes[hit]!, id: ++dragIds.current };
      return;
    }
    drag.current = { kind: 'draw', pointerId: event.pointerId, origin: point };
    setPending(shapeFromDrag(tool, point, point, markOptions()));
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId || tool === 'crop') return;
    const point = pointFrom(event);
    if (current.kind === 'draw') {
      setPending(shapeFromDrag(tool as DrawingTool, current.origin, point, markOptions()));
      return;
    }
    const moved = dragShape(current.start, current.handle, point.x - current.origin.x, point.y - current.origin.y);
    dispatch({ type: 'update', index: current.index, shape: moved, coalesce: `drag-${current.id}` });
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    setPending(null);
    if (current.kind === 'draw' && tool !== 'select' && tool !== 'crop') {
      const shape = shapeFromDrag(tool, current.origin, pointFrom(event), markOptions());
      if (shape && addShapes([shape])) setStatus(`${shapeLabel(shape, shapes.length + 1)} added`);
    } else {
      dispatch({ type: 'settle' });
    }
  };

  const onPointerCancel = () => {
    drag.current = null;
    setPending(null);
    dispatch({ type: 'settle' });
  };

  // ---- Keyboard ----------------------------------------------------------------------------

  /** Arrow keys move (Shift: resize) the selected mark, Delete removes it: on the image and in the list. */
  const onMarkKeys = (event: KeyboardEvent<HTMLElement>, index: number | null, from: 'list' | 'stage') => {
    if (index === null || busy) return false;
    const shape = shapes[index];
    if (!shape) return false;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      removeMark(index, from);
      return true;
    }
    const change = keyboardChange(event.key, { shift: event.shiftKey, large: event.ctrlKey || event.metaKey });
    if (!change) return false;
    event.preventDefault();
    dispatch({ type: 'update', index, shape: applyKeyboardChange(shape, change), coalesce: `keys-${index}-${change.action}` });
    return true;
  };

  const onStageKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || busy) return;
    if ((event.key === 'Enter' || event.key === ' ') && tool !== 'select' && tool !== 'crop') {
      event.preventDefault();
      const shape = defaultShape(tool, markOptions());
      if (addShapes([shape])) setStatus(`${shapeLabel(shape, shapes.length + 1)} added in the middle of the image; the arrow keys move it`);
      return;
    }
    onMarkKeys(event, editor.selected, 'stage');
  };

  const onDialogKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.ctrlKey || event.metaKey) || busy) return;
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select')) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey && canUndo(editor)) {
      event.preventDefault();
      dispatch({ type: 'undo' });
    } else if ((key === 'y' || (key === 'z' && event.shiftKey)) && canRedo(editor)) {
      event.preventDefault();
      dispatch({ type: 'redo' });
    }
  };

  // ---- Colour, label text, crop --------------------------------------------------------------

  const changeColor = (next: EditColor) => {
    setColor(next);
    if (selectedShape && editor.selected !== null && shapeColor(selectedShape) !== null && shapeColor(selectedShape) !== next) {
      dispatch({ type: 'update', index: editor.selected, shape: recolor(selectedShape, next) });
    }
  };

  const changeLabel = (text: string) => {
    setLabelDraft(text);
    if (selectedShape?.kind === 'text' && editor.selected !== null && text.trim() !== '') {
      dispatch({ type: 'update', index: editor.selected, shape: { ...selectedShape, text: labelText(text) }, coalesce: `label-${editor.selected}` });
    }
  };

  const shownCrop = dragCrop ?? percentFromCrop(crop);

  // ---- Automatic redaction and saving ------------------------------------------------------

  const findSensitive = async () => {
    setStatus('Looking for sensitive details…');
    try {
      const { shapes: proposed } = await proposeRedactions(loaded.imageId).unwrap();
      const fresh = newProposals(shapes, proposed);
      if (fresh.length === 0) {
        setStatus(proposed.length === 0 ? 'No sensitive details found' : 'No new sensitive details found: each one is already blurred');
        return;
      }
      if (!addShapes(fresh)) {
        setStatus('');
        return;
      }
      const kinds = [...new Set(fresh.map((shape) => (shape.kind === 'redaction' ? reasonLabels[shape.reason] : '')).filter(Boolean))];
      setStatus(
        `Found ${fresh.length} sensitive detail${fresh.length === 1 ? '' : 's'} (${kinds.join(', ')}): each is blurred and listed under Marks. Remove any you want to keep, or Undo them all.`,
      );
    } catch (failure) {
      setStatus('');
      notify.error(errorMessage(failure, 'Failed to look for sensitive details'));
    }
  };

  const save = async () => {
    setBusy(true);
    try {
      const edited = await applyEdit({ imageId: loaded.imageId, edit: editor.present }).unwrap();
      await onSave(edited.url);
      notify.success('Image saved');
      onDone();
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to save the image'));
    } finally {
      setBusy(false);
    }
  };

  // ---- Layout --------------------------------------------------------------------------------

  const ratio = width / height;
  // As wide as fits: the dialog's width, the height left under the tools (at least 16rem wide on short screens), and no larger than 320 px or the image.
  const stageWidth = `min(100%, max(16rem, calc((100dvh - 26rem) * ${ratio.toFixed(5)})), ${Math.max(width, 320)}px)`;
  const toolHint =
    tool === 'select'
      ? 'Click a mark to select it, then drag it or its handle. With the keyboard, choose a mark in the list.'
      : tool === 'crop'
        ? 'Drag the crop box or its corner and edge handles. With the keyboard, Tab to the crop box or a handle and use the arrow keys (Shift for bigger steps).'
        : tool === 'marker' || tool === 'text'
          ? `Click on the image to place a ${toolLabels[tool].toLowerCase()}. With the keyboard, press Enter on the image to add one in the middle.`
          : `Drag on the image to draw ${tool === 'arrow' ? 'an arrow' : tool === 'blur' ? 'a blurred box' : `a ${toolLabels[tool].toLowerCase()}`}. With the keyboard, press Enter on the image to add one in the middle.`;
  const showLabelField = tool === 'text' || selectedShape?.kind === 'text';
  const colorInUse = selectedShape && shapeColor(selectedShape) ? shapeColor(selectedShape)! : color;

  const picture = (withCropMask: boolean) => (
    <>
      <img
        src={sourceUrl}
        alt=""
        draggable={false}
        data-testid="edit-source"
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', display: 'block', userSelect: 'none' }}
      />
      <EditOverlay
        src={sourceUrl}
        width={width}
        height={height}
        shapes={shapes}
        pending={pending}
        selected={tool === 'crop' ? null : editor.selected}
        crop={withCropMask ? crop : null}
      />
    </>
  );

  return (
    <>
      <Dialog.Body onKeyDown={onDialogKeyDown} pt="2" overflowY="auto" minH="0">
        <Flex gap="5" direction={{ base: 'column', lg: 'row' }} align="stretch">
          <Stack gap="3" flex="1" minW="0">
            <Flex gap="1.5" wrap="wrap" role="group" aria-label="Tools">
              {tools.map((name, index) => (
                <Button
                  key={name}
                  ref={index === 0 ? firstToolRef : undefined}
                  size="sm"
                  // A pressed tool: tinted and outlined in the brand colour (text stays dark on it, hovered or not).
                  variant={tool === name ? 'subtle' : 'outline'}
                  colorPalette={tool === name ? 'brand' : 'gray'}
                  borderWidth="1px"
                  borderColor={tool === name ? 'brand.solid' : undefined}
                  fontWeight={tool === name ? 'semibold' : undefined}
                  aria-pressed={tool === name}
                  onClick={() => chooseTool(name)}
                  disabled={busy}
                >
                  {toolIcons[name]} {toolLabels[name]}
                </Button>
              ))}
            </Flex>
            <Flex gap="2" wrap="wrap" align="flex-end">
              <Field.Root width="auto">
                <Field.Label fontSize="xs">Colour</Field.Label>
                <NativeSelect.Root size="sm" width="32" disabled={busy}>
                  <NativeSelect.Field value={colorInUse} onChange={(event) => changeColor(event.target.value as EditColor)}>
                    {editColors.map((name) => (
                      <option key={name} value={name}>
                        {colorLabels[name]}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              {selectedShape?.kind === 'redaction' && (
                <Field.Root width="auto">
                  <Field.Label fontSize="xs">Redaction style</Field.Label>
                  <NativeSelect.Root size="sm" width="32" disabled={busy}>
                    <NativeSelect.Field
                      value={selectedShape.style}
                      onChange={(event) =>
                        editor.selected !== null && dispatch({ type: 'update', index: editor.selected, shape: { ...selectedShape, style: event.target.value === 'pixelate' ? 'pixelate' : 'blur' } })
                      }
                    >
                      <option value="blur">Blur</option>
                      <option value="pixelate">Pixelate</option>
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
              )}
              {showLabelField && (
                <Field.Root width="auto">
                  <Field.Label fontSize="xs">Label text</Field.Label>
                  <Input size="sm" width="56" value={labelDraft} maxLength={IMAGE_EDIT_TEXT_MAX} placeholder="Label" onChange={(event) => changeLabel(event.target.value)} disabled={busy} />
                </Field.Root>
              )}
              <HStack gap="2" wrap="wrap" role="group" aria-label="History and marks">
                <Button size="sm" variant="outline" onClick={undo} disabled={busy || !canUndo(editor)}>
                  <Undo2 /> Undo
                </Button>
                <Button size="sm" variant="outline" onClick={redo} disabled={busy || !canRedo(editor)}>
                  <Redo2 /> Redo
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => editor.selected !== null && removeMark(editor.selected, 'stage')}
                  disabled={busy || editor.selected === null}
                >
                  <Trash2 /> Delete mark
                </Button>
                {tool === 'crop' && (
                  <Button size="sm" variant="outline" onClick={() => dispatch({ type: 'crop', crop: null })} disabled={busy || crop === null}>
                    Remove crop
                  </Button>
                )}
                <Button size="sm" variant="outline" colorPalette="brand" onClick={findSensitive} loading={finding} loadingText="Finding..." disabled={busy}>
                  <ScanSearch /> Find sensitive details
                </Button>
              </HStack>
            </Flex>
            <Text id={hintId} fontSize="sm" color="fg.muted">
              {toolHint}
            </Text>
            <Box display="flex" justifyContent="center" bg="bg.muted" rounded="md" p="2">
              {tool === 'crop' ? (
                <Box width={stageWidth} data-testid="crop-stage">
                  <style>{cropStyles}</style>
                  <ReactCrop
                    crop={shownCrop}
                    keepSelection
                    disabled={busy}
                    style={{ display: 'block', width: '100%' }}
                    onDragStart={() => dispatch({ type: 'settle' })}
                    onChange={(_pixels, percent) => setDragCrop(percent)}
                    onComplete={(_pixels, percent) => {
                      setDragCrop(null);
                      const next = cropFromPercent(percent);
                      if (JSON.stringify(next) !== JSON.stringify(crop)) dispatch({ type: 'crop', crop: next, coalesce: 'crop' });
                    }}
                    ariaLabels={{
                      cropArea: 'Crop box: the arrow keys move it',
                      nwDragHandle: 'Crop top left corner: the arrow keys move it',
                      nDragHandle: 'Crop top edge: the up and down keys move it',
                      neDragHandle: 'Crop top right corner: the arrow keys move it',
                      eDragHandle: 'Crop right edge: the left and right keys move it',
                      seDragHandle: 'Crop bottom right corner: the arrow keys move it',
                      sDragHandle: 'Crop bottom edge: the up and down keys move it',
                      swDragHandle: 'Crop bottom left corner: the arrow keys move it',
                      wDragHandle: 'Crop left edge: the left and right keys move it',
                    }}
                  >
                    <Box position="relative" width="100%" style={{ aspectRatio: `${width} / ${height}` }}>
                      {picture(false)}
                    </Box>
                  </ReactCrop>
                </Box>
              ) : (
                <Box
                  ref={stageRef}
                  data-testid="edit-stage"
                  position="relative"
                  tabIndex={0}
                  role="group"
                  aria-label="Image"
                  aria-describedby={`${hintId} ${keysId}`}
                  cursor={tool === 'select' ? 'default' : 'crosshair'}
                  touchAction="none"
                  outline="none"
                  _focusVisible={{ outline: '3px solid', outlineColor: 'blue.600', outlineOffset: '3px' }}
                  style={{ width: stageWidth, aspectRatio: `${width} / ${height}` }}
                  onPointerDown={onPointerDown}
                  onPointerMove={onPointerMove}
                  onPointerUp={onPointerUp}
                  onPointerCancel={onPointerCancel}
                  onKeyDown={onStageKeyDown}
                >
                  {picture(true)}
                </Box>
              )}
            </Box>
            <Text role="status" fontSize="sm" minH="5" data-testid="image-editor-status">
              {status}
            </Text>
          </Stack>

          <Stack as="section" gap="2" width={{ base: 'full', lg: '64' }} flexShrink={0} aria-labelledby={`${ids}-marks`}>
            <Heading as="h3" size="sm" id={`${ids}-marks`}>
              Marks ({shapes.length}){crop ? ' · cropped' : ''}
            </Heading>
            <Text id={keysId} fontSize="xs" color="fg.muted">
              Arrow keys move the selected mark, Shift + arrow keys resize it (or move an arrow&apos;s tip), Ctrl for bigger steps; Delete removes it.
            </Text>
            {shapes.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                No marks yet.
              </Text>
            ) : (
              <Box as="ul" ref={marksRef} listStyleType="none" m="0" p="0" display="flex" flexDirection="column" gap="1" maxH={{ lg: '60dvh' }} overflowY="auto" data-testid="marks">
                {shapes.map((shape, index) => {
                  const label = shapeLabel(shape, index + 1);
                  const selected = editor.selected === index;
                  return (
                    <Box as="li" key={index} display="flex" alignItems="center" gap="1" data-origin={shape.kind === 'redaction' ? shape.origin : undefined}>
                      <Button
                        size="xs"
                        flex="1"
                        minW="0"
                        h="auto"
                        minH="7"
                        py="1"
                        whiteSpace="normal"
                        textAlign="start"
                        justifyContent="flex-start"
                        variant={selected ? 'subtle' : 'ghost'}
                        colorPalette={selected ? 'brand' : 'gray'}
                        aria-pressed={selected}
                        aria-describedby={keysId}
                        data-mark-index={index}
                        onClick={() => dispatch({ type: 'select', index: selected ? null : index })}
                        onKeyDown={(event) => {
                          if (event.key.startsWith('Arrow') || event.key === 'Delete' || event.key === 'Backspace') {
                            if (!selected) dispatch({ type: 'select', index });
                            onMarkKeys(event, index, 'list');
                          }
                        }}
                        disabled={busy}
                      >
                        {label}
                      </Button>
                      <IconButton size="xs" variant="ghost" aria-label={`Remove ${label}`} onClick={() => removeMark(index, 'list')} disabled={busy}>
                        <X />
                      </IconButton>
                    </Box>
                  );
                })}
              </Box>
            )}
          </Stack>
        </Flex>
      </Dialog.Body>
      <Dialog.Footer>
        <Button ref={cancelRef} variant="outline" onClick={onDone} disabled={busy}>
          <X /> Cancel
        </Button>
        <Button colorPalette="brand" onClick={save} loading={busy} loadingText="Saving..." disabled={busy}>
          <Save /> Save image
        </Button>
      </Dialog.Footer>
    </>
  );
}
