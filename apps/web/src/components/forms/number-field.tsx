import {
  NumberInput,
  type NumberInputHandlers,
  type NumberInputProps,
  Stack,
  UnstyledButton,
} from '@mantine/core';
import { useId } from '@mantine/hooks';
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
 * A NumberInput whose up and down buttons are named ("Increase", described by the field's label):
 * Mantine's own are hidden from assistive technology. The names leave out the label so that the
 * field stays the one thing its label names. Keyboard users step with the arrow keys, so the
 * buttons stay out of the tab order.
 */
export function NumberField(props: NumberInputProps) {
  const handlers = useRef<NumberInputHandlers>(undefined);
  const id = useId(props.id);
  const { disabled } = props;
  // Mantine names the label element `${id}-label`.
  const labelId = props.label ? `${id}-label` : undefined;
  return (
    <NumberInput
      {...props}
      id={id}
      handlersRef={handlers}
      hideControls
      rightSectionWidth={28}
      rightSection={
        disabled ? null : (
          <Stack gap={0}>
            <UnstyledButton
              type="button"
              tabIndex={-1}
              aria-label="Increase"
              aria-describedby={labelId}
              style={stepper}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => handlers.current?.increment()}
            >
              <IconChevronUp size={12} />
            </UnstyledButton>
            <UnstyledButton
              type="button"
              tabIndex={-1}
              aria-label="Decrease"
              aria-describedby={labelId}
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
