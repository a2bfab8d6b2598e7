import type { InstallationFindingName } from '@ocx/contracts';
import { cspAllows } from './content-security-policy';

/** What the first-run check found on the page it fetched (a refused address is the server's to say). */
export type InstallationFinding = Exclude<InstallationFindingName, 'refused_address'>;

/** The fetched page as the check sees it. */
export interface FetchedPage {
  status: number;
  html: string;
  /** Every Content-Security-Policy header of the answer (a page may send several). */
  csp: string[];
}

export interface ExpectedSnippet {
  websiteId: string;
  /** Where the snippet loads the tracker from, e.g. https://analytics.example.com/t.js */
  scriptUrl: string;
  /** Where the tracker sends events, e.g. https://analytics.example.com/api/collect */
  collectUrl: string;
}

export interface InstallationDiagnosis {
  finding: InstallationFinding;
  /** The website id a foreign snippet carries, when finding is 'other_website'. */
  foundWebsiteId?: string;
}

const SCRIPT_TAG = /<script\b([^>]*)>/gi;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of tag.matchAll(ATTRIBUTE)) {
    const name = m[1]?.toLowerCase();
    if (name && !found.has(name)) found.set(name, m[2] ?? m[3] ?? m[4] ?? '');
  }
  return found;
}

/** The data-site of every script tag that loads this server's tracker (by its path). */
function snippetSites(html: string, scriptUrl: string): string[] {
  const scriptPath = new URL(scriptUrl).pathname;
  const sites: string[] = [];
  for (const match of html.matchAll(SCRIPT_TAG)) {
    const attrs = attributes(match[1] ?? '');
    const src = attrs.get('src');
    if (!src) continue;
    let path: string;
    try {
      path = new URL(src.replace(/&amp;/g, '&'), scriptUrl).pathname;
    } catch {
      continue;
    }
    if (path === scriptPath) sites.push(attrs.get('data-site') ?? '');
  }
  return sites;
}

/**
 * Why a site that has the snippet installed may still send nothing, read from its home page: the
 * page did not load, the tag is missing or carries another website's id, or the page's
 * Content-Security-Policy forbids loading the script or sending to the collect endpoint.
 */
export function diagnoseInstallation(
  page: FetchedPage | null,
  pageUrl: string,
  expected: ExpectedSnippet,
): InstallationDiagnosis {
  if (!page) return { finding: 'unreachable' };
  if (page.status >= 400) return { finding: 'http_error' };
  const sites = snippetSites(page.html, expected.scriptUrl);
  if (sites.length === 0) return { finding: 'snippet_missing' };
  if (!sites.includes(expected.websiteId)) {
    return { finding: 'other_website', foundWebsiteId: sites[0] ?? '' };
  }
  const every = (directive: 'script-src' | 'connect-src', url: string) =>
    page.csp.every((policy) => cspAllows(policy, directive, url, pageUrl));
  if (!every('script-src', expected.scriptUrl)) return { finding: 'csp_blocks_script' };
  if (!every('connect-src', expected.collectUrl)) return { finding: 'csp_blocks_collect' };
  return { finding: 'snippet_found' };
}
