import { createElement, forwardRef, type ReactNode, type SVGProps } from 'react';

/**
 * lucide-react's `createLucideIcon`, as every icon module of the package calls it, without the parts this
 * app does not use: the LucideProvider context (never mounted: its defaults are the ones below) and the
 * plain-object helpers that serve lucide's other frameworks. The browser's build puts it in place of the
 * package's own (vite.config.ts, `lucideIcons`): 1.1 KB off every first load (decision 041). The server
 * renders with the package's, so both must draw the same SVG, attribute for attribute:
 * lucide-icon.test.tsx renders every icon the app imports with both, with and without each prop.
 */
type IconNode = [tag: string, attrs: Record<string, string | number>][];
interface IconData {
  name?: string;
  size?: number;
  width?: number;
  height?: number;
  node: IconNode;
  aliases?: string[];
}
export interface IconProps extends SVGProps<SVGSVGElement> {
  size?: string | number;
  absoluteStrokeWidth?: boolean;
  nonScalingStroke?: boolean;
  children?: ReactNode;
}

/** lucide's mergeClasses: the words of each, once each, in order. */
const mergeClasses = (...classes: unknown[]) => [...new Set(classes.flatMap((c) => (typeof c === 'string' ? c.split(/\s+/) : [])).filter(Boolean))].join(' ');

/** True when the caller gave the icon a name or role: it is then not hidden from assistive technology. */
const hasA11yProp = (props: Record<string, unknown>) =>
  Object.keys(props).some((p) => (p.startsWith('aria-') || p === 'role' || p === 'title') && props[p] != null);

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

export default function createLucideIcon(iconDataOrName: IconData | string, iconNode: IconNode = [], aliases: string[] = []) {
  const icon: IconData =
    typeof iconDataOrName === 'string' ? { name: kebab(iconDataOrName), size: 24, node: iconNode, ...(aliases.length > 0 && { aliases }) } : iconDataOrName;
  const viewBox = `0 0 ${icon.size ?? icon.width ?? 24} ${icon.size ?? icon.height ?? 24}`;
  const iconClasses = [
    ...(icon.name ? [`lucide-${icon.name}`] : []),
    ...(icon.aliases ?? []).filter((a) => typeof a === 'string' && a.trim() !== '').map((a) => `lucide-${a}`),
  ];
  return forwardRef<SVGSVGElement, IconProps>(function LucideIcon(
    { color, size, width, height, strokeWidth, absoluteStrokeWidth, nonScalingStroke, className = '', children, ...rest },
    ref,
  ) {
    const stroke = strokeWidth ?? 2;
    const w = width ?? size ?? 24;
    const classes = mergeClasses('lucide', ...iconClasses, className);
    // the same keys in the same order as lucide's buildLucideIconNode, so the server's markup and this agree
    const attributes = {
      xmlns: 'http://www.w3.org/2000/svg',
      width: w,
      height: height ?? size ?? 24,
      viewBox,
      fill: 'none',
      stroke: color || 'currentColor',
      strokeWidth: absoluteStrokeWidth ? (Number(stroke) * Number(icon.size ?? icon.width ?? 24)) / Number(w) : stroke,
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
      ...(classes && { className: classes }),
      ...(!children && !hasA11yProp(rest) && { 'aria-hidden': 'true' }),
      ...rest,
    } as SVGProps<SVGSVGElement>;
    return createElement('svg', { ref, ...attributes }, [
      // keyed by position: the build drops lucide's own keys (vite.config.ts), and an icon's shapes never change
      ...icon.node.map(([tag, attrs], i) => createElement(tag, { key: i, ...(nonScalingStroke && { vectorEffect: 'non-scaling-stroke' }), ...attrs })),
      ...(Array.isArray(children) ? children : [children]),
    ]);
  });
}
