import type { SopVersionSummary } from '@sopwright/contracts';
import { Alert, Badge, Box, Button, Card, CloseButton, Drawer, EmptyState, HStack, Heading, Portal, Skeleton, Stack, Text, VStack, formatDateTime, notify, stepCountLabel } from '@sopwright/ui';
import { errorMessage, useGetSopVersionQuery, useListSopVersionsQuery, useRestoreSopVersionMutation } from '@sopwright/web-client';
import { ArrowLeft, Eye, History, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { StepView } from './StepView';

interface VersionHistoryDrawerProps {
  sopId: string;
  currentVersion: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function Problem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert.Root status="error" rounded="lg" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{errorMessage(error, 'Something went wrong')}</Alert.Title>
      </Alert.Content>
      <Button size="xs" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Alert.Root>
  );
}

function VersionDetail({ sopId, versionId, onBack, onRestore, restoring }: { sopId: string; versionId: string; onBack: () => void; onRestore: () => void; restoring: boolean }) {
  const { data, isFetching, isError, error, refetch } = useGetSopVersionQuery({ sopId, versionId });
  // The View button that opened this is gone: focus goes to the way back.
  const backRef = useRef<HTMLButtonElement>(null);
  useEffect(() => backRef.current?.focus(), []);
  return (
    <Stack gap="4">
      <HStack justify="space-between">
        <Button ref={backRef} variant="ghost" size="sm" onClick={onBack} ms="-2">
          <ArrowLeft /> All versions
        </Button>
        <Button size="sm" colorPalette="brand" onClick={onRestore} loading={restoring} loadingText="Restoring..." disabled={!data}>
          <RotateCcw /> Restore
        </Button>
      </HStack>
      {isFetching && !data ? (
        <Stack gap="3">
          <Skeleton height="6" width="70%" />
          <Skeleton height="20" />
          <Skeleton height="20" />
        </Stack>
      ) : isError || !data ? (
        <Problem error={error} onRetry={() => refetch()} />
      ) : (
        <Stack gap="4" data-testid="version-detail">
          <Box>
            <Badge variant="subtle" rounded="full">
              Version {data.version}
            </Badge>
            <Heading as="h3" size="lg" mt="2" lineHeight="short">
              {data.title}
            </Heading>
            <Text fontSize="sm" color="fg.muted" mt="1">
              Saved {formatDateTime(data.savedAt)} · {stepCountLabel(data.steps.length)}
            </Text>
          </Box>
          {data.steps.length === 0 ? (
            <Text color="fg.muted">No steps found in this SOP</Text>
          ) : (
            <Stack as="ol" gap="3" ps="0" m="0">
              {data.steps.map((step, index) => (
                <StepView key={index} step={step} n={index + 1} level="h4" />
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function VersionRow({ version, onView, onRestore, restoring }: { version: SopVersionSummary; onView: () => void; onRestore: () => void; restoring: boolean }) {
  return (
    <Card.Root as="li" variant="outline" rounded="lg" listStyleType="none" data-testid="version-item">
      <Card.Body py="3" px="4">
        <HStack justify="space-between" align="center" gap="3">
          <Box minW="0">
            <HStack gap="2">
              <Text fontWeight="semibold">Version {version.version}</Text>
              <Text fontSize="sm" color="fg.muted">
                · {stepCountLabel(version.stepCount)}
              </Text>
            </HStack>
            <Text fontSize="sm" color="fg.muted" truncate title={version.title}>
              {version.title}
            </Text>
            <Text fontSize="xs" color="fg.subtle">
              Saved {formatDateTime(version.savedAt)}
            </Text>
          </Box>
          <HStack gap="1" flexShrink={0}>
            <Button size="xs" variant="outline" onClick={onView} aria-label={`View version ${version.version}`}>
              <Eye /> View
            </Button>
            <Button size="xs" variant="ghost" colorPalette="brand" onClick={onRestore} loading={restoring} aria-label={`Restore version ${version.version}`}>
              <RotateCcw /> Restore
            </Button>
          </HStack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** Earlier versions of an SOP, newest first; each can be viewed read-only or restored. */
export function VersionHistoryDrawer({ sopId, currentVersion, open, onOpenChange }: VersionHistoryDrawerProps) {
  const { data: versions, isFetching, isError, error, refetch } = useListSopVersionsQuery(sopId, { skip: !open });
  const [restore] = useRestoreSopVersionMutation();
  const [viewing, setViewing] = useState<string | null>(null);
  const [restoringId, setRestoringId] = useState<string | null>(null);

  const handleRestore = async (version: { id: string; version: number }) => {
    setRestoringId(version.id);
    try {
      await restore({ sopId, versionId: version.id }).unwrap();
      notify.success('Version restored', `Version ${version.version} is now the current content.`);
      setViewing(null);
      onOpenChange(false);
    } catch (failure) {
      notify.error('Restore failed', errorMessage(failure, 'Failed to restore version'));
    } finally {
      setRestoringId(null);
    }
  };

  const viewed = versions?.find((version) => version.id === viewing);
  // Back from a version: focus returns to that version's View button in the list.
  const listRef = useRef<HTMLDivElement>(null);
  const [returnTo, setReturnTo] = useState<number | null>(null);
  useEffect(() => {
    if (returnTo === null || viewing) return;
    listRef.current?.querySelector<HTMLButtonElement>(`[aria-label="View version ${returnTo}"]`)?.focus();
    setReturnTo(null);
  }, [returnTo, viewing]);

  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => {
        onOpenChange(details.open);
        if (!details.open) setViewing(null);
      }}
      size="md"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header borderBottomWidth="1px">
              <Stack gap="0.5">
                <Drawer.Title display="flex" alignItems="center" gap="2">
                  <History size={18} /> Version history
                </Drawer.Title>
                <Text fontSize="sm" color="fg.muted">
                  Current version: {currentVersion}. Every save keeps the content it replaces.
                </Text>
              </Stack>
            </Drawer.Header>
            <Drawer.Body py="5">
              {viewing && viewed ? (
                <VersionDetail
                  sopId={sopId}
                  versionId={viewing}
                  onBack={() => {
                    setReturnTo(viewed.version);
                    setViewing(null);
                  }}
                  onRestore={() => handleRestore(viewed)}
                  restoring={restoringId === viewing}
                />
              ) : isFetching && !versions ? (
                <Stack gap="3">
                  {[0, 1, 2].map((i) => (
                    <Skeleton key={i} height="16" rounded="lg" />
                  ))}
                </Stack>
              ) : isError ? (
                <Problem error={error} onRetry={() => refetch()} />
              ) : !versions || versions.length === 0 ? (
                <EmptyState.Root>
                  <EmptyState.Content>
                    <EmptyState.Indicator>
                      <History />
                    </EmptyState.Indicator>
                    <VStack textAlign="center">
                      <EmptyState.Title>No earlier versions</EmptyState.Title>
                      <EmptyState.Description>Each time you save, the previous content is kept here.</EmptyState.Description>
                    </VStack>
                  </EmptyState.Content>
                </EmptyState.Root>
              ) : (
                <Stack ref={listRef} as="ol" gap="2" ps="0" m="0" aria-label="Earlier versions">
                  {versions.map((version) => (
                    <VersionRow
                      key={version.id}
                      version={version}
                      onView={() => setViewing(version.id)}
                      onRestore={() => handleRestore(version)}
                      restoring={restoringId === version.id}
                    />
                  ))}
                </Stack>
              )}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
