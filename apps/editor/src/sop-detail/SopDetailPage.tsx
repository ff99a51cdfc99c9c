import type { ExportFormat, Sop, SopAccess } from '@sopwright/contracts';
import { Box, Button, ButtonGroup, Container, EmptyState, Flex, HStack, Heading, Icon, Image, Input, Separator, Skeleton, SkeletonText, Stack, Text, VStack, VisuallyHidden, HEADER_HEIGHT_VAR, SopStatusBadge, SourceBadge, formatDate, notify, stepCountLabel, LoadErrorAlert } from '@sopwright/ui';
import {
  editableImageId,
  errorMessage,
  sopExportUrl,
  useGetProfileQuery,
  useGetWorkspaceBrandingQuery,
  useGetSopAccessQuery,
  useGetSopQuery,
  useUpdateSopMutation,
  useUploadSopStepImageMutation,
  useNavigate,
  useParams,
} from '@sopwright/web-client';
import { ArrowLeft, CalendarDays, Download, FileQuestion, History, ListOrdered, ListPlus, Pencil, Save, Share2, X } from 'lucide-react';
import { Suspense, lazy, useEffect, useRef, useState, type ReactNode } from 'react';
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
import { StepEditor } from './StepEditor';
import { StepView } from './StepView';
import { OfflineDraftNotice } from './OfflineDraftNotice';
import { TranscriptPanel } from './TranscriptPanel';
import { VersionHistoryDrawer } from './VersionHistoryDrawer';
import { DeleteSopButton } from './DeleteSopButton';
import { sopPermissions } from './team/governance-rules';
import { useTeamSop, TeamCallout, TeamReview, TeamAcknowledgements } from './team/TeamParts';

/** The Share dialog is its own chunk, fetched when the Share button is reached or pressed. */
const loadShareDialog = () => import('./team/ShareDialog');
const ShareDialog = lazy(loadShareDialog);
const prepareShareDialog = () => {
  void loadShareDialog();
};

/** The image editor is its own chunk, fetched when an Edit image button is reached: the page's first load does not carry it. */
const loadImageEditor = () => import('../image-editor/ImageEditorDialog');
const ImageEditorDialog = lazy(loadImageEditor);
const prepareImageEditor = () => {
  void loadImageEditor();
};

/** The step image open in the editor: by place, and by step key while the page is being edited. */
interface ImageBeingEdited {
  stepIndex: number;
  imageIndex: number;
  url: string;
  imageId: string;
  /** The draft step's key when editing the draft, else null (the saved SOP is changed and saved). */
  stepKey: string | null;
}

const exportButtons: readonly { format: ExportFormat; label: string }[] = [
  { format: 'pdf', label: 'PDF' },
  { format: 'docx', label: 'DOCX' },
  { format: 'markdown', label: 'Markdown' },
  { format: 'html', label: 'HTML' },
];

function openExport(sopId: string, format: ExportFormat) {
  window.open(sopExportUrl(sopId, format), '_blank', 'noopener');
}

function isNotFound(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null && 'status' in error ? (error as { status: unknown }).status : undefined;
  return status === 404 || status === 400;
}

function Frame({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Container maxW="4xl" py={{ base: '6', md: '10' }}>
      <Button variant="ghost" size="sm" onClick={() => navigate('/dashboard')} ms="-3" mb="4">
        <ArrowLeft /> Back to Dashboard
      </Button>
      {children}
    </Container>
  );
}

/**
 * Company logo and name, when the profile has them (spec §2); for a team workspace's SOP,
 * the workspace's branding, which its exports and share links carry too.
 */
