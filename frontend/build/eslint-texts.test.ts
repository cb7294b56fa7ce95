import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The literal-text rule's complaints about `code` as if it were the file at `file` (a path under frontend/src). */
async function textProblems(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, "frontend/src", file) });
  return result!.messages.filter((m) => m.ruleId === "caravan-texts/no-literal-text").map((m) => m.message);
}

describe("no literal texts in JSX, as the project's ESLint configuration enforces it", { timeout: 30_000 }, () => {
  it("refuses words in JSX text, in a string child and in aria-label, title, placeholder and alt", async () => {
    const problems = await textProblems(
      "features/chat/Words.tsx",
      "export const A = () => (\n" +
        '  <div title="Hello there">\n' +
        "    Hello\n" +
        '    <img alt="A photo" src="x.png" />\n' +
        "    <input placeholder={`Type here`} aria-label={'Message'} />\n" +
        '    {"Bonjour"}\n' +
        "  </div>\n" +
        ");\n",
    );
    expect(problems).toHaveLength(6);
    expect(problems[0]).toContain("title 'Hello there'");
  });

  it("lets texts from the catalogue, punctuation and numbers, and other props alone", async () => {
    const problems = await textProblems(
      "features/chat/Read.tsx",
      'import { CHAT_TEXTS } from "@caravan/common";\n' +
        "export const B = ({ n }: { n: number }) => (\n" +
        '  <div title={CHAT_TEXTS.title} data-testid="chat-panel" className="wide">\n' +
        "    {CHAT_TEXTS.send} · {n} + 3 %\n" +
        "  </div>\n" +
        ");\n",
    );
    expect(problems).toEqual([]);
  });
});
