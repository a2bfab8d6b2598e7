import type { MemberRoleChange, NewInvitation } from '@ocx/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billingApi } from '../billing.api';
import { queryKeys } from './query-keys';

/** Members and pending invitations of an organization change together: both lists are read again. */
function useRefreshMembers(organizationId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.billing.members(organizationId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.billing.invitations(organizationId) }),
    ]);
}

export function useInvitations(organizationId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.billing.invitations(organizationId),
    queryFn: () => billingApi.invitations(organizationId),
    enabled,
  });
}

export function useInvite(organizationId: string) {
  const refresh = useRefreshMembers(organizationId);
  return useMutation({
    mutationFn: (invitation: NewInvitation) => billingApi.invite(organizationId, invitation),
    onSuccess: refresh,
  });
}

export function useRevokeInvitation(organizationId: string) {
  const refresh = useRefreshMembers(organizationId);
  return useMutation({
    mutationFn: (invitationId: string) => billingApi.revokeInvitation(organizationId, invitationId),
    onSuccess: refresh,
  });
}

export function useChangeRole(organizationId: string) {
  const refresh = useRefreshMembers(organizationId);
  return useMutation({
    mutationFn: ({ userId, change }: { userId: string; change: MemberRoleChange }) =>
      billingApi.changeRole(organizationId, userId, change),
    onSuccess: refresh,
  });
}

export function useRemoveMember(organizationId: string) {
  const refresh = useRefreshMembers(organizationId);
  return useMutation({
    mutationFn: (userId: string) => billingApi.removeMember(organizationId, userId),
    onSuccess: refresh,
  });
}

/** After leaving, the organization is gone from the user's list and from the website selector. */
export function useLeaveOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: string) => billingApi.leave(organizationId),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** What an invitation link invites to (public: read before signing in). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: queryKeys.billing.invitation(token),
    queryFn: () => billingApi.invitation(token),
    retry: false,
  });
}

/** Accepting makes the user a member: every list (organizations, websites) is read again. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => billingApi.acceptInvitation(token),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
