import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { featureBoundaries, featureFolders, MESSAGE } from './feature-boundaries.js';

// The feature-boundary rule's list of features is read from the folders at config load: a folder
// added tomorrow is protected without anyone editing eslint.config.js.

const FEATURES = fileURLToPath(new URL('../src/features', import.meta.url));

describe('the feature-boundary rule', () => {
  it('eslint.config.js covers every folder of src/features, including admin, earnings and host-bookings', async () => {
    const configFile = new URL('../../../eslint.config.js', import.meta.url).href;
    const { default: config } = (await import(configFile)) as { default: Linter.Config[] };
    const block = config.find((c) => c.plugins && 'parkly' in c.plugins);
    const [, options] = block!.rules!['parkly/feature-boundaries'] as [string, { features: string[] }];
    expect(options.features).toEqual(featureFolders(FEATURES));
    expect(options.features).toEqual(expect.arrayContaining(['admin', 'earnings', 'host-bookings', 'bookings']));
  });

  describe('on a tree with a folder the config has never seen', () => {
    const root = mkdtempSync(join(tmpdir(), 'parkly-features-'));
    const features = join(root, 'apps/web/src/features');
    for (const f of ['bookings', 'admin/users', 'admin/bookings', 'parking-passes/components']) mkdirSync(join(features, f), { recursive: true });
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    const lint = (file: string, code: string) => {
      const linter = new Linter({ cwd: root });
      const messages = linter.verify(code, [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } }, featureBoundaries(features)], join(features, file));
      return messages.map((m) => m.message);
    };

    it('keeps the new feature’s internals to itself, and lets others use its api/ and index', () => {
      const blocked = lint('bookings/page.tsx', `import { Pass } from '../parking-passes/components/pass-card';\nexport { Pass };`);
      expect(blocked).toEqual([`${MESSAGE} (bookings → parking-passes/components/pass-card)`]);
      expect(lint('bookings/page.tsx', `export { x } from '../parking-passes/components/pass-card';`)).toHaveLength(1);
      expect(lint('bookings/page.tsx', `const load = () => import('../parking-passes/components/pass-card');\nexport { load };`)).toHaveLength(1);
      expect(lint('bookings/page.tsx', `import { usePasses } from '../parking-passes/api/get-passes';\nimport { a } from '../parking-passes';\nimport { b } from '../parking-passes/index';\nexport { usePasses, a, b };`)).toEqual([]);
    });

    it('and the new feature cannot reach into the others', () => {
      expect(lint('parking-passes/components/pass-card.tsx', `import { Row } from '../../bookings/components/row';\nexport { Row };`)).toHaveLength(1);
      expect(lint('parking-passes/components/pass-card.tsx', `import { x } from '../../../lib/format';\nimport { y } from '../pass-list';\nexport { x, y };`)).toEqual([]);
    });

    it('tells a feature’s own subfolders from the features of the same name', () => {
      // admin/users → admin/bookings is inside admin; admin/users → bookings is another feature
      expect(lint('admin/users/page.tsx', `import { Table } from '../bookings/refund-table';\nexport { Table };`)).toEqual([]);
      expect(lint('admin/users/page.tsx', `import { Row } from '../../bookings/components/row';\nexport { Row };`)).toHaveLength(1);
    });
  });
});
