import type { LocalPortal } from '@sopwright/contracts';
import { Button, Card, DataList, Link, Skeleton, Stack, Text, PageFrame, formatDate, notify } from '@sopwright/ui';
import { errorMessage, useCancelLocalSubscriptionMutation, useGetLocalPortalQuery, useResumeLocalSubscriptionMutation, Link as RouterLink } from '@sopwright/web-client';
import { periodEndLine, planName, portalAction } from './portal-model';
import { TestModeNotice } from './TestModeNotice';

/** The local (test mode) billing portal at /billing/portal: the plan, and cancelling Pro at the period end. */
export default function LocalPortalPage() {
  const { data: portal, isLoading, error } = useGetLocalPortalQuery();
  const [cancel, { isLoading: cancelling }] = useCancelLocalSubscriptionMutation();
  const [resume, { isLoading: resuming }] = useResumeLocalSubscriptionMutation();
  const busy = cancelling || resuming;

  const change = async (action: () => Promise<LocalPortal>, failure: string) => {
    try {
      await action();
    } catch (problem) {
      notify.error(failure, errorMessage(problem, 'Please try again'));
    }
  };

  let body;
  if (isLoading) {
    body = <Skeleton height="40" aria-label="Loading" />;
  } else if (!portal) {
    body = <Text>{errorMessage(error, 'Your subscription could not be loaded')}</Text>;
  } else {
    const subscription = portal.subscription;
    const action = portalAction(subscription);
    const periodEnd = periodEndLine(subscription, (iso) => formatDate(iso));
    body = (
      <Card.Root variant="outline" as="section" aria-label="Your plan">
        <Card.Body>
          <Stack gap="5">
            <DataList.Root orientation="horizontal">
              <DataList.Item>
                <DataList.ItemLabel>Plan</DataList.ItemLabel>
                <DataList.ItemValue>{planName(portal.planType)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Credits</DataList.ItemLabel>
                <DataList.ItemValue>{portal.credits}</DataList.ItemValue>
              </DataList.Item>
              {subscription && (
                <DataList.Item>
                  <DataList.ItemLabel>Subscription</DataList.ItemLabel>
                  <DataList.ItemValue>{subscription.price}</DataList.ItemValue>
                </DataList.Item>
              )}
            </DataList.Root>
            {subscription ? (
              <Stack gap="3" align="flex-start">
                {periodEnd && <Text>{periodEnd}</Text>}
                {subscription.cancelAtPeriodEnd && <Text color="fg.muted">You keep Pro until then; your credits stay on your account.</Text>}
                {action === 'managed-elsewhere' && <Text color="fg.muted">This subscription is managed in Stripe's billing portal.</Text>}
                {action === 'resume' && (
                  <Button colorPalette="brand" disabled={busy} onClick={() => void change(() => resume().unwrap(), 'Resume failed')}>
                    {resuming ? 'Loading...' : 'Resume subscription'}
                  </Button>
                )}
                {action === 'cancel' && (
                  <Button colorPalette="red" variant="outline" disabled={busy} onClick={() => void change(() => cancel().unwrap(), 'Cancel failed')}>
                    {cancelling ? 'Loading...' : 'Cancel subscription'}
                  </Button>
                )}
              </Stack>
            ) : (
              <Stack gap="2">
                <Text>You have no active subscription</Text>
                <Link asChild color="brand.fg">
                  <RouterLink to="/pricing">See plans</RouterLink>
                </Link>
              </Stack>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
    );
  }

  return (
    <PageFrame title="Manage subscription" description="Your plan, credits and subscription.">
      <Stack gap="6" maxW="xl">
        <TestModeNotice />
        {body}
        <Link asChild color="brand.fg">
          <RouterLink to="/billing">Back to billing</RouterLink>
        </Link>
      </Stack>
    </PageFrame>
  );
}
