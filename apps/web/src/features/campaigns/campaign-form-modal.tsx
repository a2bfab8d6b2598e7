import { Alert, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Campaign, messages, type Website } from '@ocx/contracts';
import { utmCampaignFromName } from '@ocx/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { refusalOr, serverAnswered } from '../../api/client';
import { useInvalidateWorkspace } from '../../api/queries/use-invalidate-workspace';
import { useNetworks } from '../../api/queries/use-networks';
import { useSources } from '../../api/queries/use-sources';
import { workspaceApi } from '../../api/workspace.api';
import { CustomParamsEditor } from '../../components/campaigns/custom-params-editor';
import { sourceOptions } from '../../components/campaigns/source-options';
import { FormActions } from '../../components/form-actions';

/** The Create New Campaign / Edit Campaign modal of the Campaigns list (spec §2). */
export function CampaignFormModal({
  website,
  campaign,
  onClose,
}: {
  website: Website;
  campaign: Campaign | null;
  onClose(): void;
}) {
  const invalidate = useInvalidateWorkspace(website.id);
  const networks = useNetworks(website.id);
  const sources = useSources(website.id);
  const [network, setNetwork] = useState(campaign?.network ?? '');
  const [source, setSource] = useState(campaign?.source ?? '');
  const [name, setName] = useState(campaign?.name ?? '');
  const [landingPage, setLandingPage] = useState(campaign?.landingPage ?? '');
  const [utm, setUtm] = useState({
    source: campaign?.utmParams.source ?? '',
    medium: campaign?.utmParams.medium ?? '',
    campaign: campaign?.utmParams.campaign ?? '',
  });
  const [params, setParams] = useState<Record<string, string>>(campaign?.trackingParams ?? {});
  const [error, setError] = useState<string | null>(null);

  const networkNames = (networks.data ?? []).map((n) => n.name);
  if (network && !networkNames.includes(network)) networkNames.push(network);
  const chosenNetwork = networks.data?.find((n) => n.name === network);
  const sourceNames = sourceOptions(chosenNetwork, sources.data ?? [], source);

  const save = useMutation({
    mutationFn: () => {
      const body = {
        name: name.trim(),
        network,
        source,
        landingPage: landingPage.trim(),
        utmParams: utm,
        trackingParams: params,
      };
      return campaign
        ? workspaceApi.updateCampaign(website.id, campaign.id, body)
        : workspaceApi.createCampaign(website.id, body);
    },
    onSuccess: async () => {
      await invalidate();
      notifications.show({ color: 'ocx', message: messages.campaigns.saved });
      onClose();
    },
    onError: (err) =>
      setError(
        !serverAnswered(err)
          ? campaign
            ? messages.campaigns.editError
            : messages.campaigns.saveError
          : refusalOr(err, messages.campaigns.saveFailed),
      ),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!network || !source || !name.trim() || !landingPage.trim())
      return setError(messages.campaigns.required);
    setError(null);
    save.mutate();
  };

  return (
    <Modal opened onClose={onClose} title={campaign ? 'Edit Campaign' : 'Create New Campaign'} size="lg">
      {!website.rootDomain ? (
        <Alert color="yellow" variant="light" title="Configuration Required">
          Please configure your website domain in the Website Config section before creating campaigns.
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Select
              label="Traffic Network"
              placeholder="Select a network"
              data={networkNames}
              value={network || null}
              onChange={(v) => {
                setNetwork(v ?? '');
                setSource('');
              }}
              withAsterisk
            />
            {network ? (
              <Select
                label="Traffic Source"
                placeholder="Select a source"
                data={sourceNames}
                value={source || null}
                onChange={(v) => {
                  setSource(v ?? '');
                  if (v) setUtm({ ...utm, source: network.toLowerCase(), medium: v });
                }}
                withAsterisk
              />
            ) : null}
            <TextInput
              label="Campaign Name"
              placeholder="Black Friday Sale"
              value={name}
              onChange={(e) => {
                const next = e.currentTarget.value;
                setName(next);
                setUtm({ ...utm, campaign: utmCampaignFromName(next) });
              }}
              withAsterisk
            />
            <TextInput
              label="Landing Page URL"
              type="url"
              placeholder={`https://${website.rootDomain}/`}
              value={landingPage}
              onChange={(e) => setLandingPage(e.currentTarget.value)}
              withAsterisk
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label="UTM Source"
                value={utm.source}
                onChange={(e) => setUtm({ ...utm, source: e.currentTarget.value })}
              />
              <TextInput
                label="UTM Medium"
                value={utm.medium}
                onChange={(e) => setUtm({ ...utm, medium: e.currentTarget.value })}
              />
              <TextInput
                label="UTM Campaign"
                value={utm.campaign}
                onChange={(e) => setUtm({ ...utm, campaign: e.currentTarget.value })}
              />
            </SimpleGrid>
            <CustomParamsEditor params={params} onChange={setParams} ocxid={campaign?.ocxid ?? null} />
            <FormActions
              error={error}
              onCancel={onClose}
              saving={save.isPending}
              submitLabel="Save Campaign"
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
