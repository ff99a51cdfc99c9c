import { Button, Stack, PageFrame } from '@sopwright/ui';
import { useOpenPortalMutation, useSession, useStartLegacyCheckoutMutation } from '@sopwright/web-client';
import { checkoutFailure, portalFailure, useCheckoutRedirect } from '../checkout/use-checkout-redirect';
import { PlanCard } from '../PlanCard';
import { legacyProFeatures } from '../pricing/plans';
import { FaqAccordion } from '../FaqAccordion';
import { billingFaq } from './billing-faq';

/** The legacy upgrade page (spec §2): Pro at $29 a month, and the way to the billing portal. */
export default function BillingPage() {
  const { user } = useSession();
  const [startCheckout] = useStartLegacyCheckoutMutation();
  const [openPortal] = useOpenPortalMutation();
  const redirect = useCheckoutRedirect<'subscribe' | 'portal'>();
  if (!user) return null; // the shell only shows this page with a session

  return (
    <PageFrame title="Upgrade to Pro" description="Unlimited SOPs for you and your team.">
      <Stack gap="10" align="flex-start">
        <Stack maxW="md" w="full">
          <PlanCard
            name="Pro"
            price="$29"
            period="per month"
            features={legacyProFeatures}
            action="Subscribe with Stripe"
            loading={redirect.pending === 'subscribe'}
            disabled={redirect.busy}
            onChoose={() => void redirect.start('subscribe', () => startCheckout({ userId: user.id, email: user.email }).unwrap(), checkoutFailure)}
            footer={
              <Button
                variant="ghost"
                disabled={redirect.busy}
                onClick={() => void redirect.start('portal', () => openPortal({ userId: user.id }).unwrap(), portalFailure)}
              >
                {redirect.pending === 'portal' ? 'Loading...' : 'Manage Subscription'}
              </Button>
            }
          />
        </Stack>
        <FaqAccordion entries={billingFaq} />
      </Stack>
    </PageFrame>
  );
}
