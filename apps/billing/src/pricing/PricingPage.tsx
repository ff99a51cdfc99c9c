import { Badge, Button, Group, SimpleGrid, Stack, Text, PageFrame } from '@sopwright/ui';
import { useSession, useStartProCheckoutMutation, useStartStarterCheckoutMutation, useNavigate } from '@sopwright/web-client';
import { useState } from 'react';
import { useCheckoutRedirect } from '../checkout/use-checkout-redirect';
import { PlanCard } from '../PlanCard';
import { FaqAccordion } from '../FaqAccordion';
import { pricingFaq } from './pricing-faq';
import { proPlan, proPrice, starterPlan, yearlySaving, type BillingInterval } from './plans';

/** Plans (spec §2): the Starter Pack and Pro by month or year; choosing one starts a checkout. */
export default function PricingPage() {
  const { isLoggedIn } = useSession();
  const navigate = useNavigate();
  const [interval, setInterval] = useState<BillingInterval>('month');
  const [startStarter] = useStartStarterCheckoutMutation();
  const [startPro] = useStartProCheckoutMutation();
  const checkout = useCheckoutRedirect<'starter' | 'pro'>();
  const pro = proPrice(interval);

  const choose = (plan: 'starter' | 'pro') => {
    if (!isLoggedIn) {
      navigate('/login');
      return;
    }
    void checkout.start(plan, () => (plan === 'starter' ? startStarter().unwrap() : startPro({ interval }).unwrap()));
  };

  return (
    <PageFrame title="Simple, transparent pricing" description="Buy credits when you need them, or go Pro for unlimited SOPs.">
      <Stack gap="10" align="center">
        <Group attached role="group" aria-label="Billing interval">
          {(['month', 'year'] as const).map((value) => (
            <Button key={value} variant={interval === value ? 'solid' : 'outline'} aria-pressed={interval === value} onClick={() => setInterval(value)}>
              {value === 'month' ? 'Monthly' : 'Yearly'}
              {value === 'year' && (
                <Badge colorPalette="green" variant={interval === 'year' ? 'solid' : 'subtle'}>
                  {yearlySaving}
                </Badge>
              )}
            </Button>
          ))}
        </Group>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" maxW="4xl" w="full">
          <PlanCard
            {...starterPlan}
            action="Buy Starter Pack"
            loading={checkout.pending === 'starter'}
            disabled={checkout.busy}
            onChoose={() => choose('starter')}
          />
          <PlanCard
            {...proPlan}
            {...pro}
            action="Upgrade to Pro"
            loading={checkout.pending === 'pro'}
            disabled={checkout.busy}
            onChoose={() => choose('pro')}
            footer={
              interval === 'year' ? (
                <Text fontSize="sm" color="fg.muted" textAlign="center">
                  $20 a month, billed yearly
                </Text>
              ) : undefined
            }
          />
        </SimpleGrid>
        <FaqAccordion entries={pricingFaq} />
      </Stack>
    </PageFrame>
  );
}
