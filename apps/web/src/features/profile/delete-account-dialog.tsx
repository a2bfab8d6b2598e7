import { Button, Checkbox, Group, List, Modal, Paper, Stack, Text } from '@mantine/core';
import { type AccountDeletionPreview, messages } from '@ocx/contracts';
import { ACCOUNT_DELETION_MESSAGES } from '@ocx/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { accountApi } from '../../api/account.api';
import { ApiError, refusalOr } from '../../api/client';
import { queryKeys } from '../../api/queries/query-keys';
import { useAccountDeletionPreview } from '../../api/queries/use-account-deletion';
import { formatCount } from '../../components/count-format';
import { dialogCloseProps } from '../../components/dialog-close';
import { FormError } from '../../components/form-error';
import { SectionLoader } from '../../components/full-page-loader';

export const DELETE_ACCOUNT_CONFIRM = 'Are you sure you want to delete your account? This cannot be undone.';

interface DeleteAccountDialogProps {
  opened: boolean;
  password: string;
  onClose: () => void;
}

/**
 * Says what deleting the account deletes and what stays, organization by organization; an
 * organization the user alone owns with other members passes to its longest-standing admin once
 * the user ticks it. The server's refusal shows here, and the organizations are read again.
 */
export function DeleteAccountDialog({ opened, password, onClose }: DeleteAccountDialogProps) {
  const preview = useAccountDeletionPreview(opened);
  const [handOver, setHandOver] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const plan = preview.data;
  const confirmed = plan?.transfers.every((t) => handOver.has(t.id)) ?? false;

  const close = () => {
    setError(null);
    setHandOver(new Set());
    onClose();
  };
  const remove = async () => {
    if (!plan) return;
    setError(null);
    setDeleting(true);
    try {
      await accountApi.deleteAccount({
        password,
        ...(plan.transfers.length > 0 ? { transferOwnership: true } : {}),
      });
      queryClient.clear();
      queryClient.setQueryData(queryKeys.session, null);
      navigate('/login', { replace: true });
    } catch (err) {
      setError(refusalOr(err, messages.auth.unexpected));
      // The members may have changed since the dialog opened: what goes and what stays, read again.
      if (err instanceof ApiError && err.status === 400) void preview.refetch();
    } finally {
      setDeleting(false);
    }
  };
  const toggle = (id: string, on: boolean) => {
    setError(null);
    setHandOver((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Delete account"
      closeButtonProps={dialogCloseProps('Delete account')}
      size="lg"
      centered
    >
      {preview.isPending ? (
        <SectionLoader label="Looking at your organizations" />
      ) : !plan ? (
        <FormError message={refusalOr(preview.error, messages.auth.unexpected)} />
      ) : (
        <Stack gap="md">
          <Text size="sm" fw={600}>
            {DELETE_ACCOUNT_CONFIRM}
          </Text>
          <DeletionSummary plan={plan} />
          {plan.transfers.length > 0 && (
            <Paper withBorder p="sm" radius="sm" aria-label="Organizations with other members">
              <Stack gap="xs">
                <Text size="sm">{ACCOUNT_DELETION_MESSAGES.transfer(plan.transfers.map((t) => t.name))}</Text>
                {plan.transfers.map((t) => (
                  <Checkbox
                    key={t.id}
                    checked={handOver.has(t.id)}
                    onChange={(e) => toggle(t.id, e.currentTarget.checked)}
                    label={`Pass ownership of "${t.name}" to its longest-standing admin, ${t.to}`}
                  />
                ))}
              </Stack>
            </Paper>
          )}
          {plan.blocked.length > 0 && (
            <FormError message={ACCOUNT_DELETION_MESSAGES.noAdmin(plan.blocked.map((o) => o.name))} />
          )}
          <FormError message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={deleting}
              disabled={!confirmed || plan.blocked.length > 0}
              onClick={remove}
            >
              Delete my account
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

const websites = (n: number) => (n === 1 ? '1 website' : `${formatCount(n)} websites`);

function DeletionSummary({ plan }: { plan: AccountDeletionPreview }) {
  const stays = plan.left.length + plan.transfers.length > 0;
  return (
    <>
      <div>
        <Text size="sm" fw={500}>
          Deleted
        </Text>
        <List size="sm" spacing={2}>
          <List.Item>Your account, every session and your API tokens</List.Item>
          {plan.deleted.map((o) => (
            <List.Item key={o.id}>
              "{o.name}", which only you belong to, with its {websites(o.websites)} and all their events
              {o.subscription ? '; its subscription is cancelled first' : ''}
            </List.Item>
          ))}
        </List>
      </div>
      {stays && (
        <div>
          <Text size="sm" fw={500}>
            Stays
          </Text>
          <List size="sm" spacing={2}>
            {plan.left.map((o) => (
              <List.Item key={o.id}>"{o.name}": you leave it; its websites and data stay</List.Item>
            ))}
            {plan.transfers.map((t) => (
              <List.Item key={t.id}>
                "{t.name}": its websites and data stay with its other members, once ownership passes on
              </List.Item>
            ))}
          </List>
        </div>
      )}
    </>
  );
}
