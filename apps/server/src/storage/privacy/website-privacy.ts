import { ConsentMode, type Privacy } from '@ocx/contracts';
import type { WebsiteRow } from '../websites/website.repository';

/** The website's privacy settings from its columns; an unknown stored mode reads as the stricter 'require'. */
export function privacyOf(
  row: Pick<WebsiteRow, 'consent_mode' | 'respect_dnt' | 'retention_months'>,
): Privacy {
  const mode = ConsentMode.safeParse(row.consent_mode);
  return {
    consentMode: mode.success ? mode.data : 'require',
    respectDnt: Number(row.respect_dnt) === 1,
    retentionMonths: Number(row.retention_months),
  };
}
