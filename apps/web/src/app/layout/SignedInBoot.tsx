import { BootScreen } from './BootScreen.tsx';

/** Holds the header's place while the signed-in header's chunk or state loads, so the page does not jump. */
const HeaderPlaceholder = () => <header className="site-header" aria-busy="true" />;

/** What a signed-in shopper sees until their header's chunk and state are in: the header's place and the boot screen. */
export function SignedInBoot() {
  return (
    <>
      <HeaderPlaceholder />
      <main id="main" className="app-main app-main--fills-in">
        <BootScreen />
      </main>
    </>
  );
}
