import { formatCount } from '../../components/count-format';
import { LogPageGate } from '../../components/logs/log-page-gate';
import { screenTitle } from '../../components/screen-names';
import { ClicksLog } from './clicks-log';

const TITLE = screenTitle('/user-clicks-log');

/**
 * Spec §2 'Personal click activity': the Clicks Log across all of the user's websites. Named for what
 * it lists, every visitor's clicks on each of them, not the user's own clicks.
 */
export default function UserClicksLogPage() {
  return (
    <LogPageGate title={TITLE}>
      {(_, websites) => (
        <ClicksLog
          websiteId="all"
          title={TITLE}
          // The subtitle says whose clicks these are (every visitor's) and how many websites.
          subtitle={
            websites.length === 1
              ? "Every visitor's clicks on your website"
              : `Every visitor's clicks on all ${formatCount(websites.length)} of your websites`
          }
          websites={websites}
        />
      )}
    </LogPageGate>
  );
}
