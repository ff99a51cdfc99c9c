import { Accordion, Heading, Span, Stack } from '@sopwright/ui';

export interface FaqEntry {
  value: string;
  question: string;
  answer: string;
}

export function FaqAccordion({ entries }: { entries: readonly FaqEntry[] }) {
  return (
    <Stack as="section" aria-label="Frequently asked questions" gap="4" maxW="3xl" w="full">
      <Heading size="lg">Frequently asked questions</Heading>
      <Accordion.Root collapsible variant="enclosed">
        {entries.map((entry) => (
          <Accordion.Item key={entry.value} value={entry.value}>
            <Accordion.ItemTrigger>
              <Span flex="1">{entry.question}</Span>
              <Accordion.ItemIndicator />
            </Accordion.ItemTrigger>
            <Accordion.ItemContent>
              <Accordion.ItemBody color="fg.muted">{entry.answer}</Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </Stack>
  );
}
