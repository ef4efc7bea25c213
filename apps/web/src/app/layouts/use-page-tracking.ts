import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { refreshTrackingConsent, tracker } from '../../lib/tracking';

/**
 * Reports a page view for each route path the signed-in author sees (issue #15 "Tracking points"), after the
 * page's title is set (`usePageTitle` runs first in the layouts). The consent is read once the author is known.
 * @param signedIn true once the layout's user is loaded
 */
export function usePageTracking(signedIn: boolean): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (signedIn && tracker.consentState() === 'unknown') void refreshTrackingConsent();
  }, [signedIn]);
  useEffect(() => {
    if (signedIn) tracker.pageView({ path: pathname, pageTitle: document.title });
  }, [signedIn, pathname]);
}
