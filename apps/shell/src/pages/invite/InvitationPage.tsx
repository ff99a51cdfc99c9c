import { Alert, Button, Card, Center, DataList, Heading, HStack, Skeleton, Stack, Text, formatDate, notify } from '@sopwright/ui';
import {
  clearSession,
  errorMessage,
  sopwrightApi,
  useAcceptInvitationMutation,
  useCurrentWorkspace,
  useGetInvitationQuery,
  useLogoutMutation,
  useNavigate,
  roleWithArticle,
  useParams,
  useSession,
  useSwitchWorkspace,
  withWorkspace,
  workspaceMessages,
  workspaceRoleDescriptions,
  workspaceRoleLabels,
  Link as RouterLink,
} from '@sopwright/web-client';
import type { InvitationPreview } from '@sopwright/contracts';
import { LogIn, UserPlus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { withReturnPath } from '../../routing/return-path';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function Frame({ title, pending = false, children }: { title: string; pending?: boolean; children: ReactNode }) {
  return (
    <Center px="4" py={{ base: '10', md: '20' }}>
      <Card.Root width="full" maxW="lg" variant="elevated">
        <Card.Header>
          {/* While the invitation loads, the heading stands in (data-pending) and focus waits for the real one. */}
          <Heading as="h1" size="xl" data-pending={pending ? '' : undefined}>
            {title}
          </Heading>
        </Card.Header>
        <Card.Body>{children}</Card.Body>
      </Card.Root>
    </Center>
  );
}

/**
 * /invite/:token: what an invitation link is for (the workspace, the role, who invited whom),
 * to anyone holding it. Signed out, it leads to log in or register and back; signed in with the
 * address invited, Accept joins the workspace and opens it.
 */
export default function InvitationPage() {
  const { token = '' } = useParams();
  const preview = useGetInvitationQuery(token);
  const { isLoggedIn } = useSession();

  if (preview.isLoading) {
    return (
      <Frame title="Invitation" pending>
        <Stack gap="4" aria-busy="true" aria-label="Loading the invitation">
          <Skeleton height="5" />
          <Skeleton height="5" width="70%" />
          <Skeleton height="10" width="40%" />
        </Stack>
      </Frame>
    );
  }
  if (preview.isError || !preview.data) {
    return (
      <Frame title="This invitation cannot be used">
        <Stack gap="5">
          <Alert.Root status="warning" rounded="lg">
            <Alert.Indicator />
            <Alert.Description>{errorMessage(preview.error, workspaceMessages.invitationInvalid)}</Alert.Description>
          </Alert.Root>
          <HStack>
            <Button asChild colorPalette="brand">
              <RouterLink to={isLoggedIn ? '/dashboard' : '/'}>{isLoggedIn ? 'Go to your dashboard' : 'Go to the home page'}</RouterLink>
            </Button>
          </HStack>
        </Stack>
      </Frame>
    );
  }
  return <InvitationDetails token={token} invitation={preview.data} />;
}

function InvitationDetails({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { isLoggedIn, user } = useSession();
  const here = `/invite/${token}`;
  const forThisUser = Boolean(user && user.email.toLowerCase() === invitation.email.toLowerCase());

  let action: ReactNode;
  if (!isLoggedIn) {
    action = (
      <Stack gap="3">
        <Text>
          Log in or create an account with <strong>{invitation.email}</strong> to accept it.
        </Text>
        <HStack gap="3" wrap="wrap">
          <Button asChild colorPalette="brand">
            <RouterLink to={withReturnPath('/login', here)}>
              <LogIn aria-hidden="true" /> Log in to accept
            </RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={withReturnPath('/register', here)}>
              <UserPlus aria-hidden="true" /> Create an account
            </RouterLink>
          </Button>
        </HStack>
      </Stack>
    );
  } else if (forThisUser) {
    action = <AcceptButton token={token} invitation={invitation} />;
  } else {
    action = <OtherAccount invitation={invitation} here={here} />;
  }

  return (
    <Frame title={`Join ${invitation.workspaceName}`}>
      <Stack gap="6">
        <Text>
          {invitation.invitedBy} invited {invitation.email} to the workspace <strong>{invitation.workspaceName}</strong> as {roleWithArticle(invitation.role)}, who{' '}
          {lowerFirst(workspaceRoleDescriptions[invitation.role])}.
        </Text>
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>Workspace</DataList.ItemLabel>
            <DataList.ItemValue>{invitation.workspaceName}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Role</DataList.ItemLabel>
            <DataList.ItemValue>{workspaceRoleLabels[invitation.role]}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Invited by</DataList.ItemLabel>
            <DataList.ItemValue>{invitation.invitedBy}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>For</DataList.ItemLabel>
            <DataList.ItemValue>{invitation.email}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Valid until</DataList.ItemLabel>
            <DataList.ItemValue>{formatDate(invitation.expiresAt)}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        {action}
      </Stack>
    </Frame>
  );
}

function AcceptButton({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const [accept, { isLoading }] = useAcceptInvitationMutation();
  const { workspaces } = useCurrentWorkspace();
  const switchWorkspace = useSwitchWorkspace();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);

  const handleAccept = async () => {
    setProblem(null);
    try {
      const joined = await accept(token).unwrap();
      // Leave this page first: the link is spent, and starting the reads afresh must not ask for it again.
      navigate('/dashboard', { replace: true });
      switchWorkspace(joined, workspaces ? withWorkspace(workspaces, joined) : undefined);
      notify.success(`You joined ${joined.name}`, `You are ${roleWithArticle(joined.role)} there. Its SOPs are on your dashboard.`);
    } catch (error) {
      const message = errorMessage(error, 'Something went wrong');
      setProblem(message);
      notify.error('Could not accept the invitation', message);
    }
  };

  return (
    <Stack gap="3">
      {problem && (
        <Alert.Root status="error" rounded="lg">
          <Alert.Indicator />
          <Alert.Description>{problem}</Alert.Description>
        </Alert.Root>
      )}
      <HStack>
        <Button colorPalette="brand" onClick={handleAccept} loading={isLoading} loadingText="Joining...">
          Accept invitation
        </Button>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        You will join {invitation.workspaceName} and switch to it.
      </Text>
    </Stack>
  );
}

/** Signed in with another address: the server would refuse, so say so and offer to change account. */
function OtherAccount({ invitation, here }: { invitation: InvitationPreview; here: string }) {
  const [logout, { isLoading }] = useLogoutMutation();
  const dispatch = useDispatch();
  const navigate = useNavigate();

  const handleSwitchAccount = async () => {
    await logout().unwrap().catch(() => undefined);
    // Signed out first: login would send a signed-in user straight back here.
    clearSession();
    dispatch(sopwrightApi.util.resetApiState());
    navigate(withReturnPath('/login', here), { replace: true });
  };

  return (
    <Stack gap="3">
      <Alert.Root status="warning" rounded="lg">
        <Alert.Indicator />
        <Alert.Description>{workspaceMessages.invitationOtherEmail(invitation.email)}</Alert.Description>
      </Alert.Root>
      <HStack>
        <Button variant="outline" onClick={handleSwitchAccount} loading={isLoading} loadingText="Logging out...">
          Log out and use {invitation.email}
        </Button>
      </HStack>
    </Stack>
  );
}