function CompanyBrand({ access }: { access: SopAccess | undefined }) {
  const team = access && !access.personal ? access.workspaceId : null;
  const personal = useGetProfileQuery(undefined, { skip: team !== null });
  const workspace = useGetWorkspaceBrandingQuery(team ?? '', { skip: team === null });
  const profile = team ? workspace.data : personal.data;
  if (!profile || (!profile.companyLogoUrl && !profile.companyName)) return null;
  return (
    <HStack gap="3" mb="5" data-testid="company-brand">
      {profile.companyLogoUrl && (
        <Image
          src={profile.companyLogoUrl}
          alt={profile.companyName ? `${profile.companyName} logo` : 'Company logo'}
          h="10"
          w="auto"
          minW="10"
          maxW="40"
          objectFit="contain"
          rounded="md"
        />
      )}
      {profile.companyName && (
        <Text fontWeight="semibold" color="fg.muted" fontSize="lg">
          {profile.companyName}
        </Text>
      )}
    </HStack>
  );
}

/** SOP detail (/sop/:id): read, export, edit inline, and go back to earlier versions. */
export default function SopDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data: sop, isLoading, isError, error, refetch } = useGetSopQuery(id, { skip: !id });
  // The member's role decides what the page offers; read beside the SOP, so the page waits for both.
  const access = useGetSopAccessQuery(id, { skip: !id });

  if (isLoading || access.isLoading) {
    return (
      <Frame>
        <VisuallyHidden asChild>
          <h1 data-pending="">Loading SOP</h1>
        </VisuallyHidden>
        <Stack gap="4" aria-busy="true" aria-label="Loading">
          <Skeleton height="9" width="60%" />
          <Skeleton height="4" width="30%" />
          {[0, 1, 2].map((i) => (
            <Box key={i} borderWidth="1px" rounded="xl" p="5">
              <SkeletonText noOfLines={3} />
            </Box>
          ))}
        </Stack>
      </Frame>
    );
  }

  if (!id || (isError && isNotFound(error))) {
    return (
      <Frame>
        <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="xl" bg="bg">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <FileQuestion />
            </EmptyState.Indicator>
            <VStack textAlign="center">
              <EmptyState.Title asChild>
                <h1>SOP not found</h1>
              </EmptyState.Title>
              <EmptyState.Description>It may have been deleted, or the link is not quite right.</EmptyState.Description>
            </VStack>
            <Button colorPalette="brand" onClick={() => navigate('/dashboard')}>
              <ArrowLeft /> Back to Dashboard
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      </Frame>
    );
  }

  if (isError || !sop) {
    return (
      <Frame>
        <VisuallyHidden asChild>
          <h1>SOP</h1>
        </VisuallyHidden>
        <LoadErrorAlert title="Failed to load this SOP" message={errorMessage(error, 'Something went wrong')} onRetry={() => refetch()} />
      </Frame>
    );
  }

  // Keyed by the SOP, so opening another SOP never carries a draft over.
  return (
    <Frame>
      <SopDocument key={sop.id} sop={sop} access={access.data} />
    </Frame>
  );
}

