/**
 * A value imported from a `.server` module is undefined in the browser: Remix's compiler replaces such a module with
 * an empty one in the client bundle. The server renders the page with the value, and after hydration the same
 * component renders `undefined`: a sign-in link went to `/login?redirectTo=undefined` with JavaScript on, and the
 * raffle's sub-account note disappeared. This test reads every route and component (TypeScript's parser, no types)
 * and fails when a value from a `.server` module is used where the browser runs it: in JSX, in the route's
 * component (its default export), or in `meta`. The route's loader, action and headers run on the server only.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const APP = fileURLToPath(new URL(".", import.meta.url));
const SERVER_ONLY_EXPORTS = new Set(["loader", "action", "headers"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    const serverOnly = /\.server\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name);
    return /\.tsx?$/.test(entry.name) && !serverOnly ? [file] : [];
  });
}

/** The names a file imports as values from `.server` modules. */
function serverImports(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/\.server(\/|$)/.test(statement.moduleSpecifier.text)) continue;
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) continue;
    if (clause.name) names.add(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements) if (!element.isTypeOnly) names.add(element.name.text);
  }
  return names;
}

/** A name the browser runs: `meta`, or a component's (capitalised); never loader, action or headers. */
const browserName = (name: string) => !SERVER_ONLY_EXPORTS.has(name) && (name === "meta" || /^[A-Z]/.test(name));

/** The top-level declarations the browser runs: the default export, `meta` and the file's components. */
function browserDeclarations(source: ts.SourceFile): ts.Node[] {
  return source.statements.filter((statement) => {
    const modifiers = ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : [];
    if (ts.isExportAssignment(statement)) return true;
    if (ts.isFunctionDeclaration(statement))
      return modifiers.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword) || browserName(statement.name?.text ?? "");
    if (ts.isVariableStatement(statement))
      return statement.declarationList.declarations.some(
        (d) =>
          ts.isIdentifier(d.name) &&
          browserName(d.name.text) &&
          d.initializer !== undefined &&
          isFunction(d.initializer),
      );
    return false;
  });
}

const isFunction = (node: ts.Node) => ts.isArrowFunction(node) || ts.isFunctionExpression(node);

/** `file:line name` for each use of a server-only name in JSX or in the browser's declarations. */
function browserUses(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const names = serverImports(source);
  if (names.size === 0) return [];
  const found = new Set<string>();
  const visit = (node: ts.Node, inBrowser: boolean) => {
    const browser = inBrowser || ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node);
    if (browser && ts.isIdentifier(node) && names.has(node.text)) {
      const parent = node.parent;
      const isPropertyName = ts.isPropertyAccessExpression(parent) && parent.name === node;
      if (!isPropertyName) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.add(`${path.relative(APP, file)}:${line + 1} ${node.text}`);
      }
    }
    ts.forEachChild(node, (child) => visit(child, browser));
  };
  const browserRoots = new Set(browserDeclarations(source));
  for (const statement of source.statements) visit(statement, browserRoots.has(statement));
  return [...found];
}

describe("values of .server modules in browser code", () => {
  it("no route or component renders a value the browser does not have", () => {
    const uses = sourceFiles(APP).flatMap(browserUses);
    expect(uses).toEqual([]);
  });

  it("finds one when it is there (the check itself)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "server-only-values-"));
    const probe = path.join(dir, "probe.tsx");
    writeFileSync(
      probe,
      [
        'import { PATH, loadIt } from "~/utils/thing.server";',
        "export async function loader() { return loadIt(PATH); }",
        "export default function Page() { const to = `/login?r=${PATH}`; return <a href={to}>x</a>; }",
        "const Note = () => <p>{NOTE_TEXT}</p>;",
        'import { NOTE_TEXT } from "./note.server";',
      ].join("\n"),
    );
    try {
      expect(browserUses(probe).map((use) => use.split(" ")[1])).toEqual(["PATH", "NOTE_TEXT"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
