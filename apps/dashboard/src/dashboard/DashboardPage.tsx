import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { PageFrame } from '@sopwright/ui';
import { FileText, Plus } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';

/** Frame of the SOP library; the usage card, counts, filters and list come with the SOP service. */
export default function DashboardPage() {
  return (
    <PageFrame title="Your SOPs" description="Every procedure you have generated, in one place.">
      <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg" bg="bg">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <FileText />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title>No SOPs yet</EmptyState.Title>
            <EmptyState.Description>Describe a process and Sopwright will turn it into a clear, numbered SOP.</EmptyState.Description>
          </VStack>
          <Button asChild colorPalette="brand">
            <RouterLink to="/create">
              <Plus /> Create Your First SOP
            </RouterLink>
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    </PageFrame>
  );
}