function SopDocument({ sop, access }: { sop: Sop; access: SopAccess | undefined }) {
  const [draft, setDraft] = useState<SopDraft | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const [shareMounted, setShareMounted] = useState(false);
  const shareButtonRef = useRef<HTMLButtonElement>(null);
  // Viewers read and export: no edit, restore, image or share controls (the server would refuse them).
  const permissions = sopPermissions(access);
  const team = useTeamSop(sop, permissions);
  const [uploading, setUploading] = useState<ReadonlySet<string>>(new Set());
  const [uploadProblems, setUploadProblems] = useState<Readonly<Record<string, string>>>({});
  const [updateSop, { isLoading: saving }] = useUpdateSopMutation();
  // Into the SOP's own workspace, whichever one the app is in.
  const [uploadImage] = useUploadSopStepImageMutation();
  const [imageEdit, setImageEdit] = useState<ImageBeingEdited | null>(null);
  const editing = draft !== null;
  const { focusAfterRender, containerRef, titleInputRef, editButtonRef, addStepRef } = useEditorFocus();

  const openImageEditor = (stepIndex: number, imageIndex: number) => {
    const step = draft ? draft.steps[stepIndex] : sop.steps[stepIndex];
    const url = step?.imageUrls?.[imageIndex];
    const imageId = url ? editableImageId(url) : null;
    if (!step || !url || !imageId) return;
    setImageEdit({ stepIndex, imageIndex, url, imageId, stepKey: draft ? draft.steps[stepIndex]!.key : null });
  };

  /**
   * The flattened image takes the edited one's place: in the draft while the page is being
   * edited (kept when the SOP is saved), else in the SOP, saved at once (a new version).
   */
  const putEditedImage = async (target: ImageBeingEdited, imageUrl: string) => {
    if (imageUrl === target.url) return;
    if (target.stepKey !== null) {
      const stepKey = target.stepKey;
      edit((current) => replaceImage(current, stepKey, target.imageIndex, target.url, imageUrl));
      return;
    }
    const current = draftFromSop(sop);
    const stepKey = current.steps[target.stepIndex]?.key ?? '';
    await updateSop({ id: sop.id, ...toUpdateRequest(replaceImage(current, stepKey, target.imageIndex, target.url, imageUrl)) }).unwrap();
  };

  const startEditing = () => {
    setDraft(draftFromSop(sop));
    setUploadProblems({});
    focusAfterRender({ kind: 'title' });
  };
  const cancel = () => {
    setDraft(null);
    setUploadProblems({});
    focusAfterRender({ kind: 'edit' });
  };
  const edit = (change: (current: SopDraft) => SopDraft) => setDraft((current) => (current ? change(current) : current));

  const save = async () => {
    if (!draft) return;
    const problem = validateDraft(draft);
    if (problem) {
      notify.error(problem.title, problem.description);
      return;
    }
    try {
      await updateSop({ id: sop.id, ...toUpdateRequest(draft) }).unwrap();
      notify.success('SOP updated');
      setDraft(null);
      focusAfterRender({ kind: 'edit' });
    } catch {
      notify.error('Update failed', 'Failed to update SOP');
    }
  };

  const attach = async (stepKey: string, file: File) => {
    setUploading((keys) => new Set(keys).add(stepKey));
    setUploadProblems(({ [stepKey]: _cleared, ...rest }) => rest);
    try {
      const { imageUrl } = await uploadImage({ sopId: sop.id, file }).unwrap();
      edit((current) => addImage(current, stepKey, imageUrl));
      notify.success('Image uploaded');
    } catch (failure) {
      setUploadProblems((problems) => ({ ...problems, [stepKey]: errorMessage(failure, 'Failed to upload image') }));
      notify.error('Upload failed', 'Failed to upload image');
    } finally {
      setUploading((keys) => {
        const next = new Set(keys);
        next.delete(stepKey);
        return next;
      });
    }
  };

  const steps = draft ? draft.steps : sop.steps;
  const anyUploading = uploading.size > 0;

  return (
    <Stack gap="6" ref={containerRef}>
      <Box>
        <CompanyBrand access={access} />
        {draft ? (
          <>
            <VisuallyHidden asChild>
              <h1>Editing {sop.title}</h1>
            </VisuallyHidden>
            <Input
              ref={titleInputRef}
              aria-label="SOP title"
              placeholder="SOP title"
              size="xl"
              fontSize="2xl"
              fontWeight="bold"
              value={draft.title}
              maxLength={300}
              disabled={saving}
              onChange={(event) => edit((current) => setTitle(current, event.target.value))}
            />
          </>
        ) : (
          <Flex align="center" gap="3" wrap="wrap">
            <Heading as="h1" size="3xl" letterSpacing="tight" lineHeight="shorter">
              {sop.title}
            </Heading>
            <SourceBadge sourceType={sop.sourceType} origin={sop.origin} />
            {team.status && <SopStatusBadge status={team.status} />}
          </Flex>
        )}
        <HStack gap="4" mt="3" color="fg.muted" fontSize="sm" wrap="wrap">
          {draft && <SourceBadge sourceType={sop.sourceType} origin={sop.origin} />}
          {draft && team.status && <SopStatusBadge status={team.status} />}
          <HStack gap="1.5">
            <Icon size="sm">
              <CalendarDays />
            </Icon>
            <Text>Created {formatDate(sop.createdAt)}</Text>
          </HStack>
          <HStack gap="1.5">
            <Icon size="sm">
              <ListOrdered />
            </Icon>
            <Text data-testid="step-count">{stepCountLabel(steps.length)}</Text>
          </HStack>
        </HStack>
      </Box>

      {!editing && <TeamCallout sop={sop} team={team} />}

      <Flex
        gap="3"
        justify="space-between"
        align={{ md: 'center' }}
        direction={{ base: 'column', md: 'row' }}
        p="3"
        borderWidth="1px"
        rounded="xl"
        bg="bg"
        position="sticky"
        // Below the sticky app header, so a focused Save is never hidden under it.
        top={`calc(var(${HEADER_HEIGHT_VAR}, 0px) + 0.5rem)`}
        zIndex="docked"
        shadow={editing ? 'sm' : undefined}
      >
        {draft ? (
          <>
            <Text fontSize="sm" color="fg.muted" ps="1">
              Editing — changes are kept only when you save.
            </Text>
            <HStack gap="2">
              <Button variant="outline" onClick={cancel} disabled={saving}>
                <X /> Cancel
              </Button>
              <Button colorPalette="brand" onClick={save} loading={saving} loadingText="Saving..." disabled={anyUploading}>
                <Save /> Save
              </Button>
            </HStack>
          </>
        ) : (
          <>
            {permissions.canEdit ? (
              <HStack gap="2" wrap="wrap">
                <Button ref={editButtonRef} colorPalette="brand" onClick={startEditing}>
                  <Pencil /> Edit
                </Button>
                <Button variant="outline" onClick={() => setHistoryOpen(true)}>
                  <History /> Version history
                </Button>
                <Button
                  ref={shareButtonRef}
                  variant="outline"
                  onClick={() => {
                    setShareMounted(true);
                    setShareOpen(true);
                  }}
                  onPointerEnter={prepareShareDialog}
                  onFocus={prepareShareDialog}
                >
                  <Share2 /> Share
                </Button>
                <DeleteSopButton sopId={sop.id} sopTitle={sop.title} team={permissions.team} />
              </HStack>
            ) : (
              <Text fontSize="sm" color="fg.muted" ps="1">
                {permissions.team ? 'You can read and export this SOP.' : ''}
              </Text>
            )}
            <HStack gap="2" wrap="wrap" role="group" aria-label="Export">
              <Text fontSize="sm" color="fg.muted" display="inline-flex" alignItems="center" gap="1.5">
                <Download size={14} aria-hidden="true" /> Export
              </Text>
              <ButtonGroup size="sm" variant="outline" attached>
                {exportButtons.map((button) => (
                  <Button key={button.format} onClick={() => openExport(sop.id, button.format)}>
                    {button.label}
                  </Button>
                ))}
              </ButtonGroup>
            </HStack>
          </>
        )}
      </Flex>

      {!editing && <TeamReview sop={sop} team={team} />}
      {!editing && sop.generatedBy?.offline && <OfflineDraftNotice />}
      {!editing && sop.transcript && <TranscriptPanel transcript={sop.transcript} />}

      <Separator />

      {draft ? (
        <Stack gap="4">
          {draft.steps.length === 0 && (
            <Text color="fg.muted" textAlign="center" py="6">
              No steps found in this SOP
            </Text>
          )}
          <Stack as="ol" gap="4" ps="0" m="0" aria-label="Steps">
            {draft.steps.map((step, index) => (
              <StepEditor
                key={step.key}
                step={step}
                n={index + 1}
                count={draft.steps.length}
                disabled={saving}
                uploading={uploading.has(step.key)}
                uploadProblem={uploadProblems[step.key]}
                onChange={(patch) => edit((current) => updateStep(current, index, patch))}
                onMove={(direction) => edit((current) => moveStep(current, index, direction))}
                onDelete={() => {
                  edit((current) => removeStep(current, index));
                  // The step that takes its place, else the one before, else Add Step.
                  focusAfterRender(draft.steps.length > 1 ? { kind: 'step', index: Math.min(index, draft.steps.length - 2) } : { kind: 'addStep' });
                }}
                onAttach={(file) => attach(step.key, file)}
                onRemoveImage={(imageIndex) => {
                  edit((current) => removeImage(current, index, imageIndex));
                  focusAfterRender({ kind: 'attach', index });
                }}
                onEditImage={(imageIndex) => openImageEditor(index, imageIndex)}
                onPrepareEdit={prepareImageEditor}
              />
            ))}
          </Stack>
          <Button
            ref={addStepRef}
            variant="outline"
            borderStyle="dashed"
            size="lg"
            onClick={() => {
              edit(addStep);
              focusAfterRender({ kind: 'step', index: draft.steps.length });
            }}
            disabled={saving}
          >
            <ListPlus /> Add Step
          </Button>
        </Stack>
      ) : sop.steps.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="xl" bg="bg">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <ListOrdered />
            </EmptyState.Indicator>
            <EmptyState.Title as="h2">No steps found in this SOP</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Stack as="ol" gap="4" ps="0" m="0" aria-label="Steps">
          {sop.steps.map((step, index) => (
            <StepView
              key={index}
              step={step}
              n={index + 1}
              onEditImage={permissions.canEdit ? (imageIndex) => openImageEditor(index, imageIndex) : undefined}
              onPrepareEdit={prepareImageEditor}
            />
          ))}
        </Stack>
      )}

      {!editing && <TeamAcknowledgements sop={sop} team={team} />}

      {permissions.canEdit && <VersionHistoryDrawer sopId={sop.id} currentVersion={sop.version} open={historyOpen} onOpenChange={setHistoryOpen} />}

      {shareMounted && (
        <Suspense fallback={null}>
          <ShareDialog sopId={sop.id} sopTitle={sop.title} open={shareOpen} onOpenChange={setShareOpen} finalFocus={() => shareButtonRef.current} />
        </Suspense>
      )}

      {imageEdit && (
        <Suspense fallback={null}>
          <ImageEditorDialog
            imageId={imageEdit.imageId}
            imageName={`Step ${imageEdit.stepIndex + 1}, image ${imageEdit.imageIndex + 1}`}
            onSave={(imageUrl) => putEditedImage(imageEdit, imageUrl)}
            onClosed={() => {
              setImageEdit(null);
              focusAfterRender({ kind: 'editImage', index: imageEdit.stepIndex, imageIndex: imageEdit.imageIndex });
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}

type FocusTarget =
  | { kind: 'title' }
  | { kind: 'edit' }
  | { kind: 'addStep' }
  | { kind: 'step'; index: number }
  | { kind: 'attach'; index: number }
  | { kind: 'editImage'; index: number; imageIndex: number };

/**
 * Where focus goes after the page changes under it, so a keyboard user is never dropped on
 * <body>: Edit → the title field, Save or Cancel → Edit, deleting a step → the step taking
 * its place, adding one → its title, removing an image → that step's Attach Image, closing the
 * image editor → the Edit image button that opened it.
 */
function useEditorFocus() {
  const [target, setTarget] = useState<FocusTarget | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const titleInputRef = useRef<HTMLInputElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const addStepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!target) return;
    const stepEditor = (index: number) => containerRef.current?.querySelectorAll<HTMLElement>('[data-testid="step-editor"]')[index];
    const element =
      target.kind === 'title'
        ? titleInputRef.current
        : target.kind === 'edit'
          ? editButtonRef.current
          : target.kind === 'addStep'
            ? addStepRef.current
            : target.kind === 'step'
              ? stepEditor(target.index)?.querySelector<HTMLElement>('input')
              : target.kind === 'editImage'
                ? containerRef.current?.querySelector<HTMLElement>(`[data-edit-image="${target.index}-${target.imageIndex}"]`)
                : stepEditor(target.index)?.querySelector<HTMLElement>('[data-action="attach-image"]');
    element?.focus();
    setTarget(null);
  }, [target]);
  return { focusAfterRender: setTarget, containerRef, titleInputRef, editButtonRef, addStepRef };
}
