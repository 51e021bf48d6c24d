import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint();
// Loading the project's config and parsers is the slow part (20 s on two busy cores): done once,
// before the tests, so each case is timed on its own lint.
beforeAll(() => eslint.lintText('export {};\n', { filePath: 'src/model/probe.ts' }), 180_000);

/** Lints a one-line file as if it lived at `filePath`, with the project's own config. */
async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('npm run lint keeps the layers apart', () => {
  it.each([
    ['a view calling a service', 'src/views/shell/probe.tsx', "import { authService } from '../../services/auth-service.ts';\nexport const x = authService;", /Views never call services/],
    ['a machine importing a view', 'src/machines/shell/probe.ts', "import { App } from '../../app.tsx';\nexport const x = App;", /never views/],
    ['the model importing a service', 'src/model/probe.ts', "import { apiClient } from '../services/auth-service.ts';\nexport const x = apiClient;", /src\/model imports only src\/model/],
    ['a service importing a machine', 'src/services/probe.ts', "import { spinnerMachine } from '../machines/shell/spinner.ts';\nexport const x = spinnerMachine;", /src\/services imports only src\/model/],
    ['a service importing xstate', 'src/services/probe.ts', "import { createActor } from 'xstate';\nexport const x = createActor;", /free of React and xstate/],
    ['a service importing React', 'src/services/probe.ts', "import { useState } from 'react';\nexport const x = useState;", /free of React and xstate/],
    ['a view taking a rule of the model', 'src/views/payments/probe.tsx', "import { checkTotals } from '../../model/payments.ts';\nexport const x = checkTotals;", /through the selectors beside their machine/],
    ['a view taking a constant of a machine', 'src/views/payments/probe.tsx', "import { NO_CHECKS } from '../../machines/payments/check-list.ts';\nexport const x = NO_CHECKS;", /everything else through its selectors.ts/],
    ['the server importing a service', 'server/probe.ts', "import { apiClient } from '../src/services/auth-service.ts';\nexport const x = apiClient;", /only src\/model of the browser code/],
  ])('refuses %s', async (_, filePath, code, expected) => {
    expect((await problems(filePath, code)).join('\n')).toMatch(expected);
  });

  it.each([
    ['a view using a machine', 'src/views/shell/probe.tsx', "import { spinnerMachine } from '../../machines/shell/spinner.ts';\nexport const x = spinnerMachine;"],
    ['a view using selectors', 'src/views/payments/probe.tsx', "import { selectCheckTotals } from '../../machines/payments/selectors.ts';\nexport const x = selectCheckTotals;"],
    ['a view naming a model type', 'src/views/payments/probe.tsx', "import type { CheckSummary } from '../../model/payments.ts';\nexport type X = CheckSummary;"],
    ['a view using a format helper', 'src/views/payments/probe.tsx', "import { formatMoney } from '../../model/format.ts';\nexport const x = formatMoney;"],
    ['a view naming a service type', 'src/views/shell/probe.tsx', "import type { ApiError } from '../../services/api-client.ts';\nexport type X = ApiError;"],
    ['a machine using a service', 'src/machines/shell/probe.ts', "import { authService } from '../../services/auth-service.ts';\nexport const x = authService;"],
    ['the server using the model', 'server/probe.ts', "import { decode } from '../src/model/codec.ts';\nexport const x = decode;"],
  ])('allows %s', async (_, filePath, code) => {
    expect(await problems(filePath, code)).toEqual([]);
  });

  it('checks the React hooks rules in views', async () => {
    const code = "import { useState } from 'react';\nexport function Probe({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n";
    expect((await problems('src/views/shell/probe.tsx', code)).join('\n')).toMatch(/react-hooks\/rules-of-hooks/);
  });
});
