import { Anchor, Badge, Button, Flex, SimpleGrid, Text, TextInput } from '@mantine/core';
import { CAMPAIGN_TEXT_MAX, type Website } from '@ocx/contracts';
import { IconCheck } from '@tabler/icons-react';
import type { Dispatch } from 'react';
import { Link } from 'react-router';
import { useNetworks } from '../../api/queries/use-networks';
import { useSources } from '../../api/queries/use-sources';
import { sourceOptions } from '../../components/campaigns/source-options';
import type { BuilderAction, BuilderState } from './builder-state';
import { LandingPagePicker } from './landing-page-picker';
import { StepCard } from './step-card';

/** A choice's whole name, on two lines if it must, never cut (a long network name on a phone). */
const WRAPPING = {
  h: 'auto',
  mih: 36,
  py: 6,
  styles: { label: { whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'center', lineHeight: 1.3 } },
} as const;

/** Steps 1 to 4: name, network, source, landing page; each appears once the one before is done. */
export function BuilderSteps({
  website,
  state,
  dispatch,
  onConfirm,
  confirming,
  nameError,
}: {
  website: Website;
  state: BuilderState;
  dispatch: Dispatch<BuilderAction>;
  onConfirm(): void;
  confirming: boolean;
  nameError: string | null;
}) {
  const networks = useNetworks(website.id);
  const sources = useSources(website.id);
  const names = (networks.data ?? []).map((n) => n.name);
  if (state.network && !names.includes(state.network)) names.push(state.network);
  const chosen = networks.data?.find((n) => n.name === state.network);

  return (
    <>
      <StepCard step={1} title="Campaign Name" done={state.confirmed}>
        <NameField
          state={state}
          dispatch={dispatch}
          onConfirm={onConfirm}
          confirming={confirming}
          error={nameError}
        />
      </StepCard>

      <StepCard step={2} title="Select Network" done={!!state.network}>
        {names.length === 0 ? (
          <Text c="dimmed" size="sm">
            No networks configured yet.{' '}
            <Anchor component={Link} to="/networks">
              Add a traffic network
            </Anchor>{' '}
            first.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} role="group" aria-label="Networks">
            {names.map((n) => (
              <Button
                key={n}
                {...WRAPPING}
                variant={state.network === n ? 'filled' : 'default'}
                onClick={() => dispatch({ type: 'network', network: n })}
                aria-pressed={state.network === n}
              >
                {n}
              </Button>
            ))}
          </SimpleGrid>
        )}
      </StepCard>

      {state.network ? (
        <StepCard step={3} title="Select Source" done={!!state.source}>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} role="group" aria-label="Sources">
            {sourceOptions(chosen, sources.data ?? [], state.source).map((s) => (
              <Button
                key={s}
                {...WRAPPING}
                variant={state.source === s ? 'filled' : 'default'}
                onClick={() => dispatch({ type: 'source', source: s })}
                aria-pressed={state.source === s}
              >
                {s}
              </Button>
            ))}
          </SimpleGrid>
        </StepCard>
      ) : null}

      {state.source ? (
        <StepCard step={4} title="Select Landing Page" done={!!state.landingPage}>
          <LandingPagePicker
            website={website}
            selected={state.landingPage}
            onSelect={(page) => dispatch({ type: 'landingPage', page })}
          />
        </StepCard>
      ) : null}
    </>
  );
}

function NameField({
  state,
  dispatch,
  onConfirm,
  confirming,
  error = null,
}: {
  state: BuilderState;
  dispatch: Dispatch<BuilderAction>;
  onConfirm(): void;
  confirming: boolean;
  error?: string | null;
}) {
  return (
    // Side by side from xs up (the button level with the input, below its label); stacked on a phone.
    <Flex direction={{ base: 'column', xs: 'row' }} align="flex-start" gap="sm">
      <TextInput
        label="Campaign Name"
        placeholder="Black Friday Sale"
        maxLength={CAMPAIGN_TEXT_MAX}
        value={state.name}
        onChange={(e) => dispatch({ type: 'name', name: e.currentTarget.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onConfirm();
          }
        }}
        error={error}
        withAsterisk
        w={{ base: '100%', xs: 'auto' }}
        style={{ flex: 1 }}
      />
      {state.confirmed ? (
        <Badge size="lg" color="ocx" leftSection={<IconCheck size={14} />} h={36} mt={{ base: 0, xs: 25 }}>
          Confirmed
        </Badge>
      ) : (
        <Button onClick={onConfirm} loading={confirming} mt={{ base: 0, xs: 25 }}>
          Confirm Name
        </Button>
      )}
    </Flex>
  );
}
