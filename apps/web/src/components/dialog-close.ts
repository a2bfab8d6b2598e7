import type { OpenConfirmModal } from '@mantine/modals';
import { modals } from '@mantine/modals';

/**
 * A dialog's close button named for the dialog ('Close New Network dialog'): the icon alone has no
 * name, and a bare 'Close' does not say which dialog goes.
 */
export const dialogCloseProps = (title: string) => ({ 'aria-label': `Close ${title} dialog` });

/** A notification's close button named for what it says ('Close spend saved notification'). */
export const notificationCloseProps = (what: string) => ({ 'aria-label': `Close ${what} notification` });

/** Mantine's confirmation dialog, its close button named for it. */
export function openConfirm(options: OpenConfirmModal & { title: string }): string {
  return modals.openConfirmModal({ closeButtonProps: dialogCloseProps(options.title), ...options });
}
