import { Badge, Card, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import { PageFrame } from '@sopwright/ui';
import { FeatureList } from '../FeatureList';
import { pricingPlans } from './plans';

/** Frame of the pricing page; the billing toggle, checkout and FAQ come with the billing service. */
export default function PricingPage() {
  return (
    <PageFrame title="Simple, transparent pricing" description="Buy credits when you need them, or go Pro for unlimited SOPs.">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" maxW="4xl">
        {pricingPlans.map((plan) => (
          <Card.Root key={plan.name} variant="outline" borderColor={plan.badge ? 'brand.solid' : undefined} borderWidth={plan.badge ? '2px' : '1px'}>
            <Card.Header>
              <HStack justify="space-between">
                <Card.Title>{plan.name}</Card.Title>
                {plan.badge && <Badge colorPalette="brand">{plan.badge}</Badge>}
              </HStack>
              <HStack align="baseline" gap="1">
                <Text fontSize="4xl" fontWeight="bold">
                  {plan.price}
                </Text>
                <Text color="fg.muted">{plan.period}</Text>
              </HStack>
            </Card.Header>
            <Card.Body>
              <FeatureList features={plan.features} />
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </PageFrame>
  );
}
