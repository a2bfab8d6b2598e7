import { Anchor, Badge, Group, TextInput, type TextInputProps } from '@mantine/core';
import { UTM_VALUE_MAX } from '@ocx/contracts';
import { type FollowingUtmKey, UTM_FOLLOWS } from '@ocx/core';

const FOLLOWED = { name: 'the name', network: 'the network', source: 'the source' } as const;

/**
 * A UTM tag that follows the campaign's name, network or source until someone types their own:
 * then it keeps the typed value, says so (an "edited" badge), and offers to follow again.
 */
export function UtmInput({
  tag,
  label,
  typed,
  onFollow,
  ...input
}: TextInputProps & {
  tag: FollowingUtmKey;
  label: string;
  typed: boolean;
  onFollow(): void;
}) {
  const followed = FOLLOWED[UTM_FOLLOWS[tag]];
  return (
    <TextInput
      {...input}
      maxLength={UTM_VALUE_MAX}
      label={
        <Group component="span" gap={6} wrap="nowrap" display="inline-flex">
          {label}
          {/* A space, so the field's name reads "UTM Campaign edited". */}
          {typed ? ' ' : null}
          {typed ? (
            <Badge size="xs" variant="light" color="orange" component="span">
              edited
            </Badge>
          ) : null}
        </Group>
      }
      description={
        typed ? (
          <>
            Typed by you — no longer follows {followed}.{' '}
            <Anchor component="button" type="button" size="xs" onClick={onFollow}>
              Follow {followed}
            </Anchor>
          </>
        ) : (
          `Follows ${followed}`
        )
      }
    />
  );
}
