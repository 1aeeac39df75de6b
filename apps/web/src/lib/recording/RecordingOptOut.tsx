import { useEffect, useState } from 'react';
import { useRecordingConfigQuery, useRecordingOptOutMutation } from './api.ts';
import { isOptedOut, setOptedOut } from './session.ts';

// The shopper's switch for session recording (ADR 028). The choice is kept on this browser at once; a
// signed-in shopper's (the config then carries their server-side choice) also on the server, so it
// holds on every device they sign in on. A component in lib/ because the privacy policy (content) and
// the profile page (profile) both show it, and a feature never imports another.
export function RecordingOptOut() {
  const { data: config, isLoading } = useRecordingConfigQuery();
  const [saveOnServer] = useRecordingOptOutMutation();
  // Unknown on the server (the page may be rendered there): read from this browser once mounted.
  const [optedOut, setChecked] = useState<boolean | null>(null);
  useEffect(() => setChecked(isOptedOut() || config?.optedOut === true), [config?.optedOut]);

  const change = (next: boolean) => {
    setChecked(next);
    setOptedOut(next);
    // Only a signed-in shopper has a server-side choice (a guest's config says null).
    if (config && config.optedOut !== null) void saveOnServer(next);
  };

  return (
    <label className="recording-opt-out">
      <input
        type="checkbox"
        checked={optedOut ?? false}
        // Until the config answers, a change could not be saved on the server: the shopper's choice
        // would hold on this browser only, and their other devices would go on recording.
        disabled={optedOut === null || isLoading}
        onChange={(event) => change(event.target.checked)}
        data-testid="recording-opt-out"
      />{' '}
      Do not record my sessions on this store
    </label>
  );
}

/** How long recordings are kept, from the store's settings; a quiet placeholder while it loads. */
export function RecordingRetention() {
  const { data: config } = useRecordingConfigQuery();
  if (!config) return <span className="text-skeleton" aria-label="Retention loading" />;
  return <>{config.retentionDays === 1 ? '1 day' : `${config.retentionDays} days`}</>;
}
