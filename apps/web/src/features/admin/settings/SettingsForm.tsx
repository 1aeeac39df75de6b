import { useState, type ReactNode } from 'react';
import { useForm, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CARD_ROUTE_KINDS, PAYMENT_METHOD_KINDS, US_REGIONS, US_STATES, type CardRouteKind } from '@store/shared';
import { Button, Checkbox, OutcomeMessage, SelectField, TableScroll, TextAreaField, TextField } from '../../../components/ui/index.ts';
import { settingsForm, type SettingsFormOutput, type SettingsFormValues } from './settings-form.ts';
import { SETTINGS_SECTIONS, sectionFieldPaths, sectionUpdate, type SettingsSectionSpec } from './settings-sections.ts';

export interface SubmitResult {
  field?: string;
  message?: string;
}

interface Props {
  /** What is stored now: the page's starting values, and what a section's Save sends for the other sections. */
  stored: SettingsFormValues;
  /** Saves one section's update; answers a refusal to show (a field the server named, or a message). */
  onSave: (values: SettingsFormOutput) => Promise<SubmitResult | 'saved'>;
}

const PAYMENT_LABELS: Record<(typeof PAYMENT_METHOD_KINDS)[number], string> = {
  card: 'Card',
  saved_card: 'Saved card',
  bank_account: 'Bank account (ACH)',
  cashier: 'Cashier',
  stripe_card: 'Stripe card',
  cash_app: 'Cash App',
  square_card: 'Square card',
  embedded_checkout: 'Embedded checkout',
};

/** Who may take a new card on the pay page: the shopper sees one card form either way (issue 24). */
const CARD_ROUTE_LABELS: Record<CardRouteKind, string> = {
  card: 'Nuvei (card fields on our pay page)',
  stripe_card: 'Stripe',
  square_card: 'Square',
  cashier: "Nuvei's hosted payment page",
};
const routeOptions = CARD_ROUTE_KINDS.map((kind) => ({ value: kind, label: CARD_ROUTE_LABELS[kind] }));

type Form = UseFormReturn<SettingsFormValues, unknown, SettingsFormOutput>;

/**
 * Every store setting an admin edits, in sections with a Save each (issue 24): labels beside their inputs, a
 * section's outcome shown in it. One form state holds them all, so an unsaved edit in one section survives a
 * save of another.
 */
export function SettingsForm({ stored, onSave }: Props) {
  const form = useForm<SettingsFormValues, unknown, SettingsFormOutput>({ resolver: zodResolver(settingsForm), defaultValues: stored });
  return (
    <div className="admin-settings">
      {SETTINGS_SECTIONS.map((section) => (
        <SettingsSectionForm key={section.id} section={section} form={form} stored={stored} onSave={onSave}>
          {sectionFields(section.id, form)}
        </SettingsSectionForm>
      ))}
    </div>
  );
}

