import { Toaster as ChakraToaster, Portal, Stack, Toast } from '@chakra-ui/react';
import { toaster } from './toast-store';

/**
 * Render once, in the shell; remotes show toasts through `notify`. Toasts are announced
 * (role="status") and close themselves, so they stay out of the Tab order: a keyboard user
 * is never pulled into one while moving through the page. One with an action keeps it reachable.
 */
export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} maxWidth={{ md: '420px' }} tabIndex={-1}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {/* Full strength: the recipe fades descriptions, below 4.5:1 on the red error toast. */}
              {toast.description && <Toast.Description opacity={1}>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable && <Toast.CloseTrigger tabIndex={toast.action ? undefined : -1} />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
