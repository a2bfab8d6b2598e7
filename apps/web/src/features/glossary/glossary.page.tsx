import { Anchor, Box, Code, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Fragment, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import source from '../../../../../docs/metrics.md?raw';
import { Logo } from '../../components/logo';
import { useDocumentTitle } from '../../components/use-document-title';
import { parseGlossary, runs } from './glossary-markdown';

const blocks = parseGlossary(source);
const TITLE = blocks.flatMap((b) => (b.kind === 'title' ? [b.text] : []))[0] ?? 'Metrics';

/** /help/metrics — docs/metrics.md, the glossary every metric hint links to (open to everyone). */
export default function GlossaryPage() {
  useDocumentTitle(TITLE);
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <Box className="ocx-page-bg" mih="100vh">
      <Container size={760} py="lg">
        <Group justify="space-between" mb="lg">
          <Logo />
          <Anchor component={Link} to="/dashboard" size="sm">
            Back to the dashboard
          </Anchor>
        </Group>
        <Paper withBorder p="xl" radius="lg">
          <Stack gap="sm">
            {blocks.map((block) =>
              block.kind === 'title' ? (
                <Title key={block.text} order={1} size="h2">
                  {block.text}
                </Title>
              ) : block.kind === 'term' ? (
                <span key={block.id} id={block.id} />
              ) : (
                <Text key={block.text} size="sm">
                  {runs(block.text).map((run) =>
                    run.bold ? (
                      <Text key={run.at} span fw={700} size="sm">
                        {run.text}
                      </Text>
                    ) : run.code ? (
                      <Code key={run.at}>{run.text}</Code>
                    ) : (
                      <Fragment key={run.at}>{run.text}</Fragment>
                    ),
                  )}
                </Text>
              ),
            )}
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
