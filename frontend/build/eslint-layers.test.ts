import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The layer rule's complaints about `code` as if it were the file at `file` (a path under frontend/src). */
async function layerProblems(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, "frontend/src", file) });
  return result!.messages.filter((m) => m.ruleId === "caravan/layers").map((m) => m.message);
}

// Each test lints with type information, which loads the TypeScript project: seconds on a busy two-core machine.
describe("the frontend's layers, as the project's ESLint configuration enforces them", { timeout: 30_000 }, () => {
  it("fails a test file that imports another feature's internals", async () => {
    const problems = await layerProblems(
      "features/chat/reach.test.ts",
      'import { groupKeys } from "../groups/api";\nexport const keys = groupKeys;\n',
    );
    expect(problems).toEqual([expect.stringContaining("internals of feature 'groups'")]);
  });

  it("fails a reach spelled from higher up, and a lazy import() of internals", async () => {
    const problems = await layerProblems(
      "features/chat/Panel.tsx",
      'export { ChecklistsDialog } from "../../features/checklists/ChecklistsDialog";\n' +
        'export const load = () => import("../checklists/api");\n',
    );
    expect(problems).toHaveLength(2);
  });

  it("lets a feature use another feature's public entry, its own files and shared code", async () => {
    const problems = await layerProblems(
      "features/chat/Panel.tsx",
      'import { ChecklistsDialog } from "../checklists";\n' +
        'import { messagesQuery } from "./api";\n' +
        'import { api } from "../../api/client";\n' +
        "export const all = [ChecklistsDialog, messagesQuery, api];\n",
    );
    expect(problems).toEqual([]);
  });

  it("fails a page under app/ that reaches into a feature, and passes one that uses its entry", async () => {
    expect(
      await layerProblems("app/pages/Page.tsx", 'export { GroupHeader } from "../../features/groups/GroupHeader";\n'),
    ).toHaveLength(1);
    expect(await layerProblems("app/pages/Page.tsx", 'export { GroupHeader } from "../../features/groups";\n')).toEqual(
      [],
    );
  });

  it("fails shared code that imports a feature or the app, and a feature that imports the app", async () => {
    expect(await layerProblems("components/Card.tsx", 'export { groupQuery } from "../features/groups";\n')).toEqual([
      expect.stringContaining("must not import a feature"),
    ]);
    expect(await layerProblems("lib/x.ts", 'export { AppRoutes } from "../app/router";\n')).toHaveLength(1);
    expect(await layerProblems("features/chat/x.ts", 'export { AppRoutes } from "../../app/router";\n')).toHaveLength(
      1,
    );
  });

  it("lets boot/ start the app, and fails the app, a feature or shared code that imports boot/", async () => {
    expect(await layerProblems("boot/x.ts", 'export { AppRoutes } from "../app/router";\n')).toEqual([]);
    expect(await layerProblems("main.tsx", 'import "./boot/early-start";\n')).toEqual([]);
    for (const file of ["app/x.ts", "features/chat/x.ts", "lib/x.ts"]) {
      const source = `${"../".repeat(file.split("/").length - 1)}boot/start`;
      expect(await layerProblems(file, `export { startApp } from "${source}";\n`), file).toEqual([
        expect.stringContaining("Only boot/"),
      ]);
    }
  });
});
