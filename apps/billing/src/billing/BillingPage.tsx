import { Card, HStack, Text } from '@chakra-ui/react';
import { PageFrame } from '@sopwright/ui';
import { FeatureList } from '../FeatureList';
import { legacyProFeatures } from '../pricing/plans';

/** Frame of the legacy upgrade page; subscribing and the portal come with the billing service. */
export default function BillingPage() {
  return (
    <PageFrame title="Upgrade to Pro" description="Unlimited SOPs for you and your team.">
      <Card.Root variant="outline" maxW="md">
        <Card.Header>
          <Card.Title>Pro</Card.Title>
          <HStack align="baseline" gap="1">
            <Text fontSize="4xl" fontWeight="bold">
              $29
            </Text>
            <Text color="fg.muted">per month</Text>
          </HStack>
        </Card.Header>
        <Card.Body>
          <FeatureList features={legacyProFeatures} />
        </Card.Body>
      </Card.Root>
    </PageFrame>
  );
}
