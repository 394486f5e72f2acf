import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import createLucideIcon, { type IconProps } from './lucide-icon';

/**
 * The browser's build draws icons with lib/lucide-icon.ts, the server with lucide-react's own
 * createLucideIcon (decision 041): a page the server drew is taken over as it is, so both must write the
 * same SVG. Every icon of the package with its defaults, and every icon the app imports with each prop.
 */
const here = dirname(fileURLToPath(import.meta.url));
const iconsDir = join(here, '../../../../node_modules/lucide-react/dist/esm/icons');
const srcDir = join(here, '..');

type IconModule = { default: ComponentType<IconProps>; __iconData: Parameters<typeof createLucideIcon>[0] };

/** The names the app imports from 'lucide-react', as lucide's files name them (Heart -> heart.mjs). */
function appIconNames(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) {
        for (const m of readFileSync(path, 'utf8').matchAll(/import\s*\{([^}]+)\}\s*from\s*'lucide-react'/g)) {
          for (const part of m[1]!.split(',')) {
            const name = part.trim().split(/\s+as\s+/)[0]!.replace(/^type\s+/, '');
            if (name) names.add(name);
          }
        }
      }
    }
  };
  walk(srcDir);
  return names;
}

const PROPS: (IconProps & Record<string, unknown>)[] = [
  {},
  { className: 'size-4 shrink-0 text-rose-600' },
  { className: '  a  b a ' },
  { 'aria-hidden': 'true', className: 'size-5' },
  { 'aria-label': 'Saved' },
  { role: 'img', title: 'A title' },
  { size: 16, strokeWidth: 1.5 },
  { size: 32, color: 'red', absoluteStrokeWidth: true },
  { width: 10, height: 12, style: { opacity: 0.5 } },
  { color: '' },
  { nonScalingStroke: true },
  { children: createElement('title', null, 'Inside') },
];

describe('lib/lucide-icon draws what lucide-react draws', () => {
  // alias files (activity-square.mjs) re-export another icon's file and have no data of their own
  const files = readdirSync(iconsDir).filter((f) => f.endsWith('.mjs') && readFileSync(join(iconsDir, f), 'utf8').includes('__iconData'));

  it('for every icon of the package, with its defaults and with a class', async () => {
    expect(files.length).toBeGreaterThan(1000);
    for (const file of files) {
      const mod = (await import(join(iconsDir, file))) as IconModule;
      const mine = createLucideIcon(mod.__iconData);
      for (const props of PROPS.slice(0, 2)) {
        expect(renderToStaticMarkup(createElement(mine, props)), file).toBe(renderToStaticMarkup(createElement(mod.default, props)));
      }
    }
  }, 120_000);

  it('for every icon the app imports, with each prop lucide reads', async () => {
    const lucide = (await import('lucide-react')) as unknown as Record<string, unknown>;
    // lucide names each icon component after its file (displayName 'CircleLetterP'), aliases included
    const used = new Set([...appIconNames()].map((name) => (lucide[name] as { displayName?: string } | undefined)?.displayName).filter(Boolean));
    expect(used.size).toBeGreaterThan(50);
    let checked = 0;
    for (const file of files) {
      const mod = (await import(join(iconsDir, file))) as IconModule;
      if (!used.has((mod.default as { displayName?: string }).displayName)) continue;
      checked++;
      const mine = createLucideIcon(mod.__iconData);
      for (const props of PROPS) {
        expect(renderToStaticMarkup(createElement(mine, props)), `${file} ${JSON.stringify(props)}`).toBe(renderToStaticMarkup(createElement(mod.default, props)));
      }
    }
    expect(checked).toBe(used.size);
  }, 120_000);

  it('takes an icon given by name and node, as lucide-react does', async () => {
    const { createLucideIcon: original } = await import('lucide-react');
    const node: [string, Record<string, string>][] = [['path', { d: 'M5 12h14', key: 'a' }]];
    for (const props of PROPS) {
      expect(renderToStaticMarkup(createElement(createLucideIcon('ParkingMeter2', node, ['meter']), props))).toBe(
        renderToStaticMarkup(createElement(original('ParkingMeter2', node, ['meter']) as ComponentType<IconProps>, props)),
      );
    }
  });
});
