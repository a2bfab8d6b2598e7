import { Badge, CloseButton } from '@mantine/core';
import type { ReactNode } from 'react';

/** A chip with a labelled remove button (Mantine's Pill hides its button from assistive tech). */
export function RemovableChip({
  children,
  onRemove,
  removeLabel,
  ...rest
}: {
  children: ReactNode;
  onRemove?: (() => void) | undefined;
  removeLabel?: string;
  'data-testid'?: string;
  title?: string;
}) {
  return (
    <Badge
      variant="light"
      color="gray"
      size="lg"
      tt="none"
      fw={500}
      {...rest}
      rightSection={
        onRemove ? (
          <CloseButton size="xs" aria-label={removeLabel ?? 'Remove'} onClick={onRemove} />
        ) : undefined
      }
    >
      {children}
    </Badge>
  );
}
