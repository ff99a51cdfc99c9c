import { toaster } from './toast-store';

/** The spec's two toast variants: default (success) and destructive (error). */
export type ToastVariant = 'default' | 'destructive';

function show(variant: ToastVariant, title: string, description?: string): string {
  // A new toast replaces the visible one rather than waiting in the queue behind it.
  toaster.dismiss();
  return toaster.create({ title, description, type: variant === 'destructive' ? 'error' : 'success', closable: true });
}

export const notify = {
  success: (title: string, description?: string) => show('default', title, description),
  error: (title: string, description?: string) => show('destructive', title, description),
};
