import { Button, Code, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { UTM_VALUE_MAX } from '@ocx/contracts';
import { type FollowingUtmKey, utmCampaignFromName } from '@ocx/core';
import { IconRocket } from '@tabler/icons-react';
import type { Dispatch, ReactNode } from 'react';
import { useTemplates } from '../../api/queries/use-templates';
import { CustomParamsEditor } from '../../components/campaigns/custom-params-editor';
import { UtmInput } from '../../components/campaigns/utm-input';
import { CopyButton } from '../../components/copy-button';
import { FormError } from '../../components/form-error';
import { type BuilderAction, type BuilderState, previewUrl } from './builder-state';
import { StepCard } from './step-card';

const FOLLOWING_FIELDS: [FollowingUtmKey, string][] = [
  ['source', 'UTM Source'],
  ['medium', 'UTM Medium'],
  ['campaign', 'UTM Campaign'],
];
const FREE_FIELDS = [
  ['term', 'UTM Term'],
  ['content', 'UTM Content'],
] as const;

/** Steps 5 and 6: the confirmed name with its ocxid, then the UTM builder with the URL preview. */
export function BuilderDetails({
  websiteId,
  state,
  dispatch,
  onCreate,
  creating,
  error,
  fieldErrors,
}: {
  websiteId: string;
  state: BuilderState;
  dispatch: Dispatch<BuilderAction>;
  onCreate(): void;
  creating: boolean;
  error: ReactNode;
  /** The form's errors by field (`utm.source`, `params`). */
  fieldErrors: Record<string, ReactNode>;
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
          {/* Inputs level with each other, whichever of them says it was typed (a longer description). */}
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} style={{ alignItems: 'end' }}>
            {FOLLOWING_FIELDS.map(([key, label]) => (
              <UtmInput
                key={key}
                tag={key}
                label={label}
                typed={state.typed.includes(key)}
                onFollow={() => dispatch({ type: 'follow', key })}
                value={state.utm[key]}
                // An emptied UTM Campaign is the name's, as the preview shows.
                placeholder={key === 'campaign' ? utmCampaignFromName(state.name) : undefined}
                onChange={(e) => dispatch({ type: 'utm', key, value: e.currentTarget.value })}
                error={fieldErrors[`utm.${key}`]}
              />
            ))}
            {FREE_FIELDS.map(([key, label]) => (
              <TextInput
                key={key}
                label={label}
                maxLength={UTM_VALUE_MAX}
                value={state.utm[key]}
                onChange={(e) => dispatch({ type: 'utm', key, value: e.currentTarget.value })}
                error={fieldErrors[`utm.${key}`]}
              />
            ))}
          </SimpleGrid>
          <CustomParamsEditor
            params={state.params}
            onChange={(params) => dispatch({ type: 'params', params })}
            ocxid={state.ocxid}
            error={fieldErrors.params}
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
