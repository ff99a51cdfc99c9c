import { Box, Button, Flex, HStack, Icon, Image, Stack, Text } from '@chakra-ui/react';
import { Building2, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { notify } from '../toast/notify';
import { LOGO_ACCEPT, LOGO_NOTE } from './company-branding';

export interface LogoFieldProps {
  logoUrl: string | null;
  /** Stores the file as the logo; rejects with the server's answer. */
  upload: (file: File) => Promise<unknown>;
  remove: () => Promise<unknown>;
  /** The server's message for a failed upload (shown under the buttons). */
  problemOf: (error: unknown) => string;
  /** Shown, not changed (a member without the right). */
  readOnly?: boolean;
}

/**
 * A company logo: upload replaces it at once, remove clears it, with the spec's toasts. Used by
 * the profile (a person's branding) and a team workspace's branding.
 */
export function LogoField({ logoUrl, upload, remove, problemOf, readOnly = false }: LogoFieldProps) {
  const labelId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    setBusy('upload');
    try {
      await upload(file);
      notify.success('Logo uploaded');
    } catch (error) {
      setProblem(problemOf(error));
      notify.error('Upload failed', 'Failed to upload logo');
    } finally {
      setBusy(null);
    }
  };

  const handleRemove = async () => {
    setProblem(null);
    setBusy('remove');
    try {
      await remove();
      notify.success('Logo removed');
    } catch {
      notify.error('Remove failed');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="2">
      <Text fontWeight="medium" fontSize="sm" id={labelId}>
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
        {!readOnly && (
          <Box>
            <HStack gap="2" wrap="wrap">
              <Button variant="outline" size="sm" onClick={() => input.current?.click()} loading={busy === 'upload'} loadingText="Uploading..." disabled={busy !== null}>
                <Upload /> {logoUrl ? 'Replace Logo' : 'Upload Logo'}
              </Button>
              {logoUrl && (
                <Button variant="ghost" colorPalette="red" size="sm" onClick={handleRemove} loading={busy === 'remove'} disabled={busy !== null}>
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
            <input ref={input} type="file" accept={LOGO_ACCEPT} aria-labelledby={labelId} data-testid="logo-input" hidden onChange={handleFile} />
          </Box>
        )}
      </Flex>
    </Stack>
  );
}
