import { Alert, Text } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { PageHeader } from './page-header';

/** A screen a later release builds: its heading, and a plain statement that there is nothing here yet. */
export function NotBuilt({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <Alert variant="light" color="gray" icon={<IconHammer />} title="Not built yet" maw={640}>
        <Text size="sm">
          This screen is part of a later OCX release. Nothing is shown here until it is built, so no figure on
          this page can be mistaken for your data.
        </Text>
      </Alert>
    </>
  );
}
