import { Button, HStack, Spacer } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from './BrandLogo';
import { HeaderBar } from './HeaderBar';

/** Header for visitors. `menus` lets the landing page add its Features and Testimonials dropdowns. */
export function PublicHeader({ menus }: { menus?: ReactNode }) {
  return (
    <HeaderBar>
      <BrandLogo to="/" />
      {menus && <HStack gap="1">{menus}</HStack>}
      <Spacer />
      <HStack as="nav" aria-label="Main" gap="2">
        <Button asChild variant="ghost" size="sm">
          <RouterLink to="/templates">Templates</RouterLink>
        </Button>
        <Button asChild variant="ghost" size="sm">
          <RouterLink to="/login">Log In</RouterLink>
        </Button>
        <Button asChild colorPalette="brand" size="sm">
          <RouterLink to="/register">Get Started</RouterLink>
        </Button>
      </HStack>
    </HeaderBar>
  );
}
