import { Button, CloseButton, Dialog, Field, Input, Portal, Stack, notify } from '@sopwright/ui';
import {
  WORKSPACE_NAME_MAX,
  errorMessage,
  useCreateWorkspaceMutation,
  useCurrentWorkspace,
  useNavigate,
  useSwitchWorkspace,
  withWorkspace,
  workspaceNameProblem,
} from '@sopwright/web-client';
import { useId, useRef, useState, type FormEvent } from 'react';

interface CreateWorkspaceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to when the dialog closes without creating. */
  finalFocus: () => HTMLElement | null;
}

/**
 * "Create workspace": a name, checked as the server checks it. The new workspace becomes the
 * current one and its members page opens, to invite the team.
 */
export function CreateWorkspaceDialog({ open, onOpenChange, finalFocus }: CreateWorkspaceDialogProps) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [createWorkspace, { isLoading }] = useCreateWorkspaceMutation();
  const { workspaces } = useCurrentWorkspace();
  const switchWorkspace = useSwitchWorkspace();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const formId = useId();

  const reset = () => {
    setName('');
    setProblem(null);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = workspaceNameProblem(name);
    if (found) {
      setProblem(found);
      inputRef.current?.focus();
      return;
    }
    try {
      const created = await createWorkspace({ name: name.trim() }).unwrap();
      onOpenChange(false);
      reset();
      switchWorkspace(created, workspaces ? withWorkspace(workspaces, created) : undefined);
      notify.success('Workspace created', `You are now working in ${created.name}. Invite your team here.`);
      navigate('/workspace/members');
    } catch (error) {
      const message = errorMessage(error, 'Something went wrong');
      setProblem(message);
      notify.error('Could not create the workspace', message);
      inputRef.current?.focus();
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (isLoading) return;
        onOpenChange(details.open);
        if (!details.open) reset();
      }}
      initialFocusEl={() => inputRef.current}
      finalFocusEl={finalFocus}
      closeOnEscape={!isLoading}
      closeOnInteractOutside={!isLoading}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Create workspace</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description color="fg.muted" mb="5">
                A shared space for a team&apos;s SOPs. You will be its owner, and can invite people to read or edit them.
              </Dialog.Description>
              <form id={formId} onSubmit={handleSubmit} noValidate>
                <Stack gap="4">
                  <Field.Root required invalid={problem !== null}>
                    <Field.Label>
                      Name <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      ref={inputRef}
                      name="workspaceName"
                      autoComplete="off"
                      placeholder="e.g. Front desk"
                      value={name}
                      onChange={(event) => {
                        setName(event.target.value);
                        if (problem) setProblem(null);
                      }}
                    />
                    {problem ? <Field.ErrorText>{problem}</Field.ErrorText> : <Field.HelperText>Up to {WORKSPACE_NAME_MAX} characters. Everyone you invite sees it.</Field.HelperText>}
                  </Field.Root>
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={isLoading}>
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button type="submit" form={formId} colorPalette="brand" loading={isLoading} loadingText="Creating...">
                Create workspace
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={isLoading} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
