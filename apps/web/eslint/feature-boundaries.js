/**
 * DESIGN §2: a feature does not import another feature's internals. Its api/ files (fetcher, query
 * options, hook) and its index, when it has one, are its public surface; a piece two features need
 * lives in src/components or src/lib.
 *
 * The features are the folders of apps/web/src/features as they are when the config loads, so a new
 * feature is covered the day its folder appears. Each import is resolved against the importing file,
 * so a feature's own subfolders (admin/bookings, admin/listings) are never mistaken for the features of
 * the same name.
 */
import { readdirSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

/** The feature folders under `featuresDir`, sorted. */
export function featureFolders(featuresDir) {
  return readdirSync(featuresDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

/** `features/<name>/<rest>` of a path, or null when it is not inside one of `features`. */
function featureOf(featuresDir, features, path) {
  const rel = relative(featuresDir, path);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
  const [name, ...rest] = rel.split(sep);
  return features.includes(name) ? { name, rest } : null;
}

/** api/ anywhere in the feature (host-bookings/booking/api), or the feature's index (the folder itself). */
const isPublic = (rest) => rest.length === 0 || rest.slice(0, -1).includes('api') || (rest.length === 1 && /^index(\.[jt]sx?)?$/.test(rest[0]));

export const MESSAGE = "Do not import another feature's internals: use that feature's api/ hooks, or move the shared piece to src/components or src/lib.";

/** @type {import('eslint').Rule.RuleModule} */
export const rule = {
  meta: {
    type: 'problem',
    docs: { description: "a web feature imports only another feature's api/ or index" },
    schema: [{ type: 'object', properties: { featuresDir: { type: 'string' }, features: { type: 'array', items: { type: 'string' } } }, required: ['featuresDir', 'features'], additionalProperties: false }],
    messages: { internals: `${MESSAGE} ({{ from }} → {{ to }})` },
  },
  create(context) {
    const { featuresDir, features } = context.options[0];
    const own = featureOf(featuresDir, features, context.filename);
    if (!own) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = featureOf(featuresDir, features, resolve(dirname(context.filename), source.value));
      if (!target || target.name === own.name || isPublic(target.rest)) return;
      context.report({ node: source, messageId: 'internals', data: { from: own.name, to: `${target.name}/${target.rest.join('/')}` } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/** The config block that applies the rule to the web's features: one per config load, from the folders there now. */
export function featureBoundaries(featuresDir) {
  return {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { parkly: { rules: { 'feature-boundaries': rule } } },
    rules: { 'parkly/feature-boundaries': ['error', { featuresDir, features: featureFolders(featuresDir) }] },
  };
}
