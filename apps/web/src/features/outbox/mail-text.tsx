import { Anchor, Text } from '@mantine/core';

const URL_PATTERN = /(https?:\/\/[^\s]+)/g;

/** A mail's plain-text body as it reads, each address in it a link (the verification link among them). */
export function MailText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
          <Anchor key={i} href={part}>
            {part}
          </Anchor>
        ) : (
          part
        ),
      )}
    </Text>
  );
}
