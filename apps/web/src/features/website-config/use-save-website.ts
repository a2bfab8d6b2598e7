import { notifications } from '@mantine/notifications';
import { messages, type Website } from '@ocx/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/queries/query-keys';
import { websitesApi } from '../../api/websites.api';
import { useSelectedWebsite } from '../../components/websites/selected-website';
import { draftToInput, type WebsiteDraft } from './website-draft';

/** Creates the first website or updates the selected one; failures come back in the spec's words. */
export function useSaveWebsite(website: Website | null, onError: (message: string) => void) {
  const queryClient = useQueryClient();
  const { select } = useSelectedWebsite();
  return useMutation({
    mutationFn: (draft: WebsiteDraft) =>
      website ? websitesApi.update(website.id, draftToInput(draft)) : websitesApi.create(draftToInput(draft)),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.websites });
      select(saved.id);
      notifications.show({ color: 'ocx', message: messages.config.saved });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 401) return onError(messages.auth.notSignedIn);
      const message =
        err instanceof ApiError && err.status === 400
          ? err.message
          : website
            ? messages.config.updateFailed
            : messages.config.createFailed;
      onError(message);
      notifications.show({ color: 'red', message });
    },
  });
}
