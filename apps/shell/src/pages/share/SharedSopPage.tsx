import { Alert, Badge, Box, Button, Container, Flex, Heading, HStack, Image, Skeleton, SkeletonText, Stack, Text, formatDate } from '@sopwright/ui';
import { errorMessage, sharedPdfUrl, useGetSharedSopQuery, useParams, Link as RouterLink } from '@sopwright/web-client';
import { FileDown } from 'lucide-react';

/**
 * /s/:token: a read-only SOP anyone with the link may read, signed in or not, with the
 * sharer's branding and the PDF. The approved version when there is one.
 */
export default function SharedSopPage() {
  const { token = '' } = useParams();
  const shared = useGetSharedSopQuery(token);

  if (shared.isLoading) {
    return (
      <Container maxW="3xl" py="10">
        <Stack gap="4" aria-busy="true" aria-label="Loading the SOP">
          <Skeleton height="8" width="60%" />
          <SkeletonText noOfLines={6} />
        </Stack>
      </Container>
    );
  }
  if (shared.isError || !shared.data) {
    return (
      <Container maxW="2xl" py="16">
        <Heading as="h1" size="xl" mb="4">
          This link does not work
        </Heading>
        <Alert.Root status="warning" rounded="lg">
          <Alert.Indicator />
          <Alert.Description>{errorMessage(shared.error, 'This link does not work: it was revoked, has expired or never existed.')}</Alert.Description>
        </Alert.Root>
        <Button asChild mt="6" variant="outline">
          <RouterLink to="/">Go to Sopwright</RouterLink>
        </Button>
      </Container>
    );
  }

  const sop = shared.data;
  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }}>
      {(sop.companyName || sop.companyLogoUrl) && (
        <HStack gap="3" mb="6">
          {sop.companyLogoUrl && <Image src={sop.companyLogoUrl} alt={sop.companyName ? `${sop.companyName} logo` : 'Company logo'} maxH="10" maxW="40" objectFit="contain" />}
          {sop.companyName && (
            <Text fontWeight="semibold" color="fg.muted">
              {sop.companyName}
            </Text>
          )}
        </HStack>
      )}
      <Flex gap="4" justify="space-between" align={{ base: 'start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }} mb="2">
        <Heading as="h1" size="2xl">
          {sop.title}
        </Heading>
        <Button asChild variant="outline" size="sm" flexShrink={0}>
          <a href={sharedPdfUrl(token)} target="_blank" rel="noopener">
            <FileDown aria-hidden="true" /> PDF
          </a>
        </Button>
      </Flex>
      <HStack gap="2" mb="8" color="fg.muted" fontSize="sm">
        {sop.approved && (
          <Badge colorPalette="green" variant="subtle">
            Approved
          </Badge>
        )}
        <Text>
          Version {sop.version}, updated {formatDate(sop.updatedAt)}
        </Text>
      </HStack>
      <Stack as="ol" gap="6" listStyleType="none" ps="0" aria-label="Steps">
        {sop.steps.map((step, index) => (
          <Box as="li" key={index} borderWidth="1px" rounded="xl" p="5" bg="bg">
            <Heading as="h2" size="md" mb={step.details ? '2' : '0'}>
              {index + 1}. {step.title}
            </Heading>
            {step.details && (
              <Text whiteSpace="pre-wrap" color="fg.muted">
                {step.details}
              </Text>
            )}
            {(step.imageUrls ?? []).map((url, imageIndex) => (
              <Image key={url} src={url} alt={`Step ${index + 1}, image ${imageIndex + 1}`} mt="4" rounded="md" borderWidth="1px" maxW="full" />
            ))}
          </Box>
        ))}
      </Stack>
      <Text mt="10" fontSize="sm" color="fg.muted">
        Shared with Sopwright. This page shows the SOP as it was when it was shared or last approved, and stops working when the link is revoked.
      </Text>
    </Container>
  );
}
