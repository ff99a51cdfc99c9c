import { HStack, Icon, Text } from '@chakra-ui/react';
import { ClipboardCheck } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';

/** The wordmark; links home (/ for visitors, /dashboard once logged in). */
export function BrandLogo({ to }: { to: string }) {
  return (
    <RouterLink to={to} aria-label="Sopwright home">
      <HStack gap="2">
        <Icon color="brand.solid" boxSize="6">
          <ClipboardCheck />
        </Icon>
        <Text fontWeight="bold" fontSize="lg" letterSpacing="tight">
          Sopwright
        </Text>
      </HStack>
    </RouterLink>
  );
}
