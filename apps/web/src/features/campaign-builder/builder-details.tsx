import { Button, Code, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UtmParams } from '@ocx/contracts';
import { IconRocket } from '@tabler/icons-react';
import type { Dispatch, ReactNode } from 'react';
import { useTemplates } from '../../api/queries/use-templates';
import { CustomParamsEditor } from '../../components/campaigns/custom-params-editor';
import { CopyButton } from '../../components/copy-button';
import { FormError } from '../../components/form-error';
import { type BuilderAction, type BuilderState, previewUrl } from './builder-state';
import { StepCard } from './step-card';

const UTM_FIELDS: [keyof UtmParams, string][] = [
  ['source', 'UTM Source'],
  ['medium', 'UTM Medium'],
  ['campaign', 'UTM Campaign'],
  ['term', 'UTM Term'],
  ['content', 'UTM Content'],
];

/** Steps 5 and 6: the confirmed name with its ocxid, then the UTM builder with the URL preview. */
export function BuilderDetails({
  websiteId,
  state,
  dispatch,
  onCreate,
  creating,
  error,
}: {
  websiteId: string;
  state: BuilderState;
  dispatch: Dispatch<BuilderAction>;
  onCreate(): void;
  creating: boolean;
  error: ReactNode;
}) {
  const templates = useTemplates(websiteId, {}, { enabled: state.confirmed });
  const url = previewUrl(state);
  return (
    <>
      {state.landingPage ? (
        <StepCard step={5} title="Campaign Details" done={state.confirmed}>
          {/* One name field (step 1): here the confirmed name is shown; editing it above unconfirms it. */}
          {state.confirmed ? (
            <Text size="sm" data-testid="builder-name">
              Campaign Name:{' '}
              <Text span fw={600}>
                {state.name}
              </Text>
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              Confirm the campaign name in step 1 to get its campaign ID.
            </Text>
          )}
          {state.confirmed && state.ocxid ? (
            <Text size="sm">
              Campaign ID (ocxid): <Code data-testid="builder-ocxid">{state.ocxid}</Code>
            </Text>
          ) : null}
          {state.confirmed ? (
            <Select
              label="Optional: Load from Template"
              placeholder="Choose a template"
              data={(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
              value={null}
              onChange={(id) => {
                const template = templates.data?.find((t) => t.id === id);
                if (template) dispatch({ type: 'template', template });
              }}
              searchable
            />
          ) : null}
        </StepCard>
      ) : null}

      {state.landingPage && state.confirmed ? (
        <StepCard step={6} title="UTM Builder">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {UTM_FIELDS.map(([key, label]) => (
              <TextInput
                key={key}
                label={label}
                value={state.utm[key]}
                onChange={(e) => dispatch({ type: 'utm', key, value: e.currentTarget.value })}
              />
            ))}
          </SimpleGrid>
          <CustomParamsEditor
            params={state.params}
            onChange={(params) => dispatch({ type: 'params', params })}
            ocxid={state.ocxid}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              URL Preview
            </Text>
            <Code block data-testid="url-preview" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {url ?? ''}
            </Code>
          </Stack>
          <FormError message={error} />
          <Group justify="space-between">
            <CopyButton value={url ?? ''} label="Copy Parameters" disabled={!url} />
            <Button leftSection={<IconRocket size={16} />} onClick={onCreate} loading={creating}>
              Create Campaign
            </Button>
          </Group>
        </StepCard>
      ) : (
        <FormError message={error} />
      )}
    </>
  );
}
