import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { Button, Checkbox, ConfirmDialog, FilePicker, OutcomeMessage, Pager, PasswordField, SelectField, TextField } from './index.ts';

function ZipForm({ error, hint }: { error?: string; hint?: string }) {
  const { register } = useForm<{ zip: string; state: string; adult: boolean }>();
  return (
    <form>
      <TextField label="ZIP code" registration={register('zip')} error={error} hint={hint} />
      <SelectField
        label="State"
        registration={register('state')}
        options={[{ value: 'NY', label: 'New York' }]}
        placeholder="Choose a state"
      />
      <Checkbox registration={register('adult')} error={error ? 'Confirm that you are 18 or older.' : undefined}>
        I am 18 or older
      </Checkbox>
    </form>
  );
}

function Password() {
  const { register } = useForm<{ password: string }>();
  return <PasswordField label="Password" autoComplete="new-password" registration={register('password')} />;
}

describe('the shared UI layer', () => {
  it("reads a field's hint and message with it, and names the field in a schema's message", () => {
    render(<ZipForm error="must be 5 digits" hint="The one on your card's statement." />);
    const zip = screen.getByLabelText('ZIP code');
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(zip).toHaveAccessibleDescription("The one on your card's statement. ZIP code must be 5 digits.");
    expect(screen.getByLabelText('State')).toHaveDisplayValue('Choose a state');
    expect(screen.getByLabelText('I am 18 or older')).toHaveAccessibleDescription('Confirm that you are 18 or older.');
  });

  it('leaves a valid field unmarked, with no description', () => {
    render(<ZipForm />);
    expect(screen.getByLabelText('ZIP code')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('ZIP code')).not.toHaveAttribute('aria-describedby');
  });

  it('shows and hides a password on request', async () => {
    const user = userEvent.setup();
    render(<Password />);
    const field = screen.getByLabelText('Password');
    expect(field).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(field).toHaveAttribute('type', 'password');
  });

  it('asks before a change: Escape and Cancel cancel, the confirm button confirms, and busy disables both', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { rerender } = render(
      <ConfirmDialog
        title="Delete Visa ending 1111?"
        confirmLabel="Delete"
        cancelLabel="Keep it"
        danger
        onConfirm={onConfirm}
        onCancel={onCancel}
      >
        You can add it again later.
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete Visa ending 1111?' });
    expect(dialog).toHaveTextContent('You can add it again later.');
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    expect(onCancel).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    rerender(<ConfirmDialog title="Delete Visa ending 1111?" confirmLabel="Delete" busy onConfirm={onConfirm} onCancel={onCancel} />);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('pages without a total: Previous off on the first page, Next off on the last', async () => {
    const user = userEvent.setup();
    const onPage = vi.fn();
    const { rerender } = render(<Pager page={1} hasMore onPage={onPage} label="Orders pages" />);
    expect(screen.getByRole('navigation', { name: 'Orders pages' })).toHaveTextContent('Page 1');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
    rerender(<Pager page={2} hasMore={false} onPage={onPage} label="Orders pages" />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPage).toHaveBeenLastCalledWith(1);
  });

  it('announces an error at once and a confirmation politely', () => {
    render(
      <>
        <OutcomeMessage tone="error">The card was declined.</OutcomeMessage>
        <OutcomeMessage tone="success">Saved.</OutcomeMessage>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The card was declined.');
    expect(screen.getByRole('status')).toHaveTextContent('Saved.');
  });

  it('picks a file through a button of the store, the field named, its hint and error read with it', async () => {
    const user = userEvent.setup();
    const chosen: string[] = [];
    render(
      <FilePicker
        label="CSV of codes"
        buttonText="Choose a file"
        accept=".csv"
        onChange={(event) => chosen.push(event.target.files![0]!.name)}
        hint="One code a row."
        error="This file is too large."
        chosen="codes.csv"
      />,
    );
    const input = screen.getByLabelText('CSV of codes');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleDescription('One code a row. This file is too large.');
    expect(screen.getByText('codes.csv')).toBeInTheDocument();
    await user.upload(input, new File(['ABCD-1234'], 'more.csv', { type: 'text/csv' }));
    expect(chosen).toEqual(['more.csv']);
  });

  it('a busy button is disabled, marked busy and says what it is doing', () => {
    render(
      <Button busy busyLabel="Saving…">
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Saving…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('type', 'button');
  });
});
