import {
  NumberInput,
  type NumberInputHandlers,
  type NumberInputProps,
  Stack,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useRef } from 'react';

const stepper = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 22,
  height: 14,
  color: 'var(--mantine-color-dimmed)',
} as const;

/**
 * A NumberInput whose up and down buttons say what they do ("Increase Attribution window (days)"):
 * Mantine's own are hidden from assistive technology. Keyboard users step with the arrow keys, so
 * the buttons stay out of the tab order.
 */
export function NumberField(props: NumberInputProps & { label: string }) {
  const handlers = useRef<NumberInputHandlers>(undefined);
  const { label, disabled } = props;
  return (
    <NumberInput
      {...props}
      handlersRef={handlers}
      hideControls
      rightSectionWidth={28}
      rightSection={
        disabled ? null : (
          <Stack gap={0}>
            <UnstyledButton
              type="button"
              tabIndex={-1}
              aria-label={`Increase ${label}`}
              style={stepper}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => handlers.current?.increment()}
            >
              <IconChevronUp size={12} />
            </UnstyledButton>
            <UnstyledButton
              type="button"
              tabIndex={-1}
              aria-label={`Decrease ${label}`}
              style={stepper}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => handlers.current?.decrement()}
            >
              <IconChevronDown size={12} />
            </UnstyledButton>
          </Stack>
        )
      }
    />
  );
}
