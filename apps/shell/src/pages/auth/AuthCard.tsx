import { Card, Center, Heading, Link, Text } from '@sopwright/ui';
import type { ReactNode } from 'react';
import { Link as RouterLink } from '@sopwright/web-client';

interface AuthCardProps {
  title: string;
  subtitle: string;
  switchPrompt: string;
  switchLabel: string;
  switchTo: string;
  children: ReactNode;
}

/** The frame of the login and register forms, with the link to the other one. */
export function AuthCard({ title, subtitle, switchPrompt, switchLabel, switchTo, children }: AuthCardProps) {
  return (
    <Center px="4" py={{ base: '10', md: '20' }}>
      <Card.Root width="full" maxW="md" variant="elevated">
        <Card.Header>
          <Heading as="h1" size="xl">
            {title}
          </Heading>
          <Text color="fg.muted">{subtitle}</Text>
        </Card.Header>
        <Card.Body>{children}</Card.Body>
        <Card.Footer justifyContent="center">
          <Text fontSize="sm" color="fg.muted">
            {switchPrompt}{' '}
            <Link asChild color="brand.fg" fontWeight="medium">
              <RouterLink to={switchTo}>{switchLabel}</RouterLink>
            </Link>
          </Text>
        </Card.Footer>
      </Card.Root>
    </Center>
  );
}
