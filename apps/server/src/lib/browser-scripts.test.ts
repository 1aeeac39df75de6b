// The scripts the server serves to browsers are built from src/browser/ (the tests' global setup builds them,
// as `npm run build` does): each source is there, each build is one classic script, and what the routes serve
// is that build.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BROWSER_SCRIPTS, browserScript, browserScriptSource, builtBrowserScriptFile } from './browser-scripts.ts';

describe('the browser scripts', () => {
  it('are each built from its TypeScript source into one script a browser runs as it is', () => {
    for (const name of BROWSER_SCRIPTS) {
      expect(fs.existsSync(browserScriptSource(name)), name).toBe(true);
      const text = browserScript(name);
      expect(text, name).toBe(fs.readFileSync(builtBrowserScriptFile(name), 'utf8'));
      // A classic script (no import or export left), which parses.
      expect(text, name).not.toMatch(/^\s*(import|export)\s/m);
      expect(() => new Function(text), name).not.toThrow();
    }
  });
});
