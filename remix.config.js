/**
 * `remix dev` (NODE_ENV=development) writes its build to dev-build/ and public/dev-build/, never to
 * the production build's build/ and public/build/: a dev server run must not leave `npm start` a
 * development build to serve (issue 33 §5; `npm start` checks, scripts/check-build.mjs).
 */
const development = process.env.NODE_ENV === "development";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // A server-only helper beside a flat route file is never a route of its own (it once answered
  // /console/openapi/accessKey/server with a 500).
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.server.{ts,tsx}"],
  serverModuleFormat: "esm",
  serverBuildPath: development ? "dev-build/index.js" : "build/index.js",
  assetsBuildDirectory: development ? "public/dev-build" : "public/build",
  publicPath: development ? "/dev-build/" : "/build/",
  // @uiw/react-markdown-preview is ESM-only and imports CSS, which Node cannot
  // import: it is bundled into the server build (its CSS import dropped there).
  serverDependenciesToBundle: [
    /^@uiw\/react-markdown-preview/,
    // rehype-prism-plus is imported by the preview's default entry only; the
    // unified, remark and rehype packages stay external: Node imports ESM natively
    // (vfile's "#minpath" subpath imports break when bundled).
  ],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
