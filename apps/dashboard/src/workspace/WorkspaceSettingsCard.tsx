import type { Workspace } from '@sopwright/contracts';
import { Button, Card, ConfirmDialog, Field, HStack, Input, Separator, Stack, Text, notify } from '@sopwright/ui';
import { errorMessage, useDeleteWorkspaceMutation, useNavigate, useRenameWorkspaceMutation, useSwitchWorkspace, workspaceNameProblem } from '@sopwright/web-client';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';

/** Owners rename the workspace, or delete it with every SOP in it (after a confirmation). */
export function WorkspaceSettingsCard({ workspace }: { workspace: Workspace }) {
  const [name, setName] = useState(workspace.name);
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [rename, renaming] = useRenameWorkspaceMutation();
  const [remove, removing] = useDeleteWorkspaceMutation();
  const switchWorkspace = useSwitchWorkspace();
  const navigate = useNavigate();

  const handleRename = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = workspaceNameProblem(name);
    setProblem(found);
    if (found) return;
    try {
      await rename({ workspaceId: workspace.id, name: name.trim() }).unwrap();
      notify.success('Workspace renamed');
    } catch (error) {
      setProblem(errorMessage(error, 'Failed to rename the workspace'));
    }
  };

  const handleDelete = async () => {
    try {
      await remove(workspace.id).unwrap();
      setAsking(false);
      navigate('/dashboard');
      switchWorkspace(null);
      notify.success(`${workspace.name} was deleted`, 'You are back in your personal workspace.');
    } catch (error) {
      notify.error('Delete failed', errorMessage(error, 'Failed to delete the workspace'));
    }
  };

  return (
    <Card.Root variant="outline" rounded="xl" bg="bg" data-testid="workspace-settings">
      <Card.Header>
        <Card.Title as="h2">Workspace settings</Card.Title>
        <Card.Description>Only owners see these.</Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="6">
          <form onSubmit={handleRename} noValidate>
            <Field.Root invalid={problem !== null}>
              <Field.Label>Workspace name</Field.Label>
              <HStack gap="3" align="start">
                <Input name="workspaceName" value={name} onChange={(event) => setName(event.target.value)} />
                <Button type="submit" variant="outline" loading={renaming.isLoading} loadingText="Saving..." disabled={name.trim() === workspace.name}>
                  Rename
                </Button>
              </HStack>
              {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
            </Field.Root>
          </form>
          <Separator />
          <HStack justify="space-between" gap="4" wrap="wrap">
            <Text color="fg.muted" maxW="lg">
              Deleting the workspace deletes every SOP in it, ends its share links and removes everyone from it. This cannot be undone.
            </Text>
            <Button variant="outline" colorPalette="red" onClick={() => setAsking(true)}>
              <Trash2 aria-hidden="true" /> Delete workspace
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={asking}
        title={`Delete ${workspace.name}?`}
        description={`Every SOP in ${workspace.name}, with its versions, share links and read acknowledgements, is deleted, and its ${workspace.memberCount} ${workspace.memberCount === 1 ? 'member loses' : 'members lose'} access. This cannot be undone.`}
        confirmLabel="Delete workspace"
        busyLabel="Deleting..."
        busy={removing.isLoading}
        onConfirm={handleDelete}
        onCancel={() => setAsking(false)}
      />
    </Card.Root>
  );
}
