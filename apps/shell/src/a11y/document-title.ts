const APP_NAME = 'Sopwright';

/** "Dashboard · Sopwright"; the landing page's title already names the product. */
export function documentTitle(pageTitle: string): string {
  return pageTitle.startsWith(APP_NAME) ? pageTitle : `${pageTitle} · ${APP_NAME}`;
}
