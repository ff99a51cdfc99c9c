import { Box, Button, Card, Flex, HStack, Icon, Skeleton, Stack, Text } from '@sopwright/ui';
import type { Usage } from '@sopwright/contracts';
import { ArrowRight, Coins, Crown, Sparkles } from 'lucide-react';
import { Link as RouterLink } from '@sopwright/web-client';
import { USAGE_ACTION_PATH, usageCardState, type UsageTone } from './usage-card-model';

const looks: Record<UsageTone, { palette: string; icon: typeof Crown }> = {
  pro: { palette: 'purple', icon: Crown },
  starter: { palette: 'brand', icon: Coins },
  empty: { palette: 'orange', icon: Coins },
  free: { palette: 'gray', icon: Sparkles },
};

/** The plan and usage card (spec §2): every button goes to /pricing. */
export function UsageCard({ usage, loading }: { usage: Usage | undefined; loading: boolean }) {
  if (loading) {
    return (
      <Card.Root variant="outline" rounded="xl" aria-busy="true" aria-label="Loading your plan">
        <Card.Body>
          <HStack gap="4">
            <Skeleton boxSize="12" rounded="lg" />
            <Stack flex="1" gap="2">
              <Skeleton height="3" width="20%" />
              <Skeleton height="5" width="40%" />
            </Stack>
          </HStack>
        </Card.Body>
      </Card.Root>
    );
  }
  if (!usage) return null;

  const state = usageCardState(usage);
  const look = looks[state.tone];
  return (
    <Card.Root
      as="section"
      aria-label="Plan and usage"
      data-testid="usage-card"
      data-plan={usage.planType}
      variant="outline"
      rounded="xl"
      colorPalette={look.palette}
      bgGradient="to-r"
      gradientFrom="colorPalette.subtle"
      gradientTo="bg"
      borderColor="colorPalette.muted"
    >
      <Card.Body py="5">
        <Flex direction={{ base: 'column', sm: 'row' }} align={{ sm: 'center' }} gap="4">
          <Flex align="center" justify="center" boxSize="12" rounded="lg" bg="colorPalette.solid" color="colorPalette.contrast" flexShrink={0}>
            <Icon size="lg">
              <look.icon />
            </Icon>
          </Flex>
          <Box flex="1" minW="0">
            <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" color="colorPalette.fg">
              {state.plan}
            </Text>
            <Text fontSize="xl" fontWeight="bold" lineHeight="short">
              {state.status}
            </Text>
            {state.note && (
              <Text fontSize="sm" color="fg.muted" mt="0.5">
                {state.note}
              </Text>
            )}
          </Box>
          {state.action && (
            <Button asChild colorPalette={state.tone === 'free' ? 'brand' : look.palette} flexShrink={0}>
              <RouterLink to={USAGE_ACTION_PATH}>
                {state.action} <ArrowRight />
              </RouterLink>
            </Button>
          )}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
