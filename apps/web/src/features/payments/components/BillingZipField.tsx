/**
 * The card's billing ZIP or postcode, beside the card's own fields (issue 24): the issuer checks it (AVS).
 * Starts as the profile's; an empty one is not sent (the profile's, if any, is used).
 */
export function BillingZipField({ value, onChange }: { value: string; onChange: (zip: string) => void }) {
  return (
    <label className="payments-field-label card-zip">
      ZIP / postcode
      <input
        className="payments-input"
        name="billingZip"
        autoComplete="billing postal-code"
        maxLength={16}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

/** The ZIP to send: none when left empty. */
export const zipOf = (typed: string) => (typed.trim() ? { billingZip: typed.trim() } : {});
