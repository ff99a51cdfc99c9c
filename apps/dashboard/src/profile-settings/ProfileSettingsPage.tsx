import { Card, Field, Input } from '@chakra-ui/react';
import { PageFrame } from '@sopwright/ui';
import { useSession } from '@sopwright/web-client';

/** Frame of profile settings; company name and logo come with the profile API. */
export default function ProfileSettingsPage() {
  const { user } = useSession();
  return (
    <PageFrame title="Profile Settings" description="Your account and the company branding shown on your SOPs.">
      <Card.Root variant="outline" maxW="2xl">
        <Card.Body>
          <Field.Root readOnly>
            <Field.Label>Email</Field.Label>
            <Input value={user?.email ?? ''} readOnly />
            <Field.HelperText>Contact support to change your email address</Field.HelperText>
          </Field.Root>
        </Card.Body>
      </Card.Root>
    </PageFrame>
  );
}
