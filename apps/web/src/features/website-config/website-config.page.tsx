import { messages } from '@ocx/contracts';
import { ErrorPanel } from '../../components/error-panel';
import { SectionLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { useScrollToHash } from '../../components/use-scroll-to-hash';
import { useSelectedWebsite } from '../../components/websites/selected-website';
import { WebsiteConfigForm } from './website-config-form';

export default function WebsiteConfigPage() {
  const { website, isLoading, error } = useSelectedWebsite();
  useScrollToHash(!isLoading && !error);
  if (isLoading) return <SectionLoader label="Loading configuration..." />;
  if (error) {
    return (
      <>
        <PageHeader title="Website Configuration" />
        <ErrorPanel message={messages.config.loadFailed} detail={error.message} />
      </>
    );
  }
  // A fresh form per website, so switching websites never carries unsaved edits across.
  return <WebsiteConfigForm key={website?.id ?? 'new'} website={website} />;
}
