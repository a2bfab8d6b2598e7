import { LogPageGate } from '../../components/logs/log-page-gate';
import { ClicksLog } from './clicks-log';

const TITLE = 'Your Click Activity';

/** Spec §2 'Personal click activity': the Clicks Log across all of the user's websites. */
export default function UserClicksLogPage() {
  return (
    <LogPageGate title={TITLE}>
      {(_, websites) => (
        <ClicksLog
          websiteId="all"
          title={TITLE}
          subtitle={websites.length === 1 ? '1 website' : `All ${websites.length} websites`}
          websites={websites}
        />
      )}
    </LogPageGate>
  );
}
