import type { CreatedShareLink, ShareLink } from '@sopwright/contracts';
import { Alert, Button, CloseButton, ConfirmDialog, Dialog, OneTimeLink, Field, HStack, Heading, Input, List, Portal, Skeleton, Stack, Text, formatDate, formatDateTime, notify } from '@sopwright/ui';
import { errorMessage, useCreateShareLinkMutation, useListShareLinksQuery, useRevokeShareLinkMutation } from '@sopwright/web-client';
import { Link2, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { SHARE_EXPIRY_MAX_DAYS, dateInputValue, shareExpiry } from './governance-rules';

interface ShareDialogProps {
  sopId: string;
  sopTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to when the dialog closes: the Share button. */
  finalFocus: () => HTMLElement | null;
}

/**
 * "Share": makes a read-only public link (optionally expiring), shown once with Copy, and lists
 * the active links, each with Revoke (asked first). Anyone with a link reads the approved version
 * when there is one, without signing in.
 */
export default function ShareDialog({ sopId, sopTitle, open, onOpenChange, finalFocus }: ShareDialogProps) {
  const formId = useId();
  const dateRef = useRef<HTMLInputElement>(null);
  const linksHeadingRef = useRef<HTMLHeadingElement>(null);
  const [expiresOn, setExpiresOn] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedShareLink | null>(null);
  const [revoking, setRevoking] = useState<ShareLink | null>(null);
  const revokedRef = useRef(false);
  const links = useListShareLinksQuery(sopId, { skip: !open });
  const [createLink, creating] = useCreateShareLinkMutation();
  const [revokeLink, revokingState] = useRevokeShareLinkMutation();
  const today = new Date();

  const reset = () => {
    setExpiresOn('');
    setProblem(null);
    setCreated(null);
  };

  const handleCreate = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const expiry = shareExpiry(expiresOn);
    if ('problem' in expiry) {
      setProblem(expiry.problem);
      dateRef.current?.focus();
      return;
    }
    try {
      setCreated(await createLink({ sopId, expiresAt: expiry.expiresAt }).unwrap());
      setExpiresOn('');
      setProblem(null);
    } catch (error) {
      const message = errorMessage(error, 'Something went wrong');
      setProblem(message);
      notify.error('Could not create the link', message);
      dateRef.current?.focus();
    }
  };

  const handleRevoke = async () => {
    if (!revoking) return;
    try {
      await revokeLink({ sopId, linkId: revoking.id }).unwrap();
      if (created?.id === revoking.id) setCreated(null);
      // Its row and Revoke button are gone: focus goes to the list's heading when the question closes.
      revokedRef.current = true;
      setRevoking(null);
      notify.success('Link revoked', 'It stopped working at once, images included.');
    } catch (error) {
      setRevoking(null);
      notify.error('Could not revoke the link', errorMessage(error, 'Something went wrong'));
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        onOpenChange(details.open);
        if (!details.open) reset();
      }}
      initialFocusEl={() => dateRef.current}
      finalFocusEl={finalFocus}
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Share this SOP</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="6">
                <Dialog.Description color="fg.muted">
                  Anyone with a link can read “{sopTitle}” without signing in: the approved version when there is one. Revoking a link ends its access at once.
                </Dialog.Description>
                <form id={formId} onSubmit={handleCreate} noValidate aria-label="Create a share link">
                  <Stack gap="3" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'flex-start' }}>
                    <Field.Root invalid={problem !== null} flex="1">
                      <Field.Label>Expires on (optional)</Field.Label>
                      <Input
                        ref={dateRef}
                        type="date"
                        name="expiresOn"
                        min={dateInputValue(today)}
                        max={dateInputValue(today, SHARE_EXPIRY_MAX_DAYS)}
                        value={expiresOn}
                        onChange={(event) => {
                          setExpiresOn(event.target.value);
                          if (problem) setProblem(null);
                        }}
                      />
                      {problem ? <Field.ErrorText>{problem}</Field.ErrorText> : <Field.HelperText>Leave it empty for a link that works until it is revoked.</Field.HelperText>}
                    </Field.Root>
                    <Button type="submit" colorPalette="brand" loading={creating.isLoading} loadingText="Creating link..." mt={{ sm: '6' }} flexShrink={0}>
                      <Link2 aria-hidden="true" /> Create link
                    </Button>
                  </Stack>
                </form>

                {created && (
                  <OneTimeLink url={created.url} label="Share link" copiedNote="Anyone with it can read this SOP." testId="share-link-url">
                    Copy this link now: it is not shown again. {created.expiresAt ? `It works until ${formatDateTime(created.expiresAt)}.` : 'It works until it is revoked.'}
                  </OneTimeLink>
                )}

                <Stack gap="3">
                  <Heading as="h3" size="sm" ref={linksHeadingRef} tabIndex={-1}>
                    Active links
                  </Heading>
                  {links.isLoading ? (
                    <Skeleton height="10" aria-busy="true" aria-label="Loading links" />
                  ) : links.isError ? (
                    <Alert.Root status="error" rounded="lg" alignItems="center">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Title>{errorMessage(links.error, 'Failed to load the links')}</Alert.Title>
                      </Alert.Content>
                      <Button size="xs" variant="outline" onClick={() => links.refetch()}>
                        Try again
                      </Button>
                    </Alert.Root>
                  ) : !links.data || links.data.length === 0 ? (
                    <Text color="fg.muted" fontSize="sm">
                      No links: only members of the workspace can read this SOP.
                    </Text>
                  ) : (
                    <List.Root variant="plain" gap="0" aria-label="Active share links">
                      {links.data.map((link) => (
                        <List.Item key={link.id} py="2.5" borderTopWidth="1px" _first={{ borderTopWidth: 0, pt: 0 }} data-testid="share-link-row">
                          <HStack justify="space-between" w="full" gap="3">
                            <Stack gap="0" fontSize="sm">
                              <Text fontWeight="medium">Created {formatDateTime(link.createdAt)}</Text>
                              <Text color="fg.muted">{link.expiresAt ? `Expires ${formatDate(link.expiresAt)}` : 'Never expires'}</Text>
                            </Stack>
                            <Button size="sm" variant="outline" colorPalette="red" onClick={() => {
                                revokedRef.current = false;
                                setRevoking(link);
                              }} aria-label={`Revoke the link created ${formatDateTime(link.createdAt)}`}>
                              <Trash2 aria-hidden="true" /> Revoke
                            </Button>
                          </HStack>
                        </List.Item>
                      ))}
                    </List.Root>
                  )}
                </Stack>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Done</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
      <ConfirmRevoke link={revoking} busy={revokingState.isLoading} onConfirm={handleRevoke} onCancel={() => setRevoking(null)} finalFocus={() => (revokedRef.current ? linksHeadingRef.current : null)} />
    </Dialog.Root>
  );
}

/**
 * Asks before revoking (it cannot be undone); Cancel has focus first. `finalFocus` null: back to
 * the Revoke button that asked.
 */
function ConfirmRevoke({ link, busy, onConfirm, onCancel, finalFocus }: { link: ShareLink | null; busy: boolean; onConfirm: () => void; onCancel: () => void; finalFocus: () => HTMLElement | null }) {
  // The link asked about, kept while the question closes so its text does not change.
  const [asked, setAsked] = useState<ShareLink | null>(link);
  if (link && link !== asked) setAsked(link);
  return (
    <ConfirmDialog
      open={link !== null}
      title="Revoke this link?"
      description={`Anyone who has the link made ${asked ? formatDateTime(asked.createdAt) : ''} loses access to this SOP and its images at once. This cannot be undone.`}
      confirmLabel="Revoke link"
      busyLabel="Revoking..."
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
      finalFocusEl={finalFocus}
    />
  );
}
