// The server project's global setup: builds the hosted checkout's page script, as `npm run build` does (the
// same function), so the host's tests serve the current page and a plain `npx vitest run` works on a fresh
// clone. It runs once per run, before any worker starts; the build writes its file by renaming, so a run
// beside another (the other driver's) never reads half a file.
import { buildPageScript } from '@store/checkout-host/build';

export default async function setup() {
  await buildPageScript();
}
