import { Container, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The sticky bar both headers sit in. */
export function HeaderBar({ children }: { children: ReactNode }) {
  return (
    <Flex as="header" position="sticky" top="0" zIndex="sticky" bg="bg/90" backdropFilter="blur(8px)" borderBottomWidth="1px">
      <Container maxW="7xl" py="3">
        <Flex align="center" gap="4" wrap="wrap">
          {children}
        </Flex>
      </Container>
    </Flex>
  );
}
