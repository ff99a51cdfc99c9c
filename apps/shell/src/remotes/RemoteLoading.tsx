import { Center, Spinner } from '@sopwright/ui/base';

export function RemoteLoading() {
  return (
    <Center py="24" aria-busy="true">
      <Spinner size="lg" color="brand.solid" aria-label="Loading page" />
    </Center>
  );
}
