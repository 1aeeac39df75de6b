/** The failures shown under the card fields: card entry unavailable, and the last attempt's error. */
export function CardEntryAlerts({ configFailed, error }: { configFailed: boolean; error: string | null }) {
  return (
    <>
      {configFailed ? (
        <p className="payments-error" role="alert">
          Card entry is not available right now. Please try again later.
        </p>
      ) : null}
      {error ? (
        <p className="payments-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
