import { Button, Heading, Text, VStack } from '@sopwright/ui';
import { Link as RouterLink } from '@sopwright/web-client';

export function NotFoundPage() {
  return (
    <VStack py="24" px="4" gap="4" textAlign="center">
      <Heading as="h1" size="3xl">
        404 Page Not Found
      </Heading>
      <Text color="fg.muted">The page you are looking for does not exist or has moved.</Text>
      <Button asChild colorPalette="brand">
        <RouterLink to="/">Go to the home page</RouterLink>
      </Button>
    </VStack>
  );
}
