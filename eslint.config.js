// ESLint 9 flat config. `npm run lint` (= `eslint .`).
//
// Besides typescript-eslint's recommended rules (syntax only, not type-checked,
// so it stays fast) and the rules of hooks for the web tier, this file enforces
// the boundaries of docs/DESIGN.md ("Boundaries") with no-restricted-imports:
//
//   - app/** reaches platform/** only through app/upstream/ (decision 020):
//     app/upstream/** imports platform/contract/** (the wire types and
//     constants) and nothing else of platform/, except the in-process loader of
//     the transport (platform/index, in app/upstream/transport.server.ts only);
//     the rest of app/ imports the pure rule modules platform/rules/** and, as
//     types only, platform/contract/**.
//   - platform/** never imports app/** (nor the `~/` alias).
//   - platform/rules/** stays pure (no I/O, nothing outside platform/rules): the
//     browser bundles it. platform/contract/** likewise holds only types and
//     constants (no I/O, nothing outside platform/contract): both tiers import it.
//   - platform/modules/** returns domain data: of platform/contract it imports
//     only errors.ts (the catalogue keys it throws); the wire types belong to
//     platform/http/shapes/.
//   - platform/http/** holds no SQL (no drizzle-orm, db/schema, db/tx);
//     platform/modules/** holds no HTTP (no hono, no platform/http) and reaches
//     the network only through platform/providers/.
//   - platform/** opens transactions only through inTransaction (platform/db/tx.ts,
//     no-restricted-properties on `.transaction`), whose scope the providers' guard
//     checks: no provider call inside a transaction (decision 058).
//
// A relative import is only a boundary crossing once you know where the file
// sits: "../app" from platform/http/api/x.ts is platform/http/app.ts, not the
// web tier. So the patterns are generated per directory depth, and each one
// matches exactly the number of "../" that climbs to the repository root.
// ESLint keeps only the last options given for a rule, so every config object
// below carries the complete pattern list for the files it matches.

import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// Boundaries apply to every module the bundler would follow, not only TypeScript.
const SOURCES = "*.{ts,tsx,js,mjs,cjs}";
const MAX_DEPTH = 10;

/** Files exactly `depth` directories below the root, inside `dir` ("app", "platform/http"…). */
function filesAt(dir, depth) {
  const below = depth - dir.split("/").length;
  return below < 0 ? null : `${dir}/${"*/".repeat(below)}${SOURCES}`;
}

/** A regex source: an optional "./", then exactly `depth` "../" (what climbs from that depth to the root). */
const climb = (depth) => `^(?:\\./)?(?:\\.\\./){${depth}}`;

/**
 * platform/… except the given files or folders under it ("rules/" for every
 * file of platform/rules, "index" for platform/index itself), and no ".."
 * after an allowed folder, so an import cannot climb back out of it.
 */
function platformExcept(...allowed) {
  const exits = allowed.map((a) => (a.endsWith("/") ? `${a}(?!.*\\.\\.).+` : `${a}(?:\\.ts)?`));
  return `platform(?:$|/(?!(?:${exits.join("|")})$))`;
}

const APP_TO_PLATFORM_MESSAGE =
  "app/ may not import platform/ (DESIGN.md, Boundaries; decision 020): call the platform through a typed function in app/upstream/. Only the pure rule modules in platform/rules/ (and, as types, platform/contract/) may be shared.";
const UPSTREAM_TO_PLATFORM_MESSAGE =
  "app/upstream/ speaks to the platform only through its contract (decision 020): import the wire types and constants of platform/contract/, never modules, http or db.";
const PLATFORM_TO_APP_MESSAGE = "platform/ may never import app/ or `~/` (DESIGN.md, Boundaries).";
const CONTRACT_TYPES_MESSAGE =
  "Outside app/upstream/, platform/contract/ is for types only (`import type`), and app/upstream/ re-exports what pages need (decision 020).";

/** A relative, bare or `~/../` import of whatever `target` (a regex source after "platform") matches, from `depth`. */
const platformImport = (depth, target) => `${climb(depth)}${target}|^${target}|^~/\\.\\./${target}`;

