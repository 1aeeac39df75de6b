// The server renderer's entry (issue 8, ADR 008), built by `vite build --ssr` into dist/server/ and
// loaded by the API server by file path at run time: a built artifact, never a source import.
export { createPageRenderer, isKnownPage } from './app/server-render.tsx';
export type { PageRendererFiles, PageRequest, RenderedPage } from './app/server-render.tsx';
