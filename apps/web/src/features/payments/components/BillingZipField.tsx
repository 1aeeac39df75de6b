import { TextField } from '../../../components/ui/index.ts';

/**
 * The card's billing ZIP or postcode, beside the card's own fields (issue 24): the issuer checks it (AVS).
 * Starts as the profile's; an empty one is not sent (the profile's, if any, is used).
 */
export function BillingZipField({ value, onChange }: { value: string; onChange: (zip: string) => void }) {
  return (
    <div className="card-zip">
      <TextField
        label="ZIP / postcode"
        name="billingZip"
        autoComplete="billing postal-code"
        maxLength={16}
        value={value}
        onValueChange={onChange}
      />
    </div>
  );
}

/** The ZIP to send: none when left empty. */
export const zipOf = (typed: string) => (typed.trim() ? { billingZip: typed.trim() } : {});
