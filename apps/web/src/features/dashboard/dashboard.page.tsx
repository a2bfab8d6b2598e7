import { SectionLoader } from '../../components/full-page-loader';
import { NoWebsiteSelected } from '../../components/no-website-selected';
import { NotBuilt } from '../../components/not-built';
import { PageHeader } from '../../components/page-header';
import { useSelectedWebsite } from '../websites/selected-website';

export default function DashboardPage() {
  const { website, isLoading } = useSelectedWebsite();
  if (isLoading) return <SectionLoader label="Loading analytics data..." />;
  if (!website) {
    return (
      <>
        <PageHeader title="Analytics Dashboard" subtitle="Unknown" />
        <NoWebsiteSelected />
      </>
    );
  }
  return <NotBuilt title="Analytics Dashboard" subtitle={website.name} />;
}
