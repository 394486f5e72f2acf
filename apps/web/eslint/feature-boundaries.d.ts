import type { Linter, Rule } from 'eslint';

export function featureFolders(featuresDir: string): string[];
export const MESSAGE: string;
export const rule: Rule.RuleModule;
export function featureBoundaries(featuresDir: string): Linter.Config;
