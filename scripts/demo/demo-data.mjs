// The demo shop: goals, campaigns, catalogue, pages, visitors' devices, countries and sources.
import { SHOP } from './demo-config.mjs';

// The thank-you page follows each purchase event, which brings the order's value: a value on the
// page too would count every order twice (docs/definitions.md#valued-goals-that-overlap).
export const GOALS = [
  { name: 'Thank you page', type: 'pageview', conditions: { path: '/thank-you' }, value: null },
  { name: 'Add to cart', type: 'click', conditions: { selector: '#add-to-cart' } },
  { name: 'Purchase', type: 'event', conditions: { event: 'purchase' } },
];

export const CAMPAIGNS = [
  {
    key: 'google',
    body: {
      name: 'Spring Search',
      network: 'Google Ads',
      source: 'Search',
      landingPage: `${SHOP}/spring-sale`,
      utmParams: { source: 'google', medium: 'cpc', campaign: 'spring-search', term: 'specialty coffee' },
    },
  },
  {
    key: 'facebook',
    body: {
      name: 'Summer Social',
      network: 'Facebook',
      source: 'Social',
      landingPage: `${SHOP}/collections/coffee`,
      utmParams: { source: 'facebook', medium: 'paid_social', campaign: 'summer-social' },
    },
  },
  {
    key: 'tiktok',
    body: {
      name: 'TikTok Creators',
      network: 'TikTok',
      source: 'Social',
      landingPage: `${SHOP}/products/pour-over-kit`,
      utmParams: { source: 'tiktok', medium: 'paid_social', campaign: 'creators', content: 'unboxing-video' },
    },
  },
  {
    key: 'newsletter',
    body: {
      name: 'Weekly Newsletter',
      network: 'Newsletter',
      source: 'Email',
      landingPage: `${SHOP}/blog/pour-over-guide`,
      utmParams: { source: 'newsletter', medium: 'email', campaign: 'weekly-brew' },
    },
  },
];

export const PRODUCTS = [
  { path: '/products/ethiopia-yirgacheffe', title: 'Ethiopia Yirgacheffe, 250 g', price: 16.5 },
  { path: '/products/colombia-huila', title: 'Colombia Huila, 250 g', price: 14.9 },
  { path: '/products/house-espresso-blend', title: 'House Espresso Blend, 1 kg', price: 39 },
  { path: '/products/hand-grinder', title: 'Hand Grinder', price: 89 },
  { path: '/products/pour-over-kit', title: 'Pour-over Kit', price: 59 },
  { path: '/products/gooseneck-kettle', title: 'Gooseneck Kettle', price: 69 },
];
const PAGES = [
  { path: '/', title: 'Demo Shop — specialty coffee' },
  { path: '/collections/coffee', title: 'Coffee — Demo Shop' },
  { path: '/collections/equipment', title: 'Equipment — Demo Shop' },
  { path: '/blog/pour-over-guide', title: 'The pour-over guide — Demo Shop' },
  { path: '/blog/espresso-at-home', title: 'Espresso at home — Demo Shop' },
  { path: '/about', title: 'About us — Demo Shop' },
  { path: '/faq', title: 'FAQ — Demo Shop' },
  { path: '/spring-sale', title: 'Spring sale — Demo Shop' },
];
export const TITLES = new Map(
  [
    ...PAGES,
    ...PRODUCTS.map((p) => ({ path: p.path, title: `${p.title} — Demo Shop` })),
    { path: '/cart', title: 'Cart — Demo Shop' },
    { path: '/checkout', title: 'Checkout — Demo Shop' },
    { path: '/thank-you', title: 'Thank you for your order — Demo Shop' },
  ].map((p) => [p.path, p.title]),
);

export const USER_AGENTS = {
  desktop: [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
    'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  ],
  mobile: [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1.1 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Linux; Android 14; SM-S928B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Pro) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36',
    'Mozilla/5.0 (Linux; Android 13; SM-G991B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
    'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
  ],
  tablet: [
    'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Linux; Android 12; Lenovo TB-J606F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 Safari/537.36',
  ],
};

/** Address blocks that the bundled DB-IP country database places in each country. */
export const COUNTRIES = [
  { code: 'US', weight: 28, blocks: ['24.30', '73.15', '98.210'], currency: 'USD' },
  { code: 'DE', weight: 12, blocks: ['85.214', '46.4', '91.64'], currency: 'EUR' },
  { code: 'GB', weight: 10, blocks: ['86.128', '92.40'], currency: 'GBP' },
  { code: 'FR', weight: 7, blocks: ['90.0', '82.64'], currency: 'EUR' },
  { code: 'CA', weight: 6, blocks: ['142.112', '70.24'], currency: 'CAD' },
  { code: 'IN', weight: 6, blocks: ['117.192', '49.36'], currency: 'USD' },
  { code: 'BR', weight: 5, blocks: ['177.0', '189.40'], currency: 'USD' },
  { code: 'NL', weight: 4, blocks: ['145.53', '84.104'], currency: 'EUR' },
  { code: 'ES', weight: 4, blocks: ['83.32', '88.0'], currency: 'EUR' },
  { code: 'IT', weight: 4, blocks: ['79.20', '93.40'], currency: 'EUR' },
  { code: 'AU', weight: 4, blocks: ['1.120', '101.160'], currency: 'AUD' },
  { code: 'JP', weight: 3, blocks: ['126.0', '60.100'], currency: 'USD' },
  { code: 'PL', weight: 3, blocks: ['83.0'], currency: 'EUR' },
  { code: 'SE', weight: 2, blocks: ['78.64'], currency: 'EUR' },
  { code: 'MX', weight: 2, blocks: ['187.140'], currency: 'USD' },
];

/** Where a session comes from; `campaign` keys refer to CAMPAIGNS. */
export const SOURCES = [
  { key: 'google-ads', weight: 16, campaign: 'google', clickId: 'gclid' },
  { key: 'facebook-ads', weight: 11, campaign: 'facebook', clickId: 'fbclid' },
  { key: 'tiktok-ads', weight: 7, campaign: 'tiktok', clickId: 'ttclid' },
  { key: 'newsletter', weight: 7, campaign: 'newsletter' },
  { key: 'bing-ads', weight: 4, clickId: 'msclkid' },
  { key: 'organic-google', weight: 14, referrer: ['https://www.google.com/', 'https://www.google.de/'] },
  { key: 'organic-bing', weight: 4, referrer: ['https://www.bing.com/'] },
  { key: 'organic-duckduckgo', weight: 3, referrer: ['https://duckduckgo.com/'] },
  {
    key: 'social',
    weight: 9,
    referrer: [
      'https://l.facebook.com/',
      'https://l.instagram.com/',
      'https://t.co/3xAmpl3',
      'https://www.reddit.com/r/Coffee/',
      'https://www.youtube.com/',
      'https://www.linkedin.com/',
    ],
  },
  { key: 'webmail', weight: 3, referrer: ['https://mail.google.com/', 'https://outlook.live.com/'] },
  {
    key: 'referral',
    weight: 7,
    referrer: [
      'https://www.coffeereview.example/best-grinders',
      'https://brewing-forum.example/t/pour-over',
      'https://www.producthunt.com/',
      'https://news.ycombinator.com/',
    ],
  },
  { key: 'direct', weight: 15 },
];
