/**
 * Side-view vehicle silhouettes for the demo photos, as SVG groups. Each is drawn with its wheels
 * resting on y = 0, starting at x = 0, and scaled by the caller.
 */

export type VehicleKind = 'car' | 'suv' | 'bike' | 'boat' | 'rv' | 'truck';

const wheel = (cx: number, r: number) =>
  `<circle cx="${cx}" cy="${-r}" r="${r}" fill="#1f2329"/><circle cx="${cx}" cy="${-r}" r="${r * 0.48}" fill="#aeb6bf"/>` +
  `<circle cx="${cx}" cy="${-r}" r="${r * 0.16}" fill="#5b636c"/>`;

const shadow = (cx: number, rx: number) => `<ellipse cx="${cx}" cy="4" rx="${rx}" ry="14" fill="#000" opacity="0.22"/>`;

function car(body: string) {
  return (
    shadow(260, 280) +
    `<path d="M10,-45 L10,-95 Q14,-112 50,-118 L140,-126 L215,-180 L370,-180 L445,-124 L505,-114 Q530,-108 530,-86 L530,-45 Z" fill="${body}"/>` +
    `<path d="M228,-168 L290,-168 L290,-128 L160,-128 Z" fill="#cfe3f1" opacity="0.92"/>` +
    `<path d="M302,-168 L362,-168 L418,-128 L302,-128 Z" fill="#cfe3f1" opacity="0.92"/>` +
    `<rect x="10" y="-70" width="520" height="8" fill="#000" opacity="0.12"/>` +
    `<rect x="500" y="-104" width="26" height="12" rx="4" fill="#ffe9a8"/><rect x="12" y="-104" width="18" height="12" rx="3" fill="#d9433b"/>` +
    wheel(125, 46) +
    wheel(420, 46)
  );
}

function suv(body: string) {
  return (
    shadow(275, 300) +
    `<path d="M10,-52 L10,-130 Q14,-148 50,-152 L120,-160 L175,-226 L450,-226 L500,-160 L540,-152 Q560,-146 560,-120 L560,-52 Z" fill="${body}"/>` +
    `<path d="M188,-212 L300,-212 L300,-164 L140,-164 Z" fill="#cfe3f1" opacity="0.92"/>` +
    `<path d="M312,-212 L440,-212 L478,-164 L312,-164 Z" fill="#cfe3f1" opacity="0.92"/>` +
    `<rect x="170" y="-236" width="270" height="10" rx="4" fill="#2b2f36"/>` +
    `<rect x="10" y="-86" width="550" height="9" fill="#000" opacity="0.12"/>` +
    `<rect x="528" y="-140" width="28" height="14" rx="4" fill="#ffe9a8"/>` +
    wheel(130, 54) +
    wheel(450, 54)
  );
}

function bike(body: string) {
  const w = (cx: number) =>
    `<circle cx="${cx}" cy="-62" r="58" fill="none" stroke="#1f2329" stroke-width="14"/><circle cx="${cx}" cy="-62" r="12" fill="#8a939c"/>`;
  return (
    shadow(150, 170) +
    w(40) +
    w(270) +
    `<path d="M40,-62 L120,-150 L215,-150 L270,-62" fill="none" stroke="#3a3f47" stroke-width="12" stroke-linejoin="round"/>` +
    `<path d="M95,-150 Q110,-205 200,-196 L236,-150 Z" fill="${body}"/>` +
    `<rect x="70" y="-186" width="90" height="22" rx="10" fill="#2b2f36"/>` +
    `<path d="M236,-150 L252,-222 L290,-228" fill="none" stroke="#3a3f47" stroke-width="10" stroke-linecap="round"/>` +
    `<circle cx="262" cy="-196" r="12" fill="#ffe9a8"/>`
  );
}

function boat(body: string) {
  return (
    shadow(330, 340) +
    `<rect x="40" y="-70" width="560" height="14" fill="#4a4f57"/>` +
    wheel(250, 34) +
    wheel(340, 34) +
    `<path d="M560,-63 L640,-63" stroke="#4a4f57" stroke-width="10"/>` +
    `<path d="M20,-232 L640,-232 L580,-92 L110,-92 Q50,-120 20,-232 Z" fill="${body}"/>` +
    `<path d="M30,-200 L625,-200 L612,-176 L44,-176 Z" fill="#fff" opacity="0.55"/>` +
    `<path d="M180,-232 L230,-300 L420,-300 L450,-232 Z" fill="#f4f6f8"/>` +
    `<path d="M245,-292 L300,-292 L300,-246 L222,-246 Z M312,-292 L410,-292 L430,-246 L312,-246 Z" fill="#2f4f6b" opacity="0.85"/>`
  );
}

function rv(body: string) {
  return (
    shadow(340, 360) +
    `<path d="M10,-60 L10,-300 Q10,-320 30,-320 L560,-320 Q600,-320 620,-280 L680,-170 L690,-60 Z" fill="#f3f1ec"/>` +
    `<rect x="10" y="-150" width="680" height="26" fill="${body}"/>` +
    `<rect x="10" y="-116" width="680" height="10" fill="${body}" opacity="0.6"/>` +
    `<path d="M575,-290 L612,-290 L662,-190 L575,-190 Z" fill="#cfe3f1"/>` +
    `<rect x="60" y="-270" width="120" height="70" rx="8" fill="#2f4f6b" opacity="0.85"/>` +
    `<rect x="230" y="-270" width="170" height="70" rx="8" fill="#2f4f6b" opacity="0.85"/>` +
    `<rect x="450" y="-280" width="80" height="200" rx="6" fill="#e2ded6" stroke="#c9c4ba" stroke-width="4"/>` +
    wheel(140, 52) +
    wheel(560, 52)
  );
}

function truck(body: string) {
  return (
    shadow(360, 380) +
    `<rect x="10" y="-330" width="500" height="260" rx="6" fill="#eceff2"/>` +
    `<rect x="10" y="-330" width="500" height="260" rx="6" fill="none" stroke="#c7ccd2" stroke-width="6"/>` +
    `<path d="M60,-310 V-90 M160,-310 V-90 M260,-310 V-90 M360,-310 V-90 M460,-310 V-90" stroke="#d6dade" stroke-width="6"/>` +
    `<path d="M520,-70 L520,-250 L640,-250 L700,-170 L710,-70 Z" fill="${body}"/>` +
    `<path d="M575,-238 L632,-238 L676,-176 L575,-176 Z" fill="#cfe3f1"/>` +
    `<rect x="10" y="-80" width="700" height="16" fill="#3a3f47"/>` +
    wheel(110, 48) +
    wheel(220, 48) +
    wheel(620, 48)
  );
}

const DRAW: Record<VehicleKind, (body: string) => string> = { car, suv, bike, boat, rv, truck };
/** Natural length in drawing units, so scenes can fit a vehicle into a bay. */
export const VEHICLE_LENGTH: Record<VehicleKind, number> = { car: 540, suv: 570, bike: 330, boat: 660, rv: 700, truck: 720 };

/** The vehicle at (x, y) = left end of its ground line, scaled; `flip` makes it face left. */
export function vehicle(kind: VehicleKind, x: number, y: number, scale: number, body: string, flip = false) {
  const mirror = flip ? ` translate(${VEHICLE_LENGTH[kind] * scale},0) scale(-1,1)` : '';
  return `<g transform="translate(${x},${y})${mirror} scale(${scale})">${DRAW[kind](body)}</g>`;
}
