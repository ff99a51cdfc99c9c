import { Button, Card, HStack, Link, Skeleton, Stack, Text, PageFrame, notify } from '@sopwright/ui';
import { errorMessage, useCompleteLocalCheckoutMutation, useGetLocalCheckoutQuery, Link as RouterLink, useNavigate, useParams } from '@sopwright/web-client';
import { FeatureList } from '../FeatureList';
import { isNotFound } from './portal-model';
import { TestModeNotice } from './TestModeNotice';

/** The local (test mode) checkout at /checkout/:checkoutId: the order, and a button that completes it. */
export default function LocalCheckoutPage() {
  const { checkoutId = '' } = useParams();
  const navigate = useNavigate();
  const { data: order, isLoading, error } = useGetLocalCheckoutQuery(checkoutId);
  const [complete, { isLoading: completing }] = useCompleteLocalCheckoutMutation();

  const handleComplete = async () => {
    try {
      await complete(checkoutId).unwrap();
      navigate('/dashboard');
    } catch (failure) {
      notify.error('Purchase failed', errorMessage(failure, 'Please try again'));
    }
  };

  let body;
  if (isLoading) {
    body = <Skeleton height="48" aria-label="Loading" />;
  } else if (!order) {
    const notFound = isNotFound(error);
    body = (
      <Stack gap="3">
        <Text fontWeight="semibold">{notFound ? 'Order not found' : errorMessage(error, 'The order could not be loaded')}</Text>
        <Link asChild color="brand.fg">
          <RouterLink to="/pricing">Back to pricing</RouterLink>
        </Link>
      </Stack>
    );
  } else {
    body = (
      <Card.Root variant="outline" as="section" aria-label="Order summary">
        <Card.Header>
          <HStack justify="space-between" align="baseline">
            <Card.Title as="h2">{order.name}</Card.Title>
            <Text fontSize="2xl" fontWeight="bold">
              {order.price}
            </Text>
          </HStack>
        </Card.Header>
        <Card.Body>
          <FeatureList features={order.includes} />
        </Card.Body>
        <Card.Footer>
          {order.status === 'completed' ? (
            <Stack gap="2">
              <Text fontWeight="semibold">This order is already complete</Text>
              <Link asChild color="brand.fg">
                <RouterLink to="/dashboard">Go to your dashboard</RouterLink>
              </Link>
            </Stack>
          ) : (
            <HStack gap="4">
              <Button colorPalette="brand" disabled={completing} onClick={() => void handleComplete()}>
                {completing ? 'Loading...' : 'Complete test purchase'}
              </Button>
              <Button asChild variant="ghost" disabled={completing}>
                <RouterLink to="/pricing">Cancel</RouterLink>
              </Button>
            </HStack>
          )}
        </Card.Footer>
      </Card.Root>
    );
  }

  return (
    <PageFrame title="Test checkout" description="Review your order.">
      <Stack gap="6" maxW="xl">
        <TestModeNotice />
        {body}
      </Stack>
    </PageFrame>
  );
}
