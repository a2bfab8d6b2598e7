import { UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A value in a dashboard table that filters the whole dashboard by it when clicked (issue 23). The
 * caller's text keeps its own truncation; the button says what it does to a screen reader.
 */
export function FilterButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <UnstyledButton
      onClick={onClick}
      aria-label={`Filter by ${label}`}
      display="block"
      w="100%"
      // Beside an icon in a row, it takes the room left and lets its text truncate.
      style={{ flex: 1, minWidth: 0 }}
    >
      {children}
    </UnstyledButton>
  );
}
