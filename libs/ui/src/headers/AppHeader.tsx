import { Button, HStack, Spacer, Text } from '@chakra-ui/react';
import { LogOut, Plus } from 'lucide-react';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from './BrandLogo';
import { HeaderBar } from './HeaderBar';
import { appNavItems } from './nav-items';

interface AppHeaderProps {
  email: string | null;
  onLogout: () => void;
}

/** Header of every authenticated page. */
export function AppHeader({ email, onLogout }: AppHeaderProps) {
  return (
    <HeaderBar>
      <BrandLogo to="/dashboard" />
      <HStack as="nav" aria-label="Main" gap="1" wrap="wrap">
        {appNavItems.map((item) => (
          <Button key={item.to} asChild variant="ghost" size="sm" _currentPage={{ color: 'brand.fg', bg: 'brand.subtle' }}>
            <NavLink to={item.to}>{item.label}</NavLink>
          </Button>
        ))}
      </HStack>
      <Spacer />
      <HStack gap="3">
        <Button asChild colorPalette="brand" size="sm">
          <RouterLink to="/create">
            <Plus /> New SOP
          </RouterLink>
        </Button>
        {email && (
          <Text fontSize="sm" color="fg.muted" truncate maxW="220px" title={email}>
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
