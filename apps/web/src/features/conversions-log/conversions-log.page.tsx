import { LogPageGate } from '../../components/logs/log-page-gate';
import { screenTitle } from '../../components/screen-names';
import { ConversionsLog } from './conversions-log';

const TITLE = screenTitle('/conversions-log');

export default function ConversionsLogPage() {
  return (
    <LogPageGate title={TITLE}>
      {(website) => <ConversionsLog key={website.id} website={website} title={TITLE} />}
    </LogPageGate>
  );
}
