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
          // The title is the spec's; the subtitle says whose clicks these are (every visitor's).
          subtitle={
            websites.length === 1
              ? "Every visitor's clicks on your website"
              : `Every visitor's clicks on all ${websites.length} of your websites`
          }
          websites={websites}
        />
      )}
    </LogPageGate>
  );
}
