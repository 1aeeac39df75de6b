import { useEffect, useRef, type ReactNode } from 'react';
import { ChatBubbleIcon } from './chat-icons.tsx';
import { keepLauncherClear } from './launcher-placement.ts';

// The chat's launcher button, one for the first load (ChatLauncher) and the widget: the icon, and on a phone
// the placement that keeps it off the page's buttons (launcher-placement.ts).

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
  useEffect(() => (ref.current ? keepLauncherClear(ref.current) : undefined), []);
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
