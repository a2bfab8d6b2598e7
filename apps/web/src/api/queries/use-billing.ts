import type { PlanId } from '@ocx/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { billingApi } from '../billing.api';
import { queryKeys } from './query-keys';

export function useOrganizations() {
  return useQuery({ queryKey: queryKeys.billing.organizations, queryFn: billingApi.organizations });
}

/** Plan, limits and this month's usage; null id: nothing to ask yet. */
export function useBillingOverview(organizationId: string | null) {
  return useQuery({
    queryKey: queryKeys.billing.overview(organizationId ?? ''),
    queryFn: () => billingApi.overview(organizationId ?? ''),
    enabled: organizationId !== null,
  });
}

export function useInvoices(organizationId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.billing.invoices(organizationId),
    queryFn: () => billingApi.invoices(organizationId),
    enabled,
    retry: false,
  });
}

/** Checkout and portal answer a URL; the browser goes there. */
export function useCheckout() {
  return useMutation({
    mutationFn: ({ planId, organizationId }: { planId: PlanId; organizationId: string }) =>
      billingApi.checkout(planId, organizationId),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function usePortal() {
  return useMutation({
    mutationFn: (organizationId: string) => billingApi.portal(organizationId),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useMembers(organizationId: string) {
  return useQuery({
    queryKey: queryKeys.billing.members(organizationId),
    queryFn: () => billingApi.members(organizationId),
  });
}
