import { Container, Flex } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { SkipLink } from '../a11y/SkipLink';

/** The CSS variable holding the sticky header's height: sticky bars below it offset by it. */
export const HEADER_HEIGHT_VAR = '--app-header-height';

/** The sticky bar both headers sit in. */
export function HeaderBar({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // The header wraps on narrow screens, so its height is measured, not assumed.
  useEffect(() => {
    const header = ref.current;
    if (!header) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty(HEADER_HEIGHT_VAR, `${header.offsetHeight}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEADER_HEIGHT_VAR);
    };
  }, []);
  return (
    <Flex ref={ref} as="header" position="sticky" top="0" zIndex="sticky" bg="bg/90" backdropFilter="blur(8px)" borderBottomWidth="1px">
      <SkipLink />
      <Container maxW="7xl" py="3">
        <Flex align="center" gap="4" wrap="wrap">
          {children}
        </Flex>
      </Container>
    </Flex>
  );
}
