// Addresses kept in a recording lose what could let someone in: the query (an e-mail confirmation or
// sign-in code may ride there) except the order a payment page is about, the hash, and the token of a
// password-reset link.
export function scrubHref(href: string): string {
  try {
    const url = new URL(href);
    const orderId = url.searchParams.get('orderId');
    url.search = orderId ? `?orderId=${encodeURIComponent(orderId)}` : '';
    url.hash = '';
    url.pathname = url.pathname.replace(/^\/new-password\/[^/]+/, '/new-password/:id');
    return url.href;
  } catch {
    return '';
  }
}
