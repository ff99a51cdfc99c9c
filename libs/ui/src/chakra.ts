/**
 * The parts of Chakra UI the apps use, with ./chakra-base.ts, and the only way they reach it:
 * '@sopwright/ui' (and '@sopwright/ui/base') is the shared singleton, not '@chakra-ui/react', so
 * the shell ships only what is named in these two files and webpack drops the rest of Chakra,
 * Ark and Zag (the web build refuses a direct import of '@chakra-ui/react' from an app). Add a
 * name here when an app needs another component (in ./chakra-base.ts instead only if the
 * landing page needs it), and its recipe to theme/system.ts.
 */
export {
  Accordion,
  Alert,
  ButtonGroup,
  CloseButton,
  Code,
  Collapsible,
  DataList,
  Dialog,
  Drawer,
  EmptyState,
  Field,
  Group,
  IconButton,
  Image,
  Input,
  InputGroup,
  LinkBox,
  LinkOverlay,
  List,
  NativeSelect,
  Progress,
  Separator,
  Skeleton,
  SkeletonText,
  Stat,
  Tabs,
  Textarea,
  VisuallyHidden,
} from '@chakra-ui/react';