function SettingsSectionForm({
  section,
  form,
  stored,
  onSave,
  children,
}: {
  section: SettingsSectionSpec;
  form: Form;
  stored: SettingsFormValues;
  onSave: Props['onSave'];
  children: ReactNode;
}) {
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const titleId = `settings-${section.id}-title`;

  async function save() {
    setOutcome(null);
    // This section's checks only: another section's mistake does not hold this one back.
    if (!(await form.trigger(sectionFieldPaths(section) as FieldPath<SettingsFormValues>[], { shouldFocus: true }))) return;
    const checked = sectionUpdate(section, stored, form.getValues());
    if (!checked.ok) {
      for (const issue of checked.issues) form.setError(issue.field as FieldPath<SettingsFormValues>, { message: issue.message });
      return setOutcome({ ok: false, text: 'Check the fields marked above.' });
    }
    setSaving(true);
    try {
      const answer = await onSave(checked.update);
      if (answer === 'saved') return setOutcome({ ok: true, text: 'Saved. Shoppers see it now.' });
      if (answer.field) form.setError(answer.field as FieldPath<SettingsFormValues>, { message: answer.message }, { shouldFocus: true });
      else if (answer.message) setOutcome({ ok: false, text: answer.message });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="admin-panel admin-settings__section"
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      noValidate
    >
      <h3 id={titleId}>{section.title}</h3>
      {children}
      <div className="admin-settings__actions">
        {outcome ? <OutcomeMessage tone={outcome.ok ? 'success' : 'error'}>{outcome.text}</OutcomeMessage> : null}
        <Button type="submit" busy={saving} busyLabel="Saving…">
          {section.save}
        </Button>
      </div>
    </form>
  );
}

/** The inputs of one section. */
function sectionFields(id: SettingsSectionSpec['id'], { register, formState: { errors } }: Form): ReactNode {
  const beside = 'beside' as const;
  switch (id) {
    case 'company':
      return (
        <>
          <TextField layout={beside} label="Company name" registration={register('companyName')} error={errors.companyName?.message} />
          <TextAreaField
            layout={beside}
            label="Company description"
            rows={4}
            registration={register('companyDescription')}
            error={errors.companyDescription?.message}
          />
          <TextAreaField
            layout={beside}
            label="Address"
            rows={4}
            hint="One line per row."
            registration={register('addressLines')}
            error={errors.addressLines?.message}
          />
          <TextField layout={beside} label="Phone" registration={register('phone')} error={errors.phone?.message} />
          <TextField
            layout={beside}
            label="Support e-mail"
            type="email"
            registration={register('supportEmail')}
            error={errors.supportEmail?.message}
          />
        </>
      );
    case 'apps':
      return (
        <>
          <TextField
            layout={beside}
            label="iOS app link"
            type="url"
            registration={register('iosAppUrl')}
            error={errors.iosAppUrl?.message}
          />
          <TextField
            layout={beside}
            label="Latest iOS version"
            registration={register('iosLatestVersion')}
            error={errors.iosLatestVersion?.message}
          />
          <TextField
            layout={beside}
            label="Android app link"
            type="url"
            registration={register('androidAppUrl')}
            error={errors.androidAppUrl?.message}
          />
          <TextField
            layout={beside}
            label="Latest Android version"
            registration={register('androidLatestVersion')}
            error={errors.androidLatestVersion?.message}
          />
        </>
      );
    case 'coins':
      return (
        <>
          <TextField
            layout={beside}
            label="Coins per dollar"
            inputMode="numeric"
            registration={register('coinsPerDollar')}
            error={errors.coinsPerDollar?.message}
          />
          <TextField
            layout={beside}
            label="Transaction limit ($)"
            inputMode="decimal"
            hint="The largest order total."
            registration={register('transactionLimit')}
            error={errors.transactionLimit?.message}
          />
        </>
      );
    case 'countries':
      return (
        <TextAreaField
          layout={beside}
          label="Blocked countries and regions"
          hint="Every country may use the store except those blocked here. ISO codes separated by commas: CU, IR, or a region such as UA-43."
          registration={register('blockedCountries')}
          error={errors.blockedCountries?.message}
        />
      );
    case 'payments':
      return (
        <>
          <fieldset className="admin-settings__choices">
            <legend>Offered on the pay page</legend>
            {PAYMENT_METHOD_KINDS.map((kind) => (
              <Checkbox key={kind} value={kind} registration={register('enabledPaymentMethods')}>
                {PAYMENT_LABELS[kind]}
              </Checkbox>
            ))}
          </fieldset>
          <p className="admin-settings__note">
            Shoppers see one card form. The primary provider takes new cards; after three payments it does not answer, the fallback takes
            them for five minutes. A provider must also be offered above. Saved cards stay with the provider that saved them.
          </p>
          <SelectField
            layout={beside}
            label="Primary card provider"
            options={routeOptions}
            registration={register('cardPrimary')}
            error={errors.cardPrimary?.message}
          />
          <SelectField
            layout={beside}
            label="Fallback during an outage"
            options={[{ value: '', label: 'None' }, ...routeOptions]}
            registration={register('cardFallback')}
            error={errors.cardFallback?.message}
          />
        </>
      );
    case 'states':
      return (
        <>
          <p className="admin-settings__note">
            Purchases are allowed from the states ticked here; the rate is the sales tax added to an order from that state (empty is none).
          </p>
          <div className="admin-settings__regions">
            {US_REGIONS.map((region) => (
              <TableScroll key={region} label={`${region} states`}>
                <table className="admin-table admin-settings__states">
                  <caption>{region}</caption>
                  <thead>
                    <tr>
                      <th scope="col">State allowed</th>
                      <th scope="col">Tax (%)</th>
                    </tr>
                  </thead>
                  <tbody>
                    {US_STATES.filter((s) => s.region === region).map((s) => (
                      <tr key={s.code}>
                        <td>
                          <Checkbox value={s.code} registration={register('whitelistedStates')}>
                            {s.name}
                          </Checkbox>
                        </td>
                        <td>
                          <TextField
                            hideLabel
                            label={`Tax rate ${s.code} (%)`}
                            inputMode="decimal"
                            registration={register(`taxRates.${s.code}`)}
                            error={errors.taxRates?.[s.code]?.message}
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            ))}
          </div>
        </>
      );
    case 'cashout':
      return (
        <>
          <TextField
            layout={beside}
            label="Fewest coins a request"
            inputMode="numeric"
            registration={register('minCoins')}
            error={errors.minCoins?.message}
          />
          <TextField
            layout={beside}
            label="Most coins a request"
            inputMode="numeric"
            registration={register('maxCoins')}
            error={errors.maxCoins?.message}
          />
          <TextField
            layout={beside}
            label="Most coins a day"
            inputMode="numeric"
            registration={register('dailyLimitCoins')}
            error={errors.dailyLimitCoins?.message}
          />
          <TextField
            layout={beside}
            label="Hours after a bank purchase"
            inputMode="numeric"
            hint="How long a shopper who paid from a bank account waits before cashing out."
            registration={register('achHoldHours')}
            error={errors.achHoldHours?.message}
          />
        </>
      );
  }
}
