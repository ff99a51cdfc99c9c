import { HStack, Icon, Stack, Text } from '@sopwright/ui';
import { Check } from 'lucide-react';

export function FeatureList({ features }: { features: readonly string[] }) {
  return (
    <Stack as="ul" gap="2">
      {features.map((feature) => (
        <HStack as="li" key={feature} gap="2">
          <Icon color="brand.solid">
            <Check />
          </Icon>
          <Text>{feature}</Text>
        </HStack>
      ))}
    </Stack>
  );
}
