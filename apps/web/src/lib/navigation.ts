// Code outside React (the shared error handler, sign-out) must be able to change the route. The router
// registers itself here at start; until then (and in a bare page) a full navigation is the fallback.
type NavigateFn = (to: string) => void;

let navigateImpl: NavigateFn = (to) => window.location.assign(to);

export function setNavigate(fn: NavigateFn): void {
  navigateImpl = fn;
}

export function navigateTo(to: string): void {
  navigateImpl(to);
}
