import { Box, Flex, MAIN_CONTENT_ID, PublicHeader } from '@sopwright/ui';
import { useSession } from '@sopwright/web-client';
import type { ReactNode } from 'react';
import type { Chrome } from '../routing/route-table';
import { SessionAppHeader } from './SessionAppHeader';

/** Puts the right header above a page; pages never render headers themselves. */
export function PageChrome({ kind, children }: { kind: Chrome; children: ReactNode }) {
  const { isLoggedIn } = useSession();
  if (kind === 'none') return children;
  const header = kind === 'app' || (kind === 'by-session' && isLoggedIn) ? <SessionAppHeader /> : <PublicHeader />;
  return (
    <Flex direction="column" minH="100vh" bg="bg.subtle">
      {header}
      <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} flex="1" _focus={{ outline: 'none' }}>
        {children}
      </Box>
    </Flex>
  );
}
