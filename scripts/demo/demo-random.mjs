// Deterministic randomness: the same DEMO_SEED makes the same visits (and event ids).
import { SEED } from './demo-config.mjs';

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const rand = mulberry32(0x0c5eed ^ (SEED * 2654435761));
export const int = (min, max) => min + Math.floor(rand() * (max - min + 1));
export const pick = (list) => list[Math.floor(rand() * list.length)];
export const chance = (p) => rand() < p;
export function weighted(list) {
  const total = list.reduce((sum, item) => sum + item.weight, 0);
  let r = rand() * total;
  for (const item of list) {
    r -= item.weight;
    if (r < 0) return item;
  }
  return list[list.length - 1];
}
const token = (length, alphabet) => Array.from({ length }, () => pick(alphabet)).join('');
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const CLICK_IDS = {
  gclid: () => `Cj0KCQiA${token(60, `${ALNUM}_-`)}`,
  fbclid: () => `IwAR${token(48, `${ALNUM}_-`)}`,
  // The shape TikTok sends today: E.C.P.<URL-safe base64>.
  ttclid: () => `E.C.P.${token(31, ALNUM)}`,
  msclkid: () => token(32, '0123456789abcdef'),
};
