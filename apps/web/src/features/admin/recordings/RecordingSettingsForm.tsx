import { useEffect, useState, type FormEvent } from 'react';
import type { RecordingSettings } from '@store/shared';
import { readSaveFailure } from '../forms/save-failure.ts';
import { useRecordingSettingsQuery, useSaveRecordingSettingsMutation } from './recordings-api.ts';
import { Button } from '../../../components/ui/index.ts';

const FIELDS = { samplePercent: 'samplePercent', retentionDays: 'retentionDays' } as const;
type Field = keyof typeof FIELDS;

/** The share of browser sessions recorded (0 to 100 %) and how long recordings are kept (1 to 365 days). */
export function RecordingSettingsForm() {
  const { data } = useRecordingSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [save, { isLoading }] = useSaveRecordingSettingsMutation();
  const [form, setForm] = useState({ samplePercent: '', retentionDays: '' });
  const [problem, setProblem] = useState<{ field?: Field; message: string } | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (data) setForm({ samplePercent: String(data.samplePercent), retentionDays: String(data.retentionDays) });
  }, [data]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    setProblem(null);
    const next: RecordingSettings = { samplePercent: Number(form.samplePercent), retentionDays: Number(form.retentionDays) };
    try {
      await save(next).unwrap();
      setSaved(true);
    } catch (error) {
      const { field, message } = readSaveFailure<Field>(error, FIELDS);
      setProblem({ field, message });
    }
  }

  return (
    <section className="admin-panel" style={{ marginTop: 16 }}>
      <h3>Recording settings</h3>
      <form className="admin-form" aria-label="Recording settings" onSubmit={(event) => void submit(event)}>
        <label>
          Sessions recorded (%)
          <input
            name="samplePercent"
            type="number"
            min={0}
            max={100}
            step={1}
            required
            value={form.samplePercent}
            aria-invalid={problem?.field === 'samplePercent'}
            onChange={(event) => setForm({ ...form, samplePercent: event.target.value })}
          />
        </label>
        <label>
          Kept for (days)
          <input
            name="retentionDays"
            type="number"
            min={1}
            max={365}
            step={1}
            required
            value={form.retentionDays}
            aria-invalid={problem?.field === 'retentionDays'}
            onChange={(event) => setForm({ ...form, retentionDays: event.target.value })}
          />
        </label>
        <Button type="submit" variant="ghost" disabled={isLoading || !data}>
          Save
        </Button>
      </form>
      {problem && <p role="alert">{problem.message}</p>}
      {saved && <p role="status">Saved. New browser sessions follow these settings.</p>}
    </section>
  );
}
