import { useEffect, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { CHAT_CONVERSATION_KEY } from '@store/shared';
import { whenIdle } from '../../lib/when-idle.ts';
import { isChatHidden } from './chat-visibility.ts';
import type { ChatWidgetProps } from './ChatWidget.tsx';
import { LauncherButton } from './LauncherButton.tsx';
import './chat-launcher.css';

// The only part of the chat in the first load (ADR 027): a button. The widget's code (panel, calls, live
// connection) loads once the browser is idle when it has something to show at once (a signed-in shopper, whose
// agent may have answered, or a conversation this browser remembers); otherwise when the visitor reaches for
// the launcher (pointer, touch or focus: fetched by the time they click) or clicks it. A guest who never
// touches the chat never downloads it (issue 26).

let widgetLoad: Promise<ComponentType<ChatWidgetProps>> | null = null;
const loadWidget = () => {
  widgetLoad ??= import('./ChatWidget.tsx').then(
    (m) => m.ChatWidget,
    (error: unknown) => {
      // A failed load (a new release replaced the chunk) lets the next touch try again.
      widgetLoad = null;
      throw error;
    },
  );
  return widgetLoad;
};

function remembersConversation(): boolean {
  try {
    return window.localStorage.getItem(CHAT_CONVERSATION_KEY) !== null;
  } catch {
    return false;
  }
}

export function ChatLauncher({ token }: { token: string | null }) {
  const location = useLocation();
  const [Widget, setWidget] = useState<ComponentType<ChatWidgetProps> | null>(null);
  const [openRequested, setOpenRequested] = useState(false);

  useEffect(() => {
    if (!token && !remembersConversation()) return;
    return whenIdle(() => {
      loadWidget().then(
        (w) => setWidget(() => w),
        () => {},
      );
    });
  }, [token]);

  if (isChatHidden(location.pathname, location.search)) return null;
  if (Widget) return <Widget token={token} initiallyOpen={openRequested} />;
  return (
    <LauncherButton
      label="Open chat"
      onReach={() => void loadWidget().catch(() => {})}
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
