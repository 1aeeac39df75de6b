// SPEC §2 Route behaviour: the chat widget is on every page except the policy pages opened in mobile mode
// (ADR 027: the mobile app opens them in a web view with ?mobile=true, where a chat would cover the text).
export const POLICY_PATHS = ['/privacy-policy', '/use-policy-terms', '/data-deletion'];

export function isChatHidden(pathname: string, search: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return POLICY_PATHS.includes(path) && new URLSearchParams(search).get('mobile') === 'true';
}
