import { LogPageGate } from '../../components/logs/log-page-gate';
import { ConversionsLog } from './conversions-log';

const TITLE = 'Conversions Log';

export default function ConversionsLogPage() {
  return (
    <LogPageGate title={TITLE}>
      {(website) => <ConversionsLog key={website.id} website={website} title={TITLE} />}
    </LogPageGate>
  );
}
