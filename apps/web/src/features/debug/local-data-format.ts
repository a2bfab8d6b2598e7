import type { Website } from '@ocx/contracts';
import { formatCount } from '../../components/count-format';
import { formatDateTime } from '../../components/date-format';
import { trackerStorage, uiStorageKeys } from '../../components/local-data/storage-keys';
import type { LocalEntry } from './local-data';

/** What an item is for, and its value in words. */
export interface DescribedEntry extends LocalEntry {
  what: string;
  value: string;
}

function parse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function describeQueue(raw: string): string {
  const queue = parse(raw);
  if (!Array.isArray(queue)) return 'Unreadable';
  if (queue.length === 0) return 'Empty';
  const times = queue.map((entry) => Number(entry?.e?.ts)).filter(Number.isFinite);
  const oldest = times.length > 0 ? `, oldest from ${formatDateTime(Math.min(...times))}` : '';
  return `${formatCount(queue.length)} ${queue.length === 1 ? 'event' : 'events'} waiting to be sent${oldest}`;
}

export function describeEntry(entry: LocalEntry, websites: Website[]): DescribedEntry {
  const value = parse(entry.raw);
  const { key } = entry;
  const described = (what: string, text: string) => ({ ...entry, what, value: text });
  if (key === uiStorageKeys.colorScheme) return described('Theme', value === 'dark' ? 'Dark' : 'Light');
  if (key === uiStorageKeys.sidebarCollapsed)
    return described('Sidebar', value === true ? 'Collapsed' : 'Expanded');
  if (key === uiStorageKeys.developerToolsOpen)
    return described('Sidebar: Developer tools', value === true ? 'Open' : 'Closed');
  if (key === uiStorageKeys.signedInHere)
    return described('Signed in on this browser', value === true ? 'Yes' : 'No');
  if (key === uiStorageKeys.selectedWebsiteId) {
    if (value === null) return described('Selected website', 'None chosen (the first website is used)');
    const website = websites.find((w) => w.id === value);
    return described(
      'Selected website',
      website ? website.name : `${String(value)} (not one of your websites)`,
    );
  }
  if (key === trackerStorage.queue) return described("Tracker's offline queue", describeQueue(entry.raw));
  if (key.startsWith(trackerStorage.viewedPagePrefix))
    return described('Tracker: page already counted this session', 'Yes');
  if (key === trackerStorage.visitorCookie) return described('Tracker visitor id', entry.raw);
  if (key === trackerStorage.sessionCookie) return described('Tracker session id', entry.raw);
  return described('OCX setting', entry.raw);
}
