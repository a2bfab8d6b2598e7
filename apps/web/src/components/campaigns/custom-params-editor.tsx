import { Button, Group, Input, Stack, TextInput } from '@mantine/core';
import { CUSTOM_PARAM_NAME_MAX, CUSTOM_PARAM_VALUE_MAX } from '@ocx/contracts';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { RemovableChip } from '../workspace/removable-chip';

/**
 * Custom parameters: name, value, Add, removable chips. A parameter needs both a name and a value
 * or it is ignored; the ocxid chip cannot be removed (spec §5).
 */
export function CustomParamsEditor({
  params,
  onChange,
  ocxid,
  error = null,
}: {
  params: Record<string, string>;
  onChange(next: Record<string, string>): void;
  ocxid: string | null;
  /** What is wrong with the parameters as a whole (too many, too long). */
  error?: ReactNode;
}) {
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const add = () => {
    const k = key.trim();
    const v = value.trim();
    if (!k || !v || k === 'ocxid') return;
    onChange({ ...params, [k]: v });
    setKey('');
    setValue('');
  };
  const remove = (k: string) => onChange(Object.fromEntries(Object.entries(params).filter(([x]) => x !== k)));
  return (
    <Stack gap="xs">
      {/* Styled as the form's other field labels; a div, as it labels the group rather than one field. */}
      <Input.Label labelElement="div">Custom Parameters</Input.Label>
      {/* Each field keeps room for its placeholder: on a phone Add goes to the next line. */}
      <Group gap="xs" align="flex-end">
        <TextInput
          aria-label="Parameter name"
          placeholder="Parameter name"
          maxLength={CUSTOM_PARAM_NAME_MAX}
          value={key}
          onChange={(e) => setKey(e.currentTarget.value)}
          style={{ flex: '1 1 9.5rem' }}
        />
        <TextInput
          aria-label="Parameter value"
          placeholder="Value"
          maxLength={CUSTOM_PARAM_VALUE_MAX}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          style={{ flex: '1 1 9.5rem' }}
        />
        <Button variant="light" leftSection={<IconPlus size={14} />} onClick={add}>
          Add
        </Button>
      </Group>
      <Group gap={6}>
        <RemovableChip title="The campaign ID cannot be removed" data-testid="ocxid-chip">
          ocxid={ocxid ?? '(generated on save)'}
        </RemovableChip>
        {Object.entries(params)
          .filter(([k]) => k !== 'ocxid')
          .map(([k, v]) => (
            <RemovableChip key={k} onRemove={() => remove(k)} removeLabel={`Remove ${k}`}>
              {k}={v}
            </RemovableChip>
          ))}
      </Group>
      {error ? <Input.Error>{error}</Input.Error> : null}
    </Stack>
  );
}
