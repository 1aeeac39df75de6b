/** Shown while the first screen's code loads. */
export function BootScreen() {
  return (
    <div className="boot-screen" role="status" aria-label="Loading the store">
      <img src="/logo.svg" alt="" width={72} height={72} />
      <span className="spinner" />
    </div>
  );
}
