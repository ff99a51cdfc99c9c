import { Card, Tabs, Text } from '@chakra-ui/react';
import { PageFrame } from '@sopwright/ui';
import { sourceTabs } from './source-tabs';

/** Frame of SOP creation: one tab per source; each tab's form comes with the generation service. */
export default function CreatePage() {
  return (
    <PageFrame title="Create SOP" description="Choose how you want to describe your process.">
      <Card.Root variant="outline">
        <Card.Body>
          <Tabs.Root defaultValue={sourceTabs[0].value} variant="enclosed" fitted>
            <Tabs.List flexWrap="wrap">
              {sourceTabs.map((tab) => (
                <Tabs.Trigger key={tab.value} value={tab.value}>
                  <tab.icon /> {tab.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {sourceTabs.map((tab) => (
              <Tabs.Content key={tab.value} value={tab.value} pt="6">
                <Text color="fg.muted">{tab.description}</Text>
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </Card.Body>
      </Card.Root>
    </PageFrame>
  );
}
