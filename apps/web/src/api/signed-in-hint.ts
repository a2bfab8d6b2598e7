import { uiStorageKeys } from '../components/local-data/storage-keys';

/** This browser's last word on the session: signed in (a mark kept) or not (none). */
export function signedInHere(): boolean {
  return localStorage.getItem(uiStorageKeys.signedInHere) === 'true';
}

export function rememberSignedIn(signedIn: boolean): void {
  if (signedIn) localStorage.setItem(uiStorageKeys.signedInHere, 'true');
  else localStorage.removeItem(uiStorageKeys.signedInHere);
}
