/**
 * The layers hold by the linter, not by habit: a lower folder importing an area, the web app
 * importing the server, or the shared code importing either side fails `npm run lint`.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the layer rules', () => {
  it('refuse an area imported from a lower folder, and leave the areas free to import it', async () => {
    const code = "import { statisticsFor } from '../areas/statistics/queries';\nexport const probe = statisticsFor;\n";
    for (const folder of ['core', 'db', 'auth', 'http', 'storage', 'images', 'jobs', 'workers', 'text', 'typesetting']) {
      expect(await refusals(`server/${folder}/probe.ts`, code)).toHaveLength(1);
    }
    expect(await refusals('server/app-probe.ts', "import { staffRoutes } from './areas';\nexport const probe = staffRoutes;\n")).toEqual([]);
    expect(
      await refusals('server/areas/probe/probe.ts', "import { statisticsFor } from '../statistics/queries';\nexport const probe = statisticsFor;\n"),
    ).toEqual([]);
  }, 60_000);

  it('refuse the server in the web app and either side in the shared code, but not a package named like them', async () => {
    expect(await refusals('web/probe.ts', "import { loadConfig } from '../server/config';\nexport const probe = loadConfig;\n")).toHaveLength(1);
    expect(await refusals('web/probe.ts', "import { renderToString } from 'react-dom/server';\nexport const probe = renderToString;\n")).toEqual([]);
    expect(await refusals('common/probe.ts', "import { loadConfig } from '../server/config';\nexport const probe = loadConfig;\n")).toHaveLength(1);
    expect(await refusals('common/probe.ts', "import { api } from '../web/api/client';\nexport const probe = api;\n")).toHaveLength(1);
  }, 60_000);
});
