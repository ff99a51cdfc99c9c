import { Button, Card, Field, Input, NativeSelect, OneTimeLink, Stack, formatDateTime, notify } from '@sopwright/ui';
import {
  errorMessage,
  roleWithArticle,
  invitableRoles,
  invitationEmailProblem,
  useCreateInvitationMutation,
  workspaceRoleDescriptions,
  workspaceRoleLabels,
  type InvitableRole,
} from '@sopwright/web-client';
import type { CreatedInvitation, Workspace } from '@sopwright/contracts';
import { Link2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';

const isInvitableRole = (value: string): value is InvitableRole => (invitableRoles as readonly string[]).includes(value);

/**
 * Invites someone by email address with a role: the answer is a link to send them, shown once
 * here with a Copy button (it is never shown again; a new invitation makes a new link).
 */
export function InviteCard({ workspace }: { workspace: Workspace }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('editor');
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const [createInvitation, { isLoading }] = useCreateInvitationMutation();
  const emailRef = useRef<HTMLInputElement>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = invitationEmailProblem(email);
    if (found) {
      setProblem(found);
      emailRef.current?.focus();
      return;
    }
    try {
      setCreated(await createInvitation({ workspaceId: workspace.id, email: email.trim(), role }).unwrap());
      setEmail('');
      setProblem(null);
    } catch (error) {
      const message = errorMessage(error, 'Something went wrong');
      setProblem(message);
      notify.error('Could not create the invitation', message);
      emailRef.current?.focus();
    }
  };

  return (
    <Card.Root variant="outline" rounded="xl" bg="bg">
      <Card.Header>
        <Card.Title as="h2">Invite people</Card.Title>
        <Card.Description>
          An invitation is a link for one email address, valid for a week and once. They accept it by logging in or signing up with that address.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <form onSubmit={handleSubmit} noValidate aria-label={`Invite someone to ${workspace.name}`}>
            <Stack gap="4" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-start' }}>
              <Field.Root required invalid={problem !== null} flex="1">
                <Field.Label>
                  Email address <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  ref={emailRef}
                  type="email"
                  name="email"
                  autoComplete="off"
                  placeholder="colleague@company.com"
                  value={email}
                  onChange={(event) => {
                    setEmail(event.target.value);
                    if (problem) setProblem(null);
                  }}
                />
                {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
              </Field.Root>
              <Field.Root width={{ base: 'full', md: '48' }}>
                <Field.Label>Role</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field name="role" value={role} onChange={(event) => isInvitableRole(event.target.value) && setRole(event.target.value)}>
                    {invitableRoles.map((option) => (
                      <option key={option} value={option}>
                        {workspaceRoleLabels[option]}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.HelperText>{workspaceRoleDescriptions[role]}.</Field.HelperText>
              </Field.Root>
              <Button type="submit" colorPalette="brand" loading={isLoading} loadingText="Creating link..." mt={{ md: '6' }} flexShrink={0}>
                <Link2 aria-hidden="true" /> Create invitation link
              </Button>
            </Stack>
          </form>
          {created && (
            <OneTimeLink url={created.url} label={`Invitation link for ${created.email}`} copiedNote={`Send it to ${created.email}.`} testId="invitation-link">
              Send this link to <strong>{created.email}</strong> to join as {roleWithArticle(created.role)}. It works once, until {formatDateTime(created.expiresAt)}, and is
              not shown again.
            </OneTimeLink>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
