import { Button, HStack, Spacer, Text } from '@chakra-ui/react';
import { LogOut, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from './BrandLogo';
import { HeaderBar } from './HeaderBar';
import { appNavItems } from './nav-items';

interface AppHeaderProps {
  email: string | null;
  onLogout: () => void;
  /** Beside the logo (so it stays on the first row on small screens): the workspace switcher. */
  workspaceSwitcher?: ReactNode;
  /** False hides "New SOP" where the user may not create SOPs (a viewer in a team workspace). */
  canCreate?: boolean;
}

/** Header of every authenticated page. */
export function AppHeader({ email, onLogout, workspaceSwitcher, canCreate = true }: AppHeaderProps) {
  return (
    <HeaderBar>
      <HStack gap="2" minW="0">
        <BrandLogo to="/dashboard" />
        {workspaceSwitcher}
      </HStack>
      <HStack as="nav" aria-label="Main" gap="1" wrap="wrap">
        {appNavItems.map((item) => (
          <Button key={item.to} asChild variant="ghost" size="sm" _currentPage={{ color: 'brand.fg', bg: 'brand.subtle' }}>
            <NavLink to={item.to}>{item.label}</NavLink>
          </Button>
        ))}
      </HStack>
      <Spacer />
      <HStack gap="3" wrap="wrap">
        {canCreate && (
          <Button asChild colorPalette="brand" size="sm">
            <RouterLink to="/create">
              <Plus /> New SOP
            </RouterLink>
          </Button>
        )}
        {email && (
          <Text fontSize="sm" color="fg.muted" truncate maxW={{ base: '160px', '2xl': '220px' }} title={email}>
            {email}
          </Text>
        )}
        <Button variant="outline" size="sm" onClick={onLogout}>
          <LogOut /> Logout
        </Button>
      </HStack>
    </HeaderBar>
  );
}
