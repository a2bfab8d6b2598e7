import { useLocation } from 'react-router';
import { screenAt } from '../components/screen-names';
import { useDocumentTitle } from '../components/use-document-title';
import { useSelectedWebsite } from '../components/websites/selected-website';

/**
 * The browser tab names the signed-in screen as its heading and the sidebar do, and the website whose
 * data it shows: 'Clicks Log — Demo Shop — OCX'. Set here for every screen, at once on navigation.
 */
export function ScreenDocumentTitle() {
  const screen = screenAt(useLocation().pathname);
  const { website } = useSelectedWebsite();
  useDocumentTitle(screen?.title ?? 'Page not found', screen?.perWebsite ? website?.name : null);
  return null;
}
