import { Box, Button, Flex, HStack, Icon, Image, Stack, Text, notify } from '@sopwright/ui';
import { errorMessage, useUpdateProfileMutation, useUploadLogoMutation } from '@sopwright/web-client';
import { Building2, Trash2, Upload } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { LOGO_ACCEPT, LOGO_NOTE } from './profile-form';

/** Upload replaces the logo at once; remove clears it. Both refresh the profile. */
export function CompanyLogoField({ logoUrl }: { logoUrl: string | null }) {
  const input = useRef<HTMLInputElement>(null);
  const [uploadLogo, upload] = useUploadLogoMutation();
  const [updateProfile, removal] = useUpdateProfileMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const busy = upload.isLoading || removal.isLoading;

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    try {
      await uploadLogo(file).unwrap();
      notify.success('Logo uploaded');
    } catch (error) {
      setProblem(errorMessage(error, 'Failed to upload logo'));
      notify.error('Upload failed', 'Failed to upload logo');
    }
  };

  const handleRemove = async () => {
    setProblem(null);
    try {
      await updateProfile({ companyLogoUrl: null }).unwrap();
      notify.success('Logo removed');
    } catch {
      notify.error('Remove failed');
    }
  };

  return (
    <Stack gap="2">
      <Text fontWeight="medium" fontSize="sm" id="company-logo-label">
        Company logo
      </Text>
      <Flex gap="5" align="center" direction={{ base: 'column', sm: 'row' }}>
        <Flex
          boxSize="24"
          rounded="xl"
          borderWidth="1px"
          borderStyle={logoUrl ? 'solid' : 'dashed'}
          bg="bg.subtle"
          align="center"
          justify="center"
          overflow="hidden"
          flexShrink={0}
        >
          {logoUrl ? (
            <Image src={logoUrl} alt="Company logo" w="full" h="full" objectFit="contain" p="2" />
          ) : (
            <Icon size="xl" color="fg.subtle" aria-label="No logo yet">
              <Building2 />
            </Icon>
          )}
        </Flex>
        <Box>
          <HStack gap="2" wrap="wrap">
            <Button variant="outline" size="sm" onClick={() => input.current?.click()} loading={upload.isLoading} loadingText="Uploading..." disabled={busy}>
              <Upload /> {logoUrl ? 'Replace Logo' : 'Upload Logo'}
            </Button>
            {logoUrl && (
              <Button variant="ghost" colorPalette="red" size="sm" onClick={handleRemove} loading={removal.isLoading} disabled={busy}>
                <Trash2 /> Remove Logo
              </Button>
            )}
          </HStack>
          <Text fontSize="sm" color="fg.muted" mt="2">
            {LOGO_NOTE}
          </Text>
          {problem && (
            <Text fontSize="sm" color="fg.error" mt="1" role="alert">
              {problem}
            </Text>
          )}
          <input
            ref={input}
            type="file"
            accept={LOGO_ACCEPT}
            aria-labelledby="company-logo-label"
            data-testid="logo-input"
            hidden
            onChange={handleFile}
          />
        </Box>
      </Flex>
    </Stack>
  );
}
