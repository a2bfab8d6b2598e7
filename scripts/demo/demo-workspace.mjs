// The demo shop's networks, landing pages and purchase funnel, created once (the screens count them
// from the visits the demo sends).
import { api } from './demo-http.mjs';

const NETWORKS = [
  { name: 'Google Ads', trackingParams: ['gclid'], sources: ['Search', 'Display', 'Shopping'] },
  { name: 'Facebook', trackingParams: ['fbclid'], sources: ['Social'] },
  { name: 'TikTok', trackingParams: ['ttclid'], sources: ['Social'] },
  { name: 'Newsletter', trackingParams: [], sources: ['Email'] },
];

const LANDING_PAGES = [
  { name: 'Spring sale', path: 'spring-sale', description: 'Seasonal offer for search traffic' },
  { name: 'Home', path: '', description: 'The shop front' },
  { name: 'About', path: 'about', description: 'Our story' },
  // The other campaigns' pages (demo-data.mjs), nested paths like most shops have.
  { name: 'Coffee collection', path: 'collections/coffee', description: 'Every coffee we roast' },
  { name: 'Pour-over kit', path: 'products/pour-over-kit', description: 'The kit the creators unbox' },
  { name: 'Pour-over guide', path: 'blog/pour-over-guide', description: 'The newsletter’s brewing guide' },
];

const FUNNEL = {
  name: 'Purchase funnel',
  description: 'From a product page to the order confirmation',
  steps: [
    { name: 'Product page', conditions: { path: '/products/' } },
    { name: 'Add to cart', conditions: { selector: '#add-to-cart' } },
    { name: 'Checkout', conditions: { path: '/checkout' } },
    { name: 'Thank you', conditions: { path: '/thank-you' } },
  ],
};

/** Creates what is missing by name; returns notes for the summary. */
export async function ensureWorkspace(siteId) {
  const notes = [];
  const base = `/api/websites/${siteId}`;
  const networks = await api('GET', `${base}/networks`);
  const newNetworks = NETWORKS.filter((n) => !networks.some((e) => e.name === n.name));
  for (const network of newNetworks) await api('POST', `${base}/networks`, network);
  notes.push(newNetworks.length ? `${newNetworks.length} networks created` : 'networks already there');

  const pages = await api('GET', `${base}/landing-pages`);
  const newPages = LANDING_PAGES.filter((p) => !pages.some((e) => e.name === p.name));
  for (const page of newPages) await api('POST', `${base}/landing-pages`, page);
  notes.push(newPages.length ? `${newPages.length} landing pages created` : 'landing pages already there');

  const funnels = await api('GET', `/api/funnels?website_id=${encodeURIComponent(siteId)}`);
  if (funnels.some((f) => f.name === FUNNEL.name)) notes.push('funnel already there');
  else {
    await api('POST', '/api/funnels', { website_id: siteId, ...FUNNEL });
    notes.push(`funnel '${FUNNEL.name}' created`);
  }
  return notes;
}
