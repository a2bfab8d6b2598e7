import { messages, type Website } from '@ocx/contracts';
import type { ReactNode } from 'react';
import { ErrorPanel } from '../error-panel';
import { SectionLoader } from '../full-page-loader';
import { NoWebsiteSelected } from '../no-website-selected';
import { PageHeader } from '../page-header';
import { useSelectedWebsite } from '../websites/selected-website';

/** A workspace screen once the selected website is known; the no-website state otherwise. */
export function WorkspaceGate({
  title,
  loadingLabel = 'Loading...',
  children,
}: {
  title: string;
  loadingLabel?: string;
  children: (website: Website) => ReactNode;
}) {
  const { website, isLoading, error } = useSelectedWebsite();
  if (isLoading) return <SectionLoader label={loadingLabel} />;
  if (error)
    return (
      <>
        <PageHeader title={title} />
        <ErrorPanel message={messages.config.loadFailed} detail={error.message} />
      </>
    );
  if (!website)
    return (
      <>
        <PageHeader title={title} />
        <NoWebsiteSelected />
      </>
    );
  return children(website);
}
