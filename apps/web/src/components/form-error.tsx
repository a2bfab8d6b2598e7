import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A form's refusal, in the spec's words, announced to screen readers. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" py="xs">
      {message}
    </Alert>
  );
}
