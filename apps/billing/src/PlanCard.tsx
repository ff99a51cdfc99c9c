import { Badge, Button, Card, HStack, Text } from '@sopwright/ui';
import type { ReactNode } from 'react';
import { FeatureList } from './FeatureList';

interface PlanCardProps {
  name: string;
  badge?: string;
  price: string;
  period: string;
  features: readonly string[];
  action: string;
  loading: boolean;
  disabled: boolean;
  onChoose: () => void;
  footer?: ReactNode;
}

export function PlanCard({ name, badge, price, period, features, action, loading, disabled, onChoose, footer }: PlanCardProps) {
  return (
    <Card.Root
      as="section"
      aria-label={name}
      variant="outline"
      borderColor={badge ? 'brand.solid' : undefined}
      borderWidth={badge ? '2px' : '1px'}
      rounded="xl"
    >
      <Card.Header>
        <HStack justify="space-between">
          <Card.Title as="h2">{name}</Card.Title>
          {badge && <Badge colorPalette="brand">{badge}</Badge>}
        </HStack>
        <HStack align="baseline" gap="1">
          <Text fontSize="4xl" fontWeight="bold">
            {price}
          </Text>
          <Text color="fg.muted">{period}</Text>
        </HStack>
      </Card.Header>
      <Card.Body>
        <FeatureList features={features} />
      </Card.Body>
      <Card.Footer flexDirection="column" alignItems="stretch" gap="3">
        {/* The label itself becomes 'Loading...' (spec §4), not a spinner beside the old text. */}
        <Button colorPalette="brand" variant={badge ? 'solid' : 'outline'} disabled={disabled} onClick={onChoose}>
          {loading ? 'Loading...' : action}
        </Button>
        {footer}
      </Card.Footer>
    </Card.Root>
  );
}
