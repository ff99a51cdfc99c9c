import { Flex } from '@sopwright/ui';

export function StepNumber({ n }: { n: number }) {
  return (
    <Flex
      flexShrink={0}
      align="center"
      justify="center"
      boxSize="8"
      rounded="full"
      bg="brand.solid"
      color="brand.contrast"
      fontSize="sm"
      fontWeight="bold"
      aria-hidden="true"
    >
      {n}
    </Flex>
  );
}
