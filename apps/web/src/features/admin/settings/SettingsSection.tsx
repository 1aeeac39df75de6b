import { useState } from 'react';
import { failureText, readApiFailure, UNREACHABLE_TEXT } from '../../../lib/api-failure.ts';
import { fieldReason } from '../forms/save-failure.ts';
import { SettingsForm, type SubmitResult } from './SettingsForm.tsx';
import { formFieldOf, settingsToForm, type SettingsFormOutput } from './settings-form.ts';
import { useAdminSettingsQuery, useSaveAdminSettingsMutation } from './settings-api.ts';

/** /admin/settings: every store setting; a save shows to shoppers at once. */
export default function SettingsSection() {
  const { data, isError, refetch } = useAdminSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [save] = useSaveAdminSettingsMutation();
  const [notice, setNotice] = useState<{ ok: boolean; text: string; stale?: boolean } | null>(null);

  async function submit(values: SettingsFormOutput): Promise<SubmitResult | void> {
    if (!data) return;
    try {
      await save({ ...values, version: data.version }).unwrap();
      setNotice({ ok: true, text: 'Settings saved. Shoppers see them now.' });
    } catch (error) {
      const failure = readApiFailure(error);
      const text = failureText(error, undefined, { unreachable: UNREACHABLE_TEXT });
      // Another admin saved since this page was read: the admin reloads to see their change first.
      if (failure.status === 409) return setNotice({ ok: false, text, stale: true });
      const field = failure.status === 400 ? formFieldOf(failure.field) : null;
      if (field) return { field, message: fieldReason(text) };
      setNotice({ ok: false, text });
    }
  }

  if (isError) {
    return (
      <section className="admin-panel">
        <p>We couldn't load the settings.</p>
        <button type="button" className="admin-button" onClick={() => void refetch()}>
          Try again
        </button>
      </section>
    );
  }
  if (!data) return <p role="status">Loading the settings…</p>;

  return (
    <div data-testid="admin-settings">
      <h2>Settings</h2>
      {notice && (
        <p role={notice.ok ? 'status' : 'alert'} className={`admin-result admin-result--${notice.ok ? 'ok' : 'error'}`}>
          {notice.text}{' '}
          {notice.stale && (
            <button type="button" className="admin-button" onClick={() => (setNotice(null), void refetch())}>
              Reload settings
            </button>
          )}
        </p>
      )}
      {/* A new version (after a save or a reload) starts the form from what is stored. */}
      <SettingsForm key={data.version} initial={settingsToForm(data)} onSubmit={submit} />
    </div>
  );
}
