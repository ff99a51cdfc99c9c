import { Card, SimpleGrid, Skeleton, SkeletonText } from '@chakra-ui/react';

interface CardSkeletonsProps {
  count: number;
  columns?: number;
}

/** Placeholder cards while a list loads (spec: 3 on the dashboard, 4 on templates). */
export function CardSkeletons({ count, columns = 1 }: CardSkeletonsProps) {
  return (
    <SimpleGrid columns={{ base: 1, md: columns }} gap="4" aria-busy="true" aria-label="Loading">
      {Array.from({ length: count }, (_, index) => (
        <Card.Root key={index} variant="outline">
          <Card.Body gap="3">
            <Skeleton height="5" width="60%" />
            <SkeletonText noOfLines={2} />
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
