import { Box, Container, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface PageFrameProps {
  title: string;
  description?: string;
  actions?: ReactNode;
  children?: ReactNode;
}

/** Title block and width every page shares, so remotes look like one app. */
export function PageFrame({ title, description, actions, children }: PageFrameProps) {
  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <Flex align={{ md: 'center' }} justify="space-between" direction={{ base: 'column', md: 'row' }} gap="4" mb="8">
        <Box>
          <Heading as="h1" size="2xl" letterSpacing="tight">
            {title}
          </Heading>
          {description && (
            <Text color="fg.muted" mt="2">
              {description}
            </Text>
          )}
        </Box>
        {actions}
      </Flex>
      {children}
    </Container>
  );
}
