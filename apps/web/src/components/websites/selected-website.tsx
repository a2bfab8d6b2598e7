import { useLocalStorage } from '@mantine/hooks';
import type { Website } from '@ocx/contracts';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useWebsites } from '../../api/queries/use-websites';
import { uiStorageKeys } from '../local-data/storage-keys';

interface SelectedWebsite {
  websites: Website[];
  /** The chosen website; the first one when none was chosen or the chosen one is gone. */
  website: Website | null;
  select(id: string): void;
  isLoading: boolean;
  error: Error | null;
}

const Context = createContext<SelectedWebsite | null>(null);

export function SelectedWebsiteProvider({ children }: { children: ReactNode }) {
  const query = useWebsites();
  const [storedId, setStoredId] = useLocalStorage<string | null>({
    key: uiStorageKeys.selectedWebsiteId,
    defaultValue: null,
    getInitialValueInEffect: false,
  });
  const value = useMemo<SelectedWebsite>(() => {
    const websites = query.data ?? [];
    return {
      websites,
      website: websites.find((w) => w.id === storedId) ?? websites[0] ?? null,
      select: setStoredId,
      isLoading: query.isPending,
      error: query.error,
    };
  }, [query.data, query.isPending, query.error, storedId, setStoredId]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useSelectedWebsite(): SelectedWebsite {
  const value = useContext(Context);
  if (!value) throw new Error('useSelectedWebsite needs SelectedWebsiteProvider');
  return value;
}
