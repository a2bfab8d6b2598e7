import { trackerStorage, uiStorageDefaults, uiStorageKeys } from '../../components/local-data/storage-keys';

export type StorageArea = 'localStorage' | 'sessionStorage' | 'cookie';

/** One item OCX keeps in this browser, as stored. */
export interface LocalEntry {
  area: StorageArea;
  key: string;
  raw: string;
}

/** The web app's keys (`ocx.`) and the tracker's (`_ocx_`), should the app's own pages be tracked. */
const isOcxKey = (key: string) => key.startsWith('ocx.') || key.startsWith('_ocx_');
const trackerCookies: string[] = [trackerStorage.visitorCookie, trackerStorage.sessionCookie];

function keysOf(storage: Storage): string[] {
  return Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
    (key): key is string => key !== null && isOcxKey(key),
  );
}

function cookies(): [string, string][] {
  return document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .filter(([name]) => name !== undefined && trackerCookies.includes(name))
    .map(([name, ...value]) => [name as string, decodeURIComponent(value.join('='))]);
}

/** Everything OCX keeps in this browser now, sorted by where and key. */
export function readLocalData(): LocalEntry[] {
  const stored = (area: 'localStorage' | 'sessionStorage') =>
    keysOf(window[area]).map((key) => ({ area, key, raw: window[area].getItem(key) ?? '' }));
  const byKey = (a: LocalEntry, b: LocalEntry) => a.key.localeCompare(b.key);
  return [
    ...stored('localStorage').sort(byKey),
    ...stored('sessionStorage').sort(byKey),
    ...cookies().map(([key, raw]) => ({ area: 'cookie' as const, key, raw })),
  ];
}

/**
 * Forgets what OCX keeps in this browser: preferences, the selected website, the tracker's queue,
 * marks and cookies (on this host and each parent domain the tracker may have set them on). The
 * app's open hooks hear their defaults, so the screen follows at once. The session cookie is
 * httpOnly and stays: signing out is the user menu's job.
 */
export function clearLocalData(): void {
  for (const area of ['localStorage', 'sessionStorage'] as const) {
    for (const key of keysOf(window[area])) window[area].removeItem(key);
  }
  const labels = location.hostname.split('.');
  const domains = [null, ...labels.map((_, i) => labels.slice(i).join('.'))];
  for (const name of trackerCookies) {
    for (const domain of domains) {
      // biome-ignore lint/suspicious/noDocumentCookie: the tracker writes these with document.cookie, and older Firefox and Safari lack the Cookie Store API.
      document.cookie = `${name}=; max-age=0; path=/${domain ? `; domain=${domain}` : ''}`;
    }
  }
  for (const [name, value] of Object.entries(uiStorageDefaults)) {
    const key = uiStorageKeys[name as keyof typeof uiStorageKeys];
    window.dispatchEvent(new CustomEvent('mantine-local-storage', { detail: { key, value } }));
  }
}
