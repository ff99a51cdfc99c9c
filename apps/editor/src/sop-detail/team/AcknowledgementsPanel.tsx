import type { AcknowledgementStatus } from '@sopwright/contracts';
import { Badge, Button, Card, HStack, Heading, Link, List, Skeleton, Stack, Text, formatDateTime, notify, LoadErrorAlert } from '@sopwright/ui';
import { acknowledgementsCsvUrl, errorMessage, useSetSopAssigneesMutation } from '@sopwright/web-client';
import { Download, Save } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { assigneeIds, sameAssignees } from './governance-rules';

interface AcknowledgementsPanelProps {
  sopId: string;
  status: AcknowledgementStatus | undefined;
  isError: boolean;
  error: unknown;
  onRetry: () => void;
  userId: string | undefined;
}

type Person = AcknowledgementStatus['people'][number];

function PersonState({ person, version }: { person: Person; version: number }) {
  if (person.acknowledgedAt) {
    return (
      <Text fontSize="sm" color="fg.success">
        Acknowledged version {version} on {formatDateTime(person.acknowledgedAt)}
      </Text>
    );
  }
  const last = person.lastAcknowledgedVersion ? ` (last acknowledged version ${person.lastAcknowledgedVersion})` : '';
  return (
    <Text fontSize="sm" color={person.assigned ? 'fg.warning' : 'fg.muted'}>
      {person.assigned ? `Not acknowledged yet${last}` : `Not assigned${last}`}
    </Text>
  );
}

/**
 * For editors and up: every member, a checkbox to assign them (saved together with Save
 * assignments), whether they acknowledged the version to read (when, or the last version they
 * did), and the whole record as CSV.
 */
export function AcknowledgementsPanel({ sopId, status, isError, error, onRetry, userId }: AcknowledgementsPanelProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [save, { isLoading: saving }] = useSetSopAssigneesMutation();
  const saved = new Set((status?.people ?? []).filter((person) => person.assigned).map((person) => person.userId));
  // What the checkboxes show: the saved assignments until one is changed here.
  const [picked, setPicked] = useState<ReadonlySet<string> | null>(null);
  const shown = picked ?? saved;
  const changed = picked !== null && !sameAssignees(picked, saved);

  const toggle = (userId: string, on: boolean) => {
    const next = new Set(shown);
    if (on) next.add(userId);
    else next.delete(userId);
    setPicked(next);
  };

  const handleSave = async () => {
    try {
      const result = await save({ sopId, userIds: assigneeIds(shown) }).unwrap();
      setPicked(null);
      // Save is disabled again once nothing is left to save: focus goes to the section's heading.
      headingRef.current?.focus();
      const count = result.people.filter((person) => person.assigned).length;
      notify.success('Assignments saved', count === 0 ? 'Nobody is assigned to read this SOP.' : `${count === 1 ? '1 person is' : `${count} people are`} asked to read it.`);
    } catch (failure) {
      notify.error('Could not save the assignments', errorMessage(failure, 'Something went wrong'));
    }
  };

  let body;
  if (isError) {
    body = (
      <LoadErrorAlert title="Failed to load the acknowledgements" message={errorMessage(error, 'Something went wrong')} onRetry={onRetry} />
    );
  } else if (!status) {
    body = <Skeleton height="16" aria-busy="true" aria-label="Loading acknowledgements" />;
  } else {
    const assigned = status.people.filter((person) => person.assigned);
    const done = assigned.filter((person) => person.acknowledgedAt).length;
    body = (
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted" data-testid="acknowledgement-summary">
          {assigned.length === 0
            ? `Nobody is assigned yet. Tick the people who must read version ${status.version}, then save.`
            : `${done} of ${assigned.length} assigned ${assigned.length === 1 ? 'person has' : 'people have'} acknowledged version ${status.version}.`}
        </Text>
        <List.Root variant="plain" gap="0" aria-label="Members and their acknowledgements">
          {status.people.map((person) => {
            const checkboxId = `${headingId}-${person.userId}`;
            return (
              <List.Item key={person.userId} py="2.5" borderTopWidth="1px" _first={{ borderTopWidth: 0, pt: 0 }} data-testid="acknowledgement-row">
                <HStack gap="3" align="flex-start" w="full">
                  <input
                    id={checkboxId}
                    type="checkbox"
                    aria-label={`Assign ${person.email}`}
                    checked={shown.has(person.userId)}
                    disabled={saving}
                    onChange={(event) => toggle(person.userId, event.target.checked)}
                    style={{ width: '1.1rem', height: '1.1rem', marginTop: '0.2rem', accentColor: 'var(--chakra-colors-brand-600)', flexShrink: 0 }}
                  />
                  <Stack gap="0" minW="0" flex="1">
                    <HStack gap="2" wrap="wrap">
                      <label htmlFor={checkboxId}>
                        <Text as="span" fontWeight="medium" wordBreak="break-all">
                          {person.email}
                        </Text>
                      </label>
                      {person.userId === userId && (
                        <Badge variant="subtle" size="sm">
                          You
                        </Badge>
                      )}
                    </HStack>
                    <PersonState person={person} version={status.version} />
                  </Stack>
                </HStack>
              </List.Item>
            );
          })}
        </List.Root>
        <HStack gap="3" wrap="wrap" justify="space-between">
          <HStack gap="3">
            <Button colorPalette="brand" onClick={handleSave} loading={saving} loadingText="Saving..." disabled={!changed}>
              <Save aria-hidden="true" /> Save assignments
            </Button>
            {changed && (
              <Button variant="ghost" onClick={() => setPicked(null)} disabled={saving}>
                Undo changes
              </Button>
            )}
          </HStack>
          <Link href={acknowledgementsCsvUrl(sopId)} download fontSize="sm" fontWeight="medium" color="brand.fg" display="inline-flex" alignItems="center" gap="1.5">
            <Download size={14} aria-hidden="true" /> Download CSV
          </Link>
        </HStack>
      </Stack>
    );
  }

  return (
    <Card.Root as="section" variant="outline" rounded="xl" bg="bg" aria-labelledby={headingId} data-testid="acknowledgements-panel">
      <Card.Body gap="4">
        <Heading as="h2" size="md" id={headingId} ref={headingRef} tabIndex={-1}>
          Acknowledgements
        </Heading>
        {body}
      </Card.Body>
    </Card.Root>
  );
}
