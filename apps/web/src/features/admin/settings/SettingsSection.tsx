import { useState } from 'react';
import { failureText, readApiFailure, UNREACHABLE_TEXT } from '../../../lib/api-failure.ts';
import { fieldReason } from '../forms/save-failure.ts';
import { Button, OutcomeMessage } from '../../../components/ui/index.ts';
import { SettingsForm, type SubmitResult } from './SettingsForm.tsx';
import { formFieldOf, settingsToForm, type SettingsFormOutput } from './settings-form.ts';
import { useAdminSettingsQuery, useSaveAdminSettingsMutation, type AdminSettingsData } from './settings-api.ts';

/** /admin/settings: every store setting; a save shows to shoppers at once. */
export default function SettingsSection() {
  const { data, isError, refetch } = useAdminSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [save] = useSaveAdminSettingsMutation();
  // Another admin saved since this page was read: the admin reloads to see their change first.
  const [stale, setStale] = useState<string | null>(null);
  // What this page saved last: the version the next section's Save sends, even before the list is read again.
  const [saved, setSaved] = useState<AdminSettingsData | null>(null);
  // A reload starts every section again from what is stored.
  const [reloads, setReloads] = useState(0);
  const current = saved ?? data;

  async function submit(values: SettingsFormOutput): Promise<SubmitResult | 'saved'> {
    try {
      setSaved(await save({ ...values, version: current!.version }).unwrap());
      return 'saved';
    } catch (error) {
      const failure = readApiFailure(error);
      const text = failureText(error, undefined, { unreachable: UNREACHABLE_TEXT });
      if (failure.status === 409) {
        setStale(text);
        return {};
      }
      const field = failure.status === 400 ? formFieldOf(failure.field) : null;
      return field ? { field, message: fieldReason(text) } : { message: text };
    }
  }

  /** Reads the settings again, then starts every section from them. */
  async function reload() {
    setStale(null);
    await refetch();
    setSaved(null);
    setReloads((n) => n + 1);
  }

  if (isError) {
    return (
      <section className="admin-panel">
        <p>We couldn't load the settings.</p>
        <Button variant="ghost" onClick={() => void refetch()}>
          Try again
        </Button>
      </section>
    );
  }
  if (!data || !current) return <p role="status">Loading the settings…</p>;

  return (
    <div data-testid="admin-settings">
      <h2>Settings</h2>
      {stale && (
        <OutcomeMessage tone="error">
          {stale}{' '}
          <Button variant="ghost" onClick={() => void reload()}>
            Reload settings
          </Button>
        </OutcomeMessage>
      )}
      {/* A reload, not a save, starts the form again: an unsaved edit in one section survives another's save. */}
      <SettingsForm key={reloads} stored={settingsToForm(current)} onSave={submit} />
    </div>
  );
}
