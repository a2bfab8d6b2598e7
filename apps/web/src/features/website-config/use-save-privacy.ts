import { notifications } from '@mantine/notifications';
import type { PrivacyInput, Website } from '@ocx/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/queries/query-keys';
import { websitesApi } from '../../api/websites.api';

/** Saves a privacy setting at once (PATCH privacy), as the section's controls change. */
export function useSavePrivacy(website: Website) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (privacy: PrivacyInput) => websitesApi.update(website.id, { privacy }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.websites });
      notifications.show({ color: 'ocx', message: 'Privacy settings saved' });
    },
    onError: (err) =>
      notifications.show({
        color: 'red',
        message:
          err instanceof ApiError && err.status === 400 ? err.message : 'Failed to save privacy settings',
      }),
  });
}
