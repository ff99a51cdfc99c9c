import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { notify } from '../toast/notify';

export interface OneTimeLinkProps {
  url: string;
  /** What the link is, for screen readers ("Share link"). */
  label: string;
  /** What to do with it and how long it works. */
  children: ReactNode;
  /** The toast's second line once copied ("Send it to …"). */
  copiedNote: string;
  testId?: string;
}

/**
 * A secret link shown once (an invitation, a share link), announced, with a Copy button; the
 * field selects itself on focus for copying by hand when the clipboard is refused.
 */
export function OneTimeLink({ url, label, children, copiedNote, testId }: OneTimeLinkProps) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Link copied', copiedNote);
    } catch {
      notify.error('Could not copy the link', 'Select it and copy it yourself.');
    }
  };
  return (
    <Stack gap="2" role="status" bg="bg.subtle" rounded="lg" p="4" borderWidth="1px">
      <Text>{children}</Text>
      <Stack gap="2" align="stretch" direction={{ base: 'column', sm: 'row' }}>
        <Input readOnly value={url} aria-label={label} fontFamily="mono" fontSize="sm" bg="bg" onFocus={(event) => event.currentTarget.select()} data-testid={testId} />
        <Button variant="outline" onClick={copy} flexShrink={0}>
          <Copy aria-hidden="true" /> Copy link
        </Button>
      </Stack>
    </Stack>
  );
}
