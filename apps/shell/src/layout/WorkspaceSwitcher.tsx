import { Box, Button, Menu, Portal, Spinner, Text, VisuallyHidden } from '@sopwright/ui';
import {
  can,
  useCreateWorkspaceDialogOpener,
  useCurrentWorkspace,
  useLocation,
  useNavigate,
  useSwitchWorkspace,
  workspaceRoleLabels,
} from '@sopwright/web-client';
import type { Workspace } from '@sopwright/contracts';
import { Check, ChevronsUpDown, History, Plus, User, Users } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { CreateWorkspaceDialog } from './CreateWorkspaceDialog';

/** "Owner · 3 members", or for the personal workspace "Only you". */
export function workspaceDetail(workspace: Workspace): string {
  if (workspace.personal) return 'Only you';
  return `${workspaceRoleLabels[workspace.role]} · ${workspace.memberCount} ${workspace.memberCount === 1 ? 'member' : 'members'}`;
}

/** Pages about one SOP, which belongs to the workspace being left: switching goes to the dashboard from them. */
const workspaceBoundPage = /^\/sop\//;

/**
 * The header's workspace menu: the current workspace's name; the personal and team workspaces
 * (with the role in each) to switch to; the current team's members; "Create workspace".
 */
export function WorkspaceSwitcher() {
  const { workspace, workspaces, isError, refetch } = useCurrentWorkspace();
  const switchWorkspace = useSwitchWorkspace();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [creating, setCreating] = useState(false);
  // Who opened the dialog (the menu's trigger, or a page's button): focus goes back there.
  const openerRef = useRef<HTMLElement | null>(null);

  const openDialog = useCallback((opener: HTMLElement | null) => {
    openerRef.current = opener;
    setCreating(true);
  }, []);
  useCreateWorkspaceDialogOpener(useCallback(() => openDialog(document.activeElement instanceof HTMLElement ? document.activeElement : null), [openDialog]));

  const choose = (workspaceId: string) => {
    const target = workspaces?.find((candidate) => candidate.id === workspaceId);
    if (!target || !workspaces || target.id === workspace?.id) return;
    switchWorkspace(target, workspaces);
    if (workspaceBoundPage.test(pathname)) navigate('/dashboard');
  };

  const handleSelect = (value: string) => {
    if (value === 'members') navigate('/workspace/members');
    else if (value === 'activity') navigate('/workspace/activity');
    else if (value === 'create') openDialog(triggerRef.current);
    else if (value === 'retry') refetch();
  };

  const dialog = (
    <CreateWorkspaceDialog open={creating} onOpenChange={setCreating} finalFocus={() => (openerRef.current?.isConnected ? openerRef.current : triggerRef.current)} />
  );
  if (!workspace && !isError) {
    return (
      <>
        <Button variant="outline" size="sm" disabled aria-label="Loading workspaces" minW="28">
          <Spinner size="xs" />
        </Button>
        {dialog}
      </>
    );
  }

  const TriggerIcon = workspace && !workspace.personal ? Users : User;
  return (
    <>
      <Menu.Root onSelect={(details) => handleSelect(details.value)} positioning={{ placement: 'bottom-start' }}>
        <Menu.Trigger asChild>
          <Button ref={triggerRef} variant="outline" size="sm" maxW={{ base: '40', '2xl': '56' }} title={workspace?.name} data-testid="workspace-switcher">
            <TriggerIcon aria-hidden="true" />
            <VisuallyHidden>Workspace: </VisuallyHidden>
            <Text as="span" truncate>
              {workspace?.name ?? 'Workspaces'}
            </Text>
            <ChevronsUpDown aria-hidden="true" />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="64" maxW="sm">
              {workspaces && workspace ? (
                <Menu.RadioItemGroup value={workspace.id} onValueChange={(details) => choose(details.value)}>
                  <Menu.ItemGroupLabel>Workspaces</Menu.ItemGroupLabel>
                  {workspaces.map((candidate) => (
                    <Menu.RadioItem key={candidate.id} value={candidate.id} alignItems="flex-start" py="2">
                      <Box flex="1" minW="0">
                        <Text fontWeight="medium" truncate>
                          {candidate.name}
                        </Text>
                        <Text fontSize="xs" color="fg.muted">
                          {workspaceDetail(candidate)}
                        </Text>
                      </Box>
                      <Menu.ItemIndicator>
                        <Check aria-hidden="true" />
                      </Menu.ItemIndicator>
                    </Menu.RadioItem>
                  ))}
                </Menu.RadioItemGroup>
              ) : (
                <Menu.Item value="retry">Could not load your workspaces. Try again</Menu.Item>
              )}
              <Menu.Separator />
              {workspace && !workspace.personal && (
                <Menu.Item value="members">
                  <Users aria-hidden="true" /> Members
                </Menu.Item>
              )}
              {workspace && !workspace.personal && can(workspace.role, 'members.manage') && (
                <Menu.Item value="activity">
                  <History aria-hidden="true" /> Activity
                </Menu.Item>
              )}
              <Menu.Item value="create">
                <Plus aria-hidden="true" /> Create workspace
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {dialog}
    </>
  );
}
