import { Badge, Group, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { postbackMacros, type Website } from '@ocx/contracts';
import { type ReactNode, useRef } from 'react';
import { ConfigSection } from './config-section';
import { insertAtCursor } from './integrations-format';
import { PostbackDeliveries } from './postback-deliveries';
import { SaveFirstHint } from './save-first-hint';

interface Props {
  website: Website | null;
  postbackUrl: string;
  onChange(postbackUrl: string): void;
  /** What is wrong with the URL, if anything. */
  error?: ReactNode;
}

export function PostbacksSection({ website, postbackUrl, onChange, error }: Props) {
  const input = useRef<HTMLInputElement>(null);

  const insert = (macro: string) => {
    const field = input.current;
    const next = insertAtCursor(
      postbackUrl,
      macro,
      field?.selectionStart ?? null,
      field?.selectionEnd ?? null,
    );
    onChange(next.value);
    // Back into the field with the cursor after the macro, once React has written the new value.
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  return (
    <ConfigSection
      title="Postbacks"
      description="OCX calls this URL (GET) for every conversion, so your ad network or CRM learns about it."
    >
      {!website ? (
        <SaveFirstHint what="set a postback URL" />
      ) : (
        <Stack gap="lg">
          <Stack gap={6}>
            <TextInput
              ref={input}
              label="Postback URL"
              placeholder="https://ads.example.com/postback?click={click_id}&value={value}"
              value={postbackUrl}
              onChange={(e) => onChange(e.currentTarget.value)}
              error={error}
              description="Leave empty for no postback. Saved with Save Configuration."
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              spellCheck={false}
            />
            <Group gap={6} align="center">
              <Text size="xs" c="dimmed">
                Macros (click to insert at the cursor):
              </Text>
              {postbackMacros.map((macro) => (
                <UnstyledButton
                  key={macro}
                  onClick={() => insert(macro)}
                  aria-label={`Insert ${macro}`}
                  // Keeps the field's cursor: the click would otherwise move focus away first.
                  onMouseDown={(e) => e.preventDefault()}
                >
                  <Badge variant="light" color="gray" tt="none" ff="monospace" style={{ cursor: 'pointer' }}>
                    {macro}
                  </Badge>
                </UnstyledButton>
              ))}
            </Group>
          </Stack>
          <Stack gap="xs">
            <Title order={5}>Delivery log</Title>
            <PostbackDeliveries websiteId={website.id} />
          </Stack>
        </Stack>
      )}
    </ConfigSection>
  );
}
