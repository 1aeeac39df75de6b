import { useEffect, useRef, type ReactNode } from 'react';
import { ChatBubbleIcon } from './chat-icons.tsx';

// The chat's launcher button, one for the first load (ChatLauncher) and the widget: the icon, and on a phone
// the placement that keeps it off the page's buttons (launcher-placement.ts). The placement's code loads as
// the button mounts, not with the page (issue 26: the first load's budget); until it runs, the button is
// where the server's HTML had it, in its corner.

interface LauncherButtonProps {
  label: string;
  expanded?: boolean;
  onClick: () => void;
  /** The visitor is about to use it (pointer over, touch, focus): a chance to fetch what a click needs. */
  onReach?: () => void;
  children?: ReactNode;
}

export function LauncherButton({ label, expanded, onClick, onReach, children }: LauncherButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const launcher = ref.current;
    if (!launcher) return undefined;
    let stop: (() => void) | null = null;
    let unmounted = false;
    import('./launcher-placement.ts').then(
      ({ keepLauncherClear }) => {
        if (!unmounted) stop = keepLauncherClear(launcher);
      },
      // A chunk that failed to load (a new release replaced it) leaves the button in its corner.
      () => {},
    );
    return () => {
      unmounted = true;
      stop?.();
    };
  }, []);
  return (
    <button
      ref={ref}
      type="button"
      className="chat-launcher"
      aria-label={label}
      aria-expanded={expanded}
      onClick={onClick}
      onPointerEnter={onReach}
      onTouchStart={onReach}
      onFocus={onReach}
    >
      <ChatBubbleIcon />
      {children}
    </button>
  );
}
