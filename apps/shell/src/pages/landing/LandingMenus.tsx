import { Box, Button, HStack, Icon, Menu, Portal, Text } from '@sopwright/ui/base';
import { ChevronDown, Star } from 'lucide-react';
import { features, testimonials } from './landing-content';

export function FeaturesMenu() {
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm">
          Features <ChevronDown />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content maxW="sm" p="2">
            {features.map((feature) => (
              <Menu.Item key={feature.title} value={feature.title} alignItems="flex-start" py="2" gap="3">
                <Icon color="brand.solid" boxSize="5" mt="0.5">
                  <feature.icon />
                </Icon>
                <Box>
                  <Text fontWeight="semibold">{feature.title}</Text>
                  <Text fontSize="xs" color="fg.muted" whiteSpace="normal">
                    {feature.description}
                  </Text>
                </Box>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

export function FiveStars() {
  return (
    <HStack gap="0.5" aria-label="Rated 5 out of 5 stars" role="img">
      {Array.from({ length: 5 }, (_, index) => (
        <Icon key={index} boxSize="3.5" color="orange.400">
          <Star fill="currentColor" />
        </Icon>
      ))}
    </HStack>
  );
}

export function TestimonialsMenu() {
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm">
          Testimonials <ChevronDown />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content maxW="sm" p="2">
            {testimonials.map((testimonial) => (
              <Menu.Item key={testimonial.name} value={testimonial.name} flexDirection="column" alignItems="flex-start" gap="1.5" py="3">
                <FiveStars />
                <Text fontSize="sm" whiteSpace="normal">
                  “{testimonial.quote}”
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {testimonial.name}, {testimonial.role}
                </Text>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
