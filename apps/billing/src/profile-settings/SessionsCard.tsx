import { Button, Card, HStack, notify } from '@sopwright/ui';
import { clearSession, errorMessage, sopwrightApi, useLogoutEverywhereMutation, useNavigate } from '@sopwright/web-client';
import { useDispatch } from 'react-redux';

/** Ends every session of the account at once: for a lost phone or a shared computer. */
export function SessionsCard() {
  const [logoutEverywhere, { isLoading }] = useLogoutEverywhereMutation();
  const dispatch = useDispatch();
  const navigate = useNavigate();

  const handleLogoutEverywhere = async () => {
    try {
      await logoutEverywhere().unwrap();
    } catch (error) {
      notify.error('Could not log out everywhere', errorMessage(error, 'Something went wrong'));
      return;
    }
    navigate('/', { replace: true });
    clearSession();
    dispatch(sopwrightApi.util.resetApiState());
  };

  return (
    <Card.Root variant="outline" maxW="2xl" rounded="xl" bg="bg">
      <Card.Header>
        <Card.Title as="h2">Sessions</Card.Title>
        <Card.Description>Signed in on a shared or lost device? End every session of your account, this one included.</Card.Description>
      </Card.Header>
      <Card.Body>
        <HStack>
          <Button variant="outline" colorPalette="red" onClick={handleLogoutEverywhere} loading={isLoading} loadingText="Logging out...">
            Log out everywhere
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
