import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { adminSections } from '../sections.ts';
import { ConsoleHeader, type ConsoleAccount } from './ConsoleHeader.tsx';
import { ConsoleNav } from './ConsoleNav.tsx';
import './admin-console.css';

/** The section /admin itself shows. */
export const ADMIN_HOME_SECTION = 'dashboard';

// One lazy component per section, made once: React.lazy keeps its loaded module, so coming back to a
// section does not load it again, and each section stays its own chunk.
const sectionComponents = new Map<string, LazyExoticComponent<ComponentType>>(
  adminSections.map((section) => [section.path, lazy(section.load)]),
);

function SectionLoading() {
  return <p role="status">Loading…</p>;
}

function UnknownSection() {
  return (
    <section className="admin-panel">
      <h2>No such section</h2>
      <p>Pick a section from the menu.</p>
    </section>
  );
}

/**
 * /admin/* (issue 12, ADR 025): the console's shell, its own layout apart from the store's (issue 24):
 * the console header, the nav of the registered sections (sections.ts) and each section mounted at
 * /admin/<path>/*, loaded when first opened; /admin shows the dashboard. A section routes inside its own
 * mount with relative paths (say `:id` for /admin/users/:id). Only an admin gets here:
 * app/admin/AdminRoute.tsx checks the role first (and hands over the account), and the server checks it
 * on every call.
 */
export default function AdminPage(account: ConsoleAccount) {
  const Home = sectionComponents.get(ADMIN_HOME_SECTION);
  // rr-block: an admin's own recorded session never carries the shoppers' data the console shows (ADR 028).
  return (
    <div className="admin-console rr-block" data-testid="admin-console">
      <title>Admin console</title>
      <ConsoleHeader {...account} />
      <div className="admin-console__body">
        <ConsoleNav home={ADMIN_HOME_SECTION} />
        {/* The skip link's target: the store's layout leaves the console's pages their own main. */}
        <main id="main" className="admin-console__main">
          <Suspense fallback={<SectionLoading />}>
            <Routes>
              <Route index element={Home ? <Home /> : <UnknownSection />} />
              {[...sectionComponents].map(([path, Section]) => (
                <Route key={path} path={`${path}/*`} element={<Section />} />
              ))}
              <Route path="*" element={<UnknownSection />} />
            </Routes>
          </Suspense>
        </main>
      </div>
    </div>
  );
}
