/**
 * The Chakra UI parts of '@sopwright/ui/base': what the shell's public first paint (the landing
 * page, its header and menus, the toaster) needs, and the plain layout pieces. The overlays,
 * disclosures and form controls the signed-in pages use are in ./chakra.ts, which the main
 * entry adds, so the landing page loads none of their state machines. Both are the same
 * modules, from the one Chakra the shell ships.
 */
export {
  Badge,
  Box,
  Button,
  Card,
  Center,
  ChakraProvider,
  Circle,
  Container,
  Flex,
  HStack,
  Heading,
  Icon,
  Link,
  Menu,
  Portal,
  SimpleGrid,
  Span,
  Spinner,
  Stack,
  Text,
  VStack,
} from '@chakra-ui/react';
