import { Button, Card, Field, HStack, Input, Separator, Skeleton, Stack, PageFrame, notify, COMPANY_NAME_MAX, companyNameUpdate, companyNameValue, LoadErrorAlert } from '@sopwright/ui';
import { errorMessage, useGetProfileQuery, useSession, useUpdateProfileMutation, useNavigate } from '@sopwright/web-client';
import { Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { CompanyLogoField } from './CompanyLogoField';
import { ExtensionCard } from './ExtensionCard';
import { SessionsCard } from './SessionsCard';


/** Company branding (name and logo, shown on SOPs) and the account's email. */
export default function ProfileSettingsPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const { data: profile, isLoading, isError, error, refetch } = useGetProfileQuery();
  const [updateProfile, { isLoading: saving }] = useUpdateProfileMutation();
  const [editedName, setEditedName] = useState<string | null>(null);
  const companyName = companyNameValue(editedName, profile?.companyName);

  const handleSave = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await updateProfile(companyNameUpdate(companyName)).unwrap();
      setEditedName(null);
      notify.success('Profile updated');
    } catch {
      notify.error('Update failed', 'Failed to update profile');
    }
  };

  let body;
  if (isLoading) {
    body = (
      <Stack gap="5" aria-busy="true" aria-label="Loading">
        <Skeleton height="10" />
        <Skeleton height="24" width="60%" />
        <Skeleton height="10" />
      </Stack>
    );
  } else if (isError || !profile) {
    body = (
      <LoadErrorAlert title="Failed to load your profile" message={errorMessage(error, 'Something went wrong')} onRetry={() => refetch()} />
    );
  } else {
    body = (
      <form onSubmit={handleSave} noValidate>
        <Stack gap="6">
          <Field.Root>
            <Field.Label>Company name</Field.Label>
            <Input
              name="companyName"
              placeholder="e.g. Acme Inc."
              value={companyName}
              maxLength={COMPANY_NAME_MAX}
              onChange={(event) => setEditedName(event.target.value)}
            />
            <Field.HelperText>Shown with your logo at the top of every SOP.</Field.HelperText>
          </Field.Root>
          <CompanyLogoField logoUrl={profile.companyLogoUrl} />
          <Separator />
          <Field.Root readOnly>
            <Field.Label>Email</Field.Label>
            <Input name="email" type="email" value={profile.email || user?.email || ''} readOnly bg="bg.muted" color="fg.muted" />
            <Field.HelperText display="flex" alignItems="center" gap="1">
              <Lock size={12} aria-hidden="true" /> Contact support to change your email address
            </Field.HelperText>
          </Field.Root>
          <HStack justify="flex-end" gap="3" pt="2">
            <Button variant="outline" onClick={() => navigate('/dashboard')} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" colorPalette="brand" loading={saving} loadingText="Saving...">
              Save Changes
            </Button>
          </HStack>
        </Stack>
      </form>
    );
  }

  return (
    <PageFrame title="Profile Settings" description="Your account and the company branding shown on your SOPs.">
      <Stack gap="6">
        <Card.Root variant="outline" maxW="2xl" rounded="xl" bg="bg">
          <Card.Header>
            <Card.Title as="h2">Company branding</Card.Title>
            <Card.Description>Your company name and logo brand every SOP you open or export.</Card.Description>
          </Card.Header>
          <Card.Body>{body}</Card.Body>
        </Card.Root>
        <ExtensionCard />
        <SessionsCard />
      </Stack>
    </PageFrame>
  );
}