const NO_DATABASE_IN_APP = {
  regex: "^(?:drizzle-orm|pg|pg-pool|@electric-sql/pglite|hono|@hono/node-server|@node-rs/argon2)(?:/|$)",
  message:
    "The web tier never touches the database or the platform's internals (DESIGN.md, Boundaries): go through app/upstream/.",
};

/** Pages, components and utilities: platform/rules/, and platform/contract/ as types only. */
const appToPlatform = (depth) => [
  { regex: platformImport(depth, platformExcept("rules/", "contract/")), message: APP_TO_PLATFORM_MESSAGE },
  { regex: platformImport(depth, "platform/contract/"), message: CONTRACT_TYPES_MESSAGE, allowTypeImports: true },
  NO_DATABASE_IN_APP,
];

/** app/upstream/: platform/contract/ only; the transport also loads platform/index in process. */
const upstreamToPlatform = (depth, { transport }) => [
  {
    regex: platformImport(depth, transport ? platformExcept("contract/", "index") : platformExcept("contract/")),
    message: UPSTREAM_TO_PLATFORM_MESSAGE,
  },
  NO_DATABASE_IN_APP,
];

const platformToApp = (depth) => [
  { regex: `${climb(depth)}app(?:/|$)|^app(?:/|$)|^~(?:/|$)`, message: PLATFORM_TO_APP_MESSAGE },
];

/** Relative paths that step down and back up ("../x/../../y") would slip past the depth patterns. */
const UNNORMALISED = {
  regex: "(?:^|/)(?!\\.\\.?(?:/|$))[^/]+/\\.\\.(?:/|$)",
  message: "Write relative imports in normal form (no `dir/..` inside the path), so the boundary rules can read them.",
};

/** Layer rules inside platform/, keyed by the area directory; `depth` is the file's depth. */
const platformLayers = {
  "platform/rules": () => [
    {
      regex: "^\\.\\./",
      message:
        "platform/rules/ holds pure rules (no I/O) that the browser also bundles: import only other modules of platform/rules/.",
    },
    {
      regex: "^(?:node:|drizzle-orm|pg|@electric-sql/|hono|@hono/|@node-rs/)",
      message: "platform/rules/ must stay pure (no I/O, no Node built-ins): the web tier bundles it for the browser.",
    },
  ],
  "platform/contract": () => [
    {
      regex: "^\\.\\./",
      message:
        "platform/contract/ is the wire between the tiers (decision 020): types and constants only, importing nothing outside platform/contract/.",
    },
    {
      regex: "^(?:node:|drizzle-orm|pg|@electric-sql/|hono|@hono/|@node-rs/|zod)",
      message: "platform/contract/ holds types and constants only (no I/O, no libraries): both tiers import it.",
    },
  ],
  "platform/http": (depth) => [
    {
      regex: `^drizzle-orm(?:/|$)|${climb(depth - 1)}db/(?:schema|tx)(?:\\.ts)?$`,
      message:
        "platform/http/ is thin (DESIGN.md): parse input, call a module, shape the reply. Queries belong in platform/modules/.",
    },
  ],
  "platform/modules": (depth) => [
    {
      regex: `^(?:hono|@hono/)|${climb(depth - 1)}http(?:/|$)`,
      message: "Modules know nothing of HTTP (DESIGN.md): take plain input, return plain data, throw domain errors.",
    },
    {
      regex: `${climb(depth - 1)}contract/(?!errors(?:\\.ts)?$)`,
      message:
        "Modules return domain data (camelCase, fen, Date; decision 020): the wire types of platform/contract/ belong to platform/http/shapes/.",
    },
    {
      regex: "^(?:node:)?(?:http|https|http2|net|tls|dgram)$|^(?:undici|node-fetch|axios|got)(?:/|$)",
      message: "Modules reach the outside world only through platform/providers/ interfaces (DESIGN.md).",
    },
  ],
};

