import { useEffect, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { isChatHidden } from './chat-visibility.ts';
import type { ChatWidgetProps } from './ChatWidget.tsx';
import { LauncherButton } from './LauncherButton.tsx';
import './chat-launcher.css';

// The only part of the chat in the first load (ADR 027): a button. The widget's code (panel, calls, live
// connection) is fetched once the browser is idle after load, or at the first click, whichever comes first.

const IDLE_TIMEOUT_MS = 5_000;
let widgetLoad: Promise<ComponentType<ChatWidgetProps>> | null = null;
const loadWidget = () => (widgetLoad ??= import('./ChatWidget.tsx').then((m) => m.ChatWidget));

function whenIdle(run: () => void): () => void {
  let cancelled = false;
  const go = () => !cancelled && run();
  const idle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(go, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(go, 1_000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
  };
}

export function ChatLauncher({ token }: { token: string | null }) {
  const location = useLocation();
  const [Widget, setWidget] = useState<ComponentType<ChatWidgetProps> | null>(null);
  const [openRequested, setOpenRequested] = useState(false);

  useEffect(
    () =>
      whenIdle(() => {
        loadWidget().then(
          (w) => setWidget(() => w),
          () => {},
        );
      }),
    [],
  );

  if (isChatHidden(location.pathname, location.search)) return null;
  if (Widget) return <Widget token={token} initiallyOpen={openRequested} />;
  return (
    <LauncherButton
      label="Open chat"
      onClick={() => {
        setOpenRequested(true);
        loadWidget().then(
          (w) => setWidget(() => w),
          () => setOpenRequested(false),
        );
      }}
    />
  );
}
