import { messages, type Website } from '@ocx/contracts';
import type { ReactNode } from 'react';
import { ErrorPanel } from '../error-panel';
import { SectionLoader } from '../full-page-loader';
import { PageHeader } from '../page-header';
import { useSelectedWebsite } from '../websites/selected-website';
import { NoLogWebsite } from './log-states';

/**
 * Shows a log once the selected website is known, and the spec's notice when there is none (the
 * selection falls back to the first website, so none means the user has no website at all).
 */
export function LogPageGate({
  title,
  children,
}: {
  title: string;
  children: (website: Website, websites: Website[]) => ReactNode;
}) {
  const { website, websites, isLoading, error } = useSelectedWebsite();
  if (isLoading) return <SectionLoader label="Loading..." />;
  if (error) {
    return (
      <>
        <PageHeader title={title} />
        <ErrorPanel message={messages.config.loadFailed} detail={error.message} />
      </>
    );
  }
  if (!website) return <NoLogWebsite title={title} />;
  return children(website, websites);
}
