import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormError } from './form-error';

interface FormActionsProps {
  error: ReactNode;
  onCancel(): void;
  saving: boolean;
  submitLabel?: string;
  disabled?: boolean;
}

/** A form's error line and its Cancel and submit buttons, as every modal form ends. */
export function FormActions({ error, onCancel, saving, submitLabel = 'Save', disabled }: FormActionsProps) {
  return (
    <>
      <FormError message={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={saving} disabled={disabled || saving}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
