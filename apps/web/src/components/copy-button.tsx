import { Button, CopyButton as MantineCopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** Copies text; the label reads 'Copied!' for 2 seconds (spec §9). */
export function CopyButton({
  value,
  label = 'Copy',
  disabled = false,
}: {
  value: string;
  label?: string;
  disabled?: boolean;
}) {
  return (
    <MantineCopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Button
          size="xs"
          variant={copied ? 'filled' : 'light'}
          leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          onClick={copy}
          disabled={disabled}
        >
          {copied ? 'Copied!' : label}
        </Button>
      )}
    </MantineCopyButton>
  );
}
