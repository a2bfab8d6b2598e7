import { extras, type Ocx } from './extras';

// x.js: the tracker appends it after its config, once window.ocx is set.
try {
  extras((window as unknown as { ocx: Ocx }).ocx);
} catch {
  // Never break the host page.
}
