import { useEffect } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router';

let navigate: NavigateFunction | null = null;

/** Lends the router's navigate to code outside React (the query cache's "session ended" handler). */
export function NavigationBridge() {
  const routerNavigate = useNavigate();
  useEffect(() => {
    navigate = routerNavigate;
    return () => {
      navigate = null;
    };
  }, [routerNavigate]);
  return null;
}

export function navigateOutsideReact(to: string): void {
  if (navigate) navigate(to, { replace: true });
  else window.location.assign(to);
}
