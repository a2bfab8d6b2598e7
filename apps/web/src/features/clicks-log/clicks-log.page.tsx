import { LogPageGate } from '../../components/logs/log-page-gate';
import { screenTitle } from '../../components/screen-names';
import { ClicksLog } from './clicks-log';

const TITLE = screenTitle('/clicks-log');

export default function ClicksLogPage() {
  return (
    <LogPageGate title={TITLE}>
      {(website) => (
        <ClicksLog key={website.id} websiteId={website.id} title={TITLE} subtitle={website.name} />
      )}
    </LogPageGate>
  );
}
