import type {
  Goal,
  GoalOverlap,
  GoalPatch,
  InstallationCheckResult,
  InstallationStatus,
  NewGoal,
  NewWebsite,
  RollupStatus,
  TestEventResult,
  Website,
  WebsitePatch,
} from '@ocx/contracts';
import type { RecentEvent } from '@ocx/core';
import { browserTimeZone } from '../components/time-zone';
import { api } from './client';

export const websitesApi = {
  list: () => api<Website[]>('GET', '/api/websites'),
  /** A new website counts its days in the browser's time zone unless told otherwise. */
  create: (input: NewWebsite) =>
    api<Website>('POST', '/api/websites', { timezone: browserTimeZone(), ...input }),
  update: (id: string, patch: WebsitePatch) =>
    api<Website>('PATCH', `/api/websites/${encodeURIComponent(id)}`, patch),
  rollupStatus: (id: string) => api<RollupStatus>('GET', `/api/websites/${encodeURIComponent(id)}/rollups`),
  remove: (id: string) => api<void>('DELETE', `/api/websites/${encodeURIComponent(id)}`),
  addGoal: (websiteId: string, goal: NewGoal) =>
    api<Goal>('POST', `/api/websites/${encodeURIComponent(websiteId)}/goals`, goal),
  updateGoal: (websiteId: string, goalId: string, patch: GoalPatch) =>
    api<Goal>(
      'PATCH',
      `/api/websites/${encodeURIComponent(websiteId)}/goals/${encodeURIComponent(goalId)}`,
      patch,
    ),
  goalOverlaps: (websiteId: string) =>
    api<GoalOverlap[]>('GET', `/api/websites/${encodeURIComponent(websiteId)}/goal-overlaps`),
  removeGoal: (websiteId: string, goalId: string) =>
    api<void>('DELETE', `/api/websites/${encodeURIComponent(websiteId)}/goals/${encodeURIComponent(goalId)}`),
  sendTestEvent: (websiteId: string) =>
    api<TestEventResult>('POST', `/api/websites/${encodeURIComponent(websiteId)}/test-event`),
  installation: (websiteId: string) =>
    api<InstallationStatus>('GET', `/api/websites/${encodeURIComponent(websiteId)}/installation`),
  checkInstallation: (websiteId: string, url: string) =>
    api<InstallationCheckResult>(
      'POST',
      `/api/websites/${encodeURIComponent(websiteId)}/installation/check`,
      {
        url,
      },
    ),
  recentEvents: (websiteId: string, limit = 50) =>
    api<RecentEvent[]>('GET', `/api/websites/${encodeURIComponent(websiteId)}/events?limit=${limit}`),
};
