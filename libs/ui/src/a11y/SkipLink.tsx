import { Link } from '@chakra-ui/react';

/** The id of every page's `<main>`: where the skip link and route changes send focus. */
export const MAIN_CONTENT_ID = 'main-content';

/** The first Tab stop of every page: hidden until focused, then jumps past the header. */
export function SkipLink() {
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      position="absolute"
      insetStart="4"
      top="2"
      zIndex="skipNav"
      px="4"
      py="2"
      rounded="md"
      bg="bg"
      color="fg"
      fontWeight="medium"
      shadow="md"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'translateY(0)' }}
      onClick={(event) => {
        // Focus the main region itself so the next Tab continues from there, not from the top.
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
    >
      Skip to main content
    </Link>
  );
}
