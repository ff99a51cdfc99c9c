import { Badge, Box, Button, Card, Collapsible, Flex, HStack, Heading, Icon, List, Stack, Text } from '@sopwright/ui';
import { ArrowRight, ChevronDown, ListOrdered } from 'lucide-react';
import { useState } from 'react';
import { categoryPalette, stepCountLabel, stepPreview, type LibraryTemplate } from './template-model';

interface TemplateCardProps {
  template: LibraryTemplate;
  onUse: (template: LibraryTemplate) => void;
}

function StepNumber({ n }: { n: number }) {
  return (
    <Flex
      flexShrink={0}
      align="center"
      justify="center"
      boxSize="6"
      rounded="full"
      bg="brand.subtle"
      color="brand.fg"
      fontSize="xs"
      fontWeight="semibold"
      aria-hidden="true"
    >
      {n}
    </Flex>
  );
}

/** One template: its category, step count, a preview of the first steps and the full text on demand. */
export function TemplateCard({ template, onUse }: TemplateCardProps) {
  const [expanded, setExpanded] = useState(false);
  const { shown, moreLabel } = stepPreview(template.steps);
  const headingId = `template-${template.id}-title`;

  return (
    <Card.Root
      as="article"
      aria-labelledby={headingId}
      variant="outline"
      bg="bg"
      rounded="xl"
      transition="box-shadow 0.2s, border-color 0.2s"
      _hover={{ shadow: 'md', borderColor: 'border.emphasized' }}
     
    >
      <Card.Body gap="4">
        <Stack gap="2">
          <HStack justify="space-between" align="center" gap="3" wrap="wrap">
            <Badge colorPalette={categoryPalette(template.category)} variant="subtle" size="md" rounded="full" px="2.5" data-testid="template-category">
              {template.category}
            </Badge>
            <HStack gap="1.5" color="fg.muted" fontSize="sm">
              <Icon size="sm">
                <ListOrdered />
              </Icon>
              <Text>{stepCountLabel(template.steps.length)}</Text>
            </HStack>
          </HStack>
          <Heading as="h2" id={headingId} size="md" lineHeight="short">
            {template.title}
          </Heading>
        </Stack>

        <Collapsible.Root open={expanded} onOpenChange={(details) => setExpanded(details.open)}>
          {!expanded && (
            <Stack gap="2.5">
              <List.Root as="ol" listStyle="none" gap="2.5" aria-label={`First steps of ${template.title}`}>
                {shown.map((step, index) => (
                  <List.Item key={index} display="flex" alignItems="flex-start" gap="2.5" fontSize="sm">
                    <StepNumber n={index + 1} />
                    <Text pt="0.5" lineClamp={1}>
                      {step.title}
                    </Text>
                  </List.Item>
                ))}
              </List.Root>
              {moreLabel && (
                <Text fontSize="sm" color="fg.muted" ps="8.5">
                  {moreLabel}
                </Text>
              )}
            </Stack>
          )}
          <Collapsible.Content>
            <List.Root as="ol" listStyle="none" gap="4" aria-label={`All steps of ${template.title}`}>
              {template.steps.map((step, index) => (
                <List.Item key={index} display="flex" alignItems="flex-start" gap="2.5">
                  <StepNumber n={index + 1} />
                  <Box pt="0.5">
                    <Text fontSize="sm" fontWeight="semibold">
                      {step.title}
                    </Text>
                    {step.details && (
                      <Text fontSize="sm" color="fg.muted" mt="1">
                        {step.details}
                      </Text>
                    )}
                  </Box>
                </List.Item>
              ))}
            </List.Root>
          </Collapsible.Content>
          <Collapsible.Trigger asChild>
            <Button variant="plain" size="sm" px="0" mt="3" color="brand.fg" fontWeight="medium">
              {expanded ? 'Hide full template' : 'Show full template'}
              <Icon size="sm" transition="transform 0.2s" transform={expanded ? 'rotate(180deg)' : undefined}>
                <ChevronDown />
              </Icon>
            </Button>
          </Collapsible.Trigger>
        </Collapsible.Root>
      </Card.Body>
      <Card.Footer pt="0">
        <Button colorPalette="brand" width={{ base: 'full', sm: 'auto' }} onClick={() => onUse(template)}>
          Use Template <ArrowRight />
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