/** Dynamic `import("…")` and `import("…").Type` are not seen by no-restricted-imports; esquery regexes cannot hold "/". */
function restrictedSyntax(patterns) {
  const syntax = [];
  for (const { regex, message, allowTypeImports } of patterns) {
    const re = regex.replaceAll("/", "\\x2F");
    syntax.push({ selector: `ImportExpression[source.value=/${re}/]`, message });
    // `import("…").Type` is a type import: allowed where type imports are.
    if (!allowTypeImports) syntax.push({ selector: `TSImportType[argument.literal.value=/${re}/]`, message });
  }
  return syntax;
}

function restrict(name, files, patterns, ignores = []) {
  return {
    name,
    files: [files],
    ignores,
    rules: {
      "no-restricted-imports": ["error", { patterns }],
      "no-restricted-syntax": ["error", ...restrictedSyntax(patterns)],
    },
  };
}

const UPSTREAM = "app/upstream/**";
const TRANSPORT = "app/upstream/transport.server.ts";
const TESTS = ["**/*.test.ts", "**/*.test.tsx"];

const boundaries = [];
for (let depth = 1; depth <= MAX_DEPTH; depth++) {
  const appFiles = filesAt("app", depth);
  boundaries.push(restrict(`boundaries/app@${depth}`, appFiles, [...appToPlatform(depth), UNNORMALISED], [UPSTREAM]));
  const upstreamFiles = filesAt("app/upstream", depth);
  if (upstreamFiles) {
    boundaries.push(
      restrict(
        `boundaries/app/upstream@${depth}`,
        upstreamFiles,
        [...upstreamToPlatform(depth, { transport: false }), UNNORMALISED],
        [TRANSPORT],
      ),
    );
  }
  if (depth === 2) {
    boundaries.push({
      ...restrict(`boundaries/app/upstream/transport`, TRANSPORT, [
        ...upstreamToPlatform(depth, { transport: true }),
        UNNORMALISED,
      ]),
    });
  }
  boundaries.push(
    restrict(`boundaries/platform@${depth}`, filesAt("platform", depth), [...platformToApp(depth), UNNORMALISED]),
  );
  for (const [area, layer] of Object.entries(platformLayers)) {
    const files = filesAt(area, depth);
    if (!files) continue;
    // Tests may set data up directly; they keep the app/platform boundary only (previous object).
    boundaries.push(
      restrict(`boundaries/${area}@${depth}`, files, [...platformToApp(depth), UNNORMALISED, ...layer(depth)], TESTS),
    );
  }
}

export default defineConfig([
  globalIgnores([
    "build/",
    "public/build/",
    "dev-build/",
    "public/dev-build/",
    "node_modules/",
    "data/",
    ".cache/",
    "test-results/",
    "playwright-report/",
    "platform/db/migrations/",
    "bench/results/",
  ]),
  {
    name: "typescript",
    files: ["**/*.{ts,tsx}"],
    extends: [tseslint.configs.recommended],
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          args: "after-used",
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
      // `import type` keeps type-only imports out of the client bundle; the
      // inline form is what the codebase already uses.
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { prefer: "type-imports", fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
    },
  },
  {
    // Test helpers type loosely-shaped wire replies (`ApiReply<T = any>`); production code may not.
    name: "tests",
    files: ["tests/**/*.{ts,tsx}", "**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    name: "platform/modules: network only through providers",
    files: ["platform/modules/**/*.{ts,tsx}"],
    ignores: TESTS,
    rules: {
      "no-restricted-globals": [
        "error",
        { name: "fetch", message: "Modules reach the outside world only through platform/providers/ (DESIGN.md)." },
        { name: "WebSocket", message: "Modules reach the outside world only through platform/providers/ (DESIGN.md)." },
      ],
    },
  },
  {
    // Decision 058: a transaction never waits on the outside world. inTransaction (platform/db/tx.ts) marks its scope
    // so the providers refuse calls inside it; a bare `.transaction(` would escape that guard.
    name: "platform: transactions only through inTransaction",
    files: ["platform/**/*.{ts,tsx}"],
    ignores: ["platform/db/tx.ts", ...TESTS],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          property: "transaction",
          message:
            "Open transactions with inTransaction (platform/db/tx.ts): it keeps provider calls (SMS, email, payments, storage) out of them (decision 058).",
        },
      ],
    },
  },
  {
    name: "react-hooks",
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...boundaries,
]);
