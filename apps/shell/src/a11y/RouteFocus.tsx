import { focusMainHeading } from '@sopwright/ui/base';
import { useEffect, useRef } from 'react';
import { useLocation } from '@sopwright/web-client/base';
import { findRoute } from '../routing/route-table';
import { documentTitle } from './document-title';

/**
 * What a route change tells people who cannot see it: each page has its own document title,
 * and after a navigation focus moves to the new page's main heading (never left on <body>).
 * The first page load keeps the browser's own focus handling.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const route = findRoute(pathname);
    if (route.title) document.title = documentTitle(route.title);
    const moveFocus = !first.current;
    first.current = false;
    // An SOP is named by its heading; wait for it on every load, focus it only after a navigation.
    return focusMainHeading((heading) => {
      if (!route.title) document.title = documentTitle(heading.textContent?.trim() || 'SOP');
    }, moveFocus);
  }, [pathname]);
  return null;
}
