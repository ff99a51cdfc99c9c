import { LogoField } from '@sopwright/ui';
import { errorMessage, useUpdateProfileMutation, useUploadLogoMutation } from '@sopwright/web-client';

/** The profile's logo: upload replaces it at once; remove clears it. Both refresh the profile. */
export function CompanyLogoField({ logoUrl }: { logoUrl: string | null }) {
  const [uploadLogo] = useUploadLogoMutation();
  const [updateProfile] = useUpdateProfileMutation();
  return (
    <LogoField
      logoUrl={logoUrl}
      upload={(file) => uploadLogo(file).unwrap()}
      remove={() => updateProfile({ companyLogoUrl: null }).unwrap()}
      problemOf={(error) => errorMessage(error, 'Failed to upload logo')}
    />
  );
}
