import { Box, Button, Collapsible, Icon, Text } from '@sopwright/ui';
import { ChevronDown, ScrollText } from 'lucide-react';
import { useState } from 'react';

/** The collapsible original transcript of a generated SOP. */
export function TranscriptPanel({ transcript }: { transcript: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Collapsible.Root open={open} onOpenChange={(details) => setOpen(details.open)}>
      <Box borderWidth="1px" rounded="xl" bg="bg" overflow="hidden">
        <Collapsible.Trigger asChild>
          <Button variant="ghost" width="full" justifyContent="space-between" rounded="none" px="4" py="3" h="auto">
            <Box as="span" display="inline-flex" alignItems="center" gap="2">
              <ScrollText /> View original transcript
            </Box>
            <Icon transition="transform 0.2s" transform={open ? 'rotate(180deg)' : undefined}>
              <ChevronDown />
            </Icon>
          </Button>
        </Collapsible.Trigger>
        <Collapsible.Content>
          <Text px="4" pb="4" pt="1" color="fg.muted" whiteSpace="pre-wrap" fontSize="sm" data-testid="transcript">
            {transcript}
          </Text>
        </Collapsible.Content>
      </Box>
    </Collapsible.Root>
  );
}
