import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CARD_ROUTE_KINDS, PAYMENT_METHOD_KINDS, US_REGIONS, US_STATES, type CardRouteKind } from '@store/shared';
import { SelectField, TableScroll, TextAreaField, TextField } from '../../../components/ui/index.ts';
import { settingsForm, type SettingsFormOutput, type SettingsFormValues } from './settings-form.ts';

export interface SubmitResult {
  field?: string;
  message?: string;
}

interface Props {
  initial: SettingsFormValues;
  onSubmit: (values: SettingsFormOutput) => Promise<SubmitResult | void>;
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

/** Every store setting an admin edits: company, apps, money, tax, countries, states, payment methods, cash-out. */
export function SettingsForm({ initial, onSubmit }: Props) {
  const { register, handleSubmit, setError, formState } = useForm<SettingsFormValues, unknown, SettingsFormOutput>({
    resolver: zodResolver(settingsForm),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = formState;
  const text = (name: FieldPath<SettingsFormValues>) => register(name);

  const submit = handleSubmit(async (values) => {
    const refused = await onSubmit(values);
    if (refused?.field) setError(refused.field as FieldPath<SettingsFormValues>, { message: refused.message }, { shouldFocus: true });
  });

  return (
    <form className="admin-form" aria-label="Store settings" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset className="admin-panel">
        <legend>Company (footer and pages)</legend>
        <TextField label="Company name" registration={text('companyName')} error={errors.companyName?.message} />
        <TextAreaField
          label="Company description"
          rows={4}
          registration={text('companyDescription')}
          error={errors.companyDescription?.message}
        />
        <TextAreaField label="Address" hint="One line per row." registration={text('addressLines')} error={errors.addressLines?.message} />
        <TextField label="Phone" registration={text('phone')} error={errors.phone?.message} />
        <TextField label="Support e-mail" type="email" registration={text('supportEmail')} error={errors.supportEmail?.message} />
      </fieldset>

      <fieldset className="admin-panel">
        <legend>Apps</legend>
        <TextField label="iOS app link" type="url" registration={text('iosAppUrl')} error={errors.iosAppUrl?.message} />
        <TextField label="Latest iOS version" registration={text('iosLatestVersion')} error={errors.iosLatestVersion?.message} />
        <TextField label="Android app link" type="url" registration={text('androidAppUrl')} error={errors.androidAppUrl?.message} />
        <TextField
          label="Latest Android version"
          registration={text('androidLatestVersion')}
          error={errors.androidLatestVersion?.message}
        />
      </fieldset>

      <fieldset className="admin-panel">
        <legend>Coins and limits</legend>
        <TextField
          label="Coins per dollar"
          inputMode="numeric"
          registration={text('coinsPerDollar')}
          error={errors.coinsPerDollar?.message}
        />
        <TextField
          label="Transaction limit ($)"
          inputMode="decimal"
          hint="The largest order total."
          registration={text('transactionLimit')}
          error={errors.transactionLimit?.message}
        />
      </fieldset>

      <fieldset className="admin-panel">
        <legend>Countries</legend>
        <p>Every country may use the store except those blocked here.</p>
        <TextAreaField
          label="Blocked countries and regions"
          hint="ISO codes separated by commas: CU, IR, or a region such as UA-43."
          registration={text('blockedCountries')}
          error={errors.blockedCountries?.message}
        />
      </fieldset>

      <fieldset className="admin-panel">
        <legend>Payment methods offered</legend>
        {PAYMENT_METHOD_KINDS.map((kind) => (
          <label key={kind}>
            <input type="checkbox" value={kind} {...register('enabledPaymentMethods')} /> {PAYMENT_LABELS[kind]}
          </label>
        ))}
      </fieldset>

      <fieldset className="admin-panel">
        <legend>Card routing</legend>
        <p>
          Shoppers see one card form. The primary provider takes new cards; after three payments it does not answer, the fallback takes them
          for five minutes. A provider must also be offered above. Saved cards stay with the provider that saved them.
        </p>
        <SelectField
          label="Primary card provider"
          options={routeOptions}
          registration={register('cardPrimary')}
          error={errors.cardPrimary?.message}
        />
        <SelectField
          label="Fallback during an outage"
          options={[{ value: '', label: 'None' }, ...routeOptions]}
          registration={register('cardFallback')}
          error={errors.cardFallback?.message}
        />
      </fieldset>

      <fieldset className="admin-panel">
        <legend>States purchases are allowed from, and sales tax (%)</legend>
        {US_REGIONS.map((region) => (
          <fieldset key={region}>
            <legend>{region}</legend>
            <TableScroll label={`${region} states table`}>
              <table className="admin-table">
                <tbody>
                  {US_STATES.filter((s) => s.region === region).map((s) => (
                    <tr key={s.code}>
                      <td>
                        <label>
                          <input type="checkbox" value={s.code} {...register('whitelistedStates')} /> {s.name}
                        </label>
                      </td>
                      <td>
                        <TextField
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
          </fieldset>
        ))}
      </fieldset>

      <fieldset className="admin-panel">
        <legend>Cash-out rules</legend>
        <TextField label="Fewest coins a request" inputMode="numeric" registration={text('minCoins')} error={errors.minCoins?.message} />
        <TextField label="Most coins a request" inputMode="numeric" registration={text('maxCoins')} error={errors.maxCoins?.message} />
        <TextField
          label="Most coins a day"
          inputMode="numeric"
          registration={text('dailyLimitCoins')}
          error={errors.dailyLimitCoins?.message}
        />
        <TextField
          label="Hours after a bank purchase"
          inputMode="numeric"
          registration={text('achHoldHours')}
          error={errors.achHoldHours?.message}
        />
      </fieldset>

      <button type="submit" className="admin-button" disabled={isSubmitting}>
        Save settings
      </button>
    </form>
  );
}
