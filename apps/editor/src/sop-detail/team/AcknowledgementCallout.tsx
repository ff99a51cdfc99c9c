import type { AcknowledgementStatus } from '@sopwright/contracts';
import { Alert, Button, formatDateTime, notify } from '@sopwright/ui';
import { ACKNOWLEDGEMENT_TEXT, errorMessage, useAcknowledgeSopMutation } from '@sopwright/web-client';
import { BookCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

interface AcknowledgementCalloutProps {
  sopId: string;
  status: AcknowledgementStatus;
  /** The version on this page: an editor may be looking at a newer draft than the one to read. */
  shownVersion: number;
}

/**
 * For a member the SOP is assigned to: "Assigned to you" with the button that records that they
 * read this version; once pressed, when they did. Nothing for members it is not assigned to.
 */
export function AcknowledgementCallout({ sopId, status, shownVersion }: AcknowledgementCalloutProps) {
  const [acknowledge, { isLoading }] = useAcknowledgeSopMutation();
  const doneRef = useRef<HTMLDivElement>(null);
  const [justDone, setJustDone] = useState(false);

  // The button is gone once pressed: focus goes to the confirmation that replaces it.
  useEffect(() => {
    if (justDone && status.mine.acknowledgedAt) doneRef.current?.focus();
  }, [justDone, status.mine.acknowledgedAt]);

  if (!status.mine.assigned) return null;

  if (status.mine.acknowledgedAt) {
    return (
      <Alert.Root ref={doneRef} tabIndex={-1} status="success" variant="subtle" rounded="lg" data-testid="acknowledged" role={justDone ? 'status' : undefined}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            You acknowledged version {status.version} on {formatDateTime(status.mine.acknowledgedAt)}
          </Alert.Title>
        </Alert.Content>
      </Alert.Root>
    );
  }

  const handleAcknowledge = async () => {
    try {
      await acknowledge(sopId).unwrap();
      setJustDone(true);
      notify.success('Thank you', `Your acknowledgement of version ${status.version} is on record.`);
    } catch (error) {
      notify.error('Could not record your acknowledgement', errorMessage(error, 'Something went wrong'));
    }
  };

  return (
    <Alert.Root status="info" variant="surface" rounded="lg" alignItems={{ md: 'center' }} flexDirection={{ base: 'column', md: 'row' }} gap="3" data-testid="assigned-callout">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title as="h2" fontSize="md">
          Assigned to you
        </Alert.Title>
        <Alert.Description>
          Read version {status.version} of this SOP, then confirm that you have.
          {shownVersion !== status.version && ` This page shows version ${shownVersion}, a draft; version ${status.version} is the approved one.`}
        </Alert.Description>
      </Alert.Content>
      <Button colorPalette="brand" onClick={handleAcknowledge} loading={isLoading} loadingText="Saving..." flexShrink={0}>
        <BookCheck aria-hidden="true" /> {ACKNOWLEDGEMENT_TEXT}
      </Button>
    </Alert.Root>
  );
}
