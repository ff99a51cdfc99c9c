import type { Workspace } from '@sopwright/contracts';
import { Button, Card, Field, HStack, Input, LogoField, Skeleton, Stack, Text, COMPANY_NAME_MAX, companyNameChanged, companyNameUpdate, companyNameValue, notify } from '@sopwright/ui';
import { can, errorMessage, useGetWorkspaceBrandingQuery, useUpdateWorkspaceBrandingMutation, useUploadWorkspaceLogoMutation } from '@sopwright/web-client';
import { useState, type FormEvent } from 'react';

/**
 * The company name and logo this workspace's SOPs carry on the SOP page, in exports and on
 * share links. Admins and owners change them; everyone else sees them.
 */
export function WorkspaceBrandingCard({ workspace }: { workspace: Workspace }) {
  const editable = can(workspace.role, 'branding.manage');
  const { data: branding, isLoading, isError, error, refetch } = useGetWorkspaceBrandingQuery(workspace.id);
  const [updateBranding, { isLoading: saving }] = useUpdateWorkspaceBrandingMutation();
  const [uploadLogo] = useUploadWorkspaceLogoMutation();
  const [editedName, setEditedName] = useState<string | null>(null);
  const companyName = companyNameValue(editedName, branding?.companyName);

  const handleSave = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await updateBranding({ workspaceId: workspace.id, ...companyNameUpdate(companyName) }).unwrap();
      setEditedName(null);
      notify.success('Branding updated');
    } catch (failure) {
      notify.error('Update failed', errorMessage(failure, 'Failed to update the branding'));
    }
  };

  let body;
  if (isLoading) {
    body = (
      <Stack gap="4" aria-busy="true" aria-label="Loading the branding">
        <Skeleton height="10" />
        <Skeleton height="24" width="60%" />
      </Stack>
    );
  } else if (isError || !branding) {
    body = (
      <HStack justify="space-between" gap="3" role="alert">
        <Text color="fg.error">{errorMessage(error, 'Failed to load the branding')}</Text>
        <Button size="sm" variant="outline" onClick={() => refetch()}>
          Try again
        </Button>
      </HStack>
    );
  } else {
    body = (
      <Stack gap="6">
        <form onSubmit={handleSave} noValidate>
          <Field.Root readOnly={!editable}>
            <Field.Label>Company name</Field.Label>
            <HStack gap="3" align="start">
              <Input
                name="companyName"
                placeholder={editable ? 'e.g. Acme Inc.' : 'None'}
                value={companyName}
                maxLength={COMPANY_NAME_MAX}
                readOnly={!editable}
                onChange={(event) => setEditedName(event.target.value)}
              />
              {editable && (
                <Button type="submit" colorPalette="brand" loading={saving} loadingText="Saving..." disabled={!companyNameChanged(companyName, branding.companyName)}>
                  Save
                </Button>
              )}
            </HStack>
            <Field.HelperText>Shown with the logo at the top of this workspace’s SOPs, their exports and share links.</Field.HelperText>
          </Field.Root>
        </form>
        <LogoField
          logoUrl={branding.companyLogoUrl}
          readOnly={!editable}
          upload={(file) => uploadLogo({ workspaceId: workspace.id, file }).unwrap()}
          remove={() => updateBranding({ workspaceId: workspace.id, companyLogoUrl: null }).unwrap()}
          problemOf={(failure) => errorMessage(failure, 'Failed to upload logo')}
        />
      </Stack>
    );
  }

  return (
    <Card.Root variant="outline" rounded="xl" bg="bg" data-testid="workspace-branding">
      <Card.Header>
        <Card.Title as="h2">Workspace branding</Card.Title>
        <Card.Description>
          {editable ? `The company name and logo on every SOP in ${workspace.name}.` : `The company name and logo on every SOP in ${workspace.name}. Admins and owners can change them.`}
        </Card.Description>
      </Card.Header>
      <Card.Body>{body}</Card.Body>
    </Card.Root>
  );
}
