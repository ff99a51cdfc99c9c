import { Box, Button, Card, Center, Code, Icon, Text, VStack } from '@sopwright/ui';
import { CloudOff, RotateCw } from 'lucide-react';

interface RemoteLoadErrorProps {
  error: Error;
  onRetry: () => void;
}

export function RemoteLoadError({ error, onRetry }: RemoteLoadErrorProps) {
  return (
    <Center px="4" py="16">
      <Card.Root role="alert" maxW="lg" width="full" variant="outline">
        <Card.Body>
          <VStack gap="4" textAlign="center">
            <Icon boxSize="10" color="fg.muted">
              <CloudOff />
            </Icon>
            <Card.Title as="h2">This page could not be loaded</Card.Title>
            <Text color="fg.muted">
              Part of Sopwright did not load, perhaps because of a network problem or an update in progress. Please try
              again.
            </Text>
            <Button colorPalette="brand" onClick={onRetry}>
              <RotateCw /> Try again
            </Button>
            {/* Support needs the runtime's words; users should not have to read them. */}
            <Box as="details" width="full" textAlign="start" fontSize="sm" color="fg.muted">
              <summary>Technical details</summary>
              <Code display="block" mt="2" p="2" whiteSpace="pre-wrap" wordBreak="break-word">
                {error.message}
              </Code>
            </Box>
          </VStack>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
