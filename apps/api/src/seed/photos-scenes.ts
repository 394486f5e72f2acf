import type { ParkingType } from '@parkly/shared/catalog';
import { vehicle, VEHICLE_LENGTH, type VehicleKind } from './photos-vehicles';

/**
 * Flat illustrations of each kind of space for the demo listings: a backdrop that says what the
 * place is (a home's driveway, a basement, a yard), its ground and bay lines, and a vehicle that
 * fits it. Drawn at 1600x1200; colours come from the caller's seeded random source.
 */

export const W = 1600;
export const H = 1200;

export type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;

const BODY_COLOURS = ['#c0392b', '#2e86c1', '#f4f6f7', '#95a5a6', '#17a589', '#f1c40f', '#34495e', '#8e44ad', '#d35400', '#1b4f72'];
const SKIES = [
  ['#8fd3f4', '#e0f4ff'],
  ['#74b9ff', '#dff1ff'],
  ['#f6d365', '#fda085'],
  ['#a1c4fd', '#c2e9fb'],
  ['#ffecd2', '#fcb69f'],
];
const WALLS = ['#f5e6c8', '#e8d5b7', '#f0d9da', '#dfe8e1', '#e6e1f0', '#f7e1c1'];
const TREE_GREENS = ['#2e8b57', '#3c9d5d', '#468c3e', '#2f7a4f'];

export interface SceneSpec {
  type: ParkingType;
  vehicle: VehicleKind;
}

const linear = (id: string, top: string, bottom: string) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;

function sky(rng: Rng, horizon: number) {
  const [top, bottom] = pick(rng, SKIES);
  const sunX = 200 + rng() * 1200;
  const clouds = Array.from({ length: 3 }, () => {
    const x = rng() * W;
    const y = 80 + rng() * (horizon * 0.35);
    return `<g fill="#fff" opacity="0.8"><ellipse cx="${x}" cy="${y}" rx="110" ry="34"/><ellipse cx="${x + 70}" cy="${y - 22}" rx="70" ry="34"/><ellipse cx="${x - 60}" cy="${y - 10}" rx="60" ry="26"/></g>`;
  }).join('');
  return (
    `<defs>${linear('sky', top!, bottom!)}</defs><rect width="${W}" height="${horizon}" fill="url(#sky)"/>` +
    `<circle cx="${sunX}" cy="${130 + rng() * 80}" r="70" fill="#fff7d1" opacity="0.9"/>` +
    clouds
  );
}

function tree(x: number, ground: number, size: number, green: string) {
  return (
    `<rect x="${x - size * 0.08}" y="${ground - size * 1.1}" width="${size * 0.16}" height="${size * 1.1}" fill="#7a5230"/>` +
    `<circle cx="${x}" cy="${ground - size * 1.25}" r="${size * 0.55}" fill="${green}"/>` +
    `<circle cx="${x - size * 0.38}" cy="${ground - size * 1.0}" r="${size * 0.4}" fill="${green}"/>` +
    `<circle cx="${x + size * 0.4}" cy="${ground - size * 1.02}" r="${size * 0.42}" fill="${green}"/>`
  );
}

/** The blue Parkly 'P' sign on a post. */
function parkingSign(x: number, ground: number, height = 330) {
  return (
    `<rect x="${x - 7}" y="${ground - height}" width="14" height="${height}" fill="#6b7580"/>` +
    `<rect x="${x - 60}" y="${ground - height - 110}" width="120" height="120" rx="16" fill="#1565c0"/>` +
    `<path d="M${x - 22},${ground - height - 18} V${ground - height - 92} H${x + 6} A24,24 0 0 1 ${x + 6},${ground - height - 44} H${x - 22}" fill="none" stroke="#fff" stroke-width="16" stroke-linejoin="round"/>`
  );
}

function bayLines(ground: number, count: number, colour = '#f8f9fa') {
  const gap = W / count;
  return Array.from({ length: count + 1 }, (_, i) => {
    const x = i * gap;
    return `<path d="M${x + 60},${ground + 20} L${x - 40},${H}" stroke="${colour}" stroke-width="12" opacity="0.85"/>`;
  }).join('');
}

/** A vehicle centred on x, wheels on `ground`, `length` pixels long. */
function placed(kind: VehicleKind, cx: number, ground: number, length: number, colour: string, flip = false) {
  const scale = length / VEHICLE_LENGTH[kind];
  return vehicle(kind, cx - length / 2, ground, scale, colour, flip);
}

function driveway(rng: Rng, v: VehicleKind, colour: string) {
  const horizon = 760;
  const wall = pick(rng, WALLS);
  const roof = pick(rng, ['#b5523b', '#8d6e63', '#a0522d', '#6d4c41']);
  const windows = [260, 560, 1040, 1340]
    .map((x) => `<rect x="${x}" y="330" width="170" height="150" rx="6" fill="#9fc5e8" stroke="#fff" stroke-width="10"/><path d="M${x + 85},330 V480" stroke="#fff" stroke-width="6"/>`)
    .join('');
  return (
    sky(rng, horizon) +
    `<path d="M120,260 L800,90 L1480,260 Z" fill="${roof}"/>` +
    `<rect x="170" y="255" width="1260" height="${horizon - 255}" fill="${wall}"/>` +
    windows +
    `<rect x="760" y="520" width="150" height="${horizon - 520}" fill="#7b4a2e"/><circle cx="885" cy="650" r="8" fill="#e0c068"/>` +
    `<rect x="0" y="${horizon - 30}" width="${W}" height="30" fill="#c9b79c"/>` +
    `<rect x="0" y="${horizon}" width="${W}" height="${H - horizon}" fill="#b7a99a"/>` +
    Array.from({ length: 9 }, (_, i) => `<path d="M0,${horizon + 40 + i * 50} H${W}" stroke="#a39483" stroke-width="4"/>`).join('') +
    `<rect x="40" y="${horizon - 230}" width="70" height="260" fill="#d8cbb5"/><rect x="1490" y="${horizon - 230}" width="70" height="260" fill="#d8cbb5"/>` +
    tree(1500, horizon - 20, 220, pick(rng, TREE_GREENS)) +
    `<rect x="120" y="${horizon - 90}" width="70" height="70" rx="8" fill="#a1553a"/><circle cx="155" cy="${horizon - 110}" r="48" fill="${pick(rng, TREE_GREENS)}"/>` +
    placed(v, 800, 1060, v === 'bike' ? 520 : 980, colour, rng() < 0.5)
  );
}

function garage(rng: Rng, v: VehicleKind, colour: string) {
  const horizon = 800;
  const wall = pick(rng, WALLS);
  return (
    sky(rng, horizon) +
    `<rect x="150" y="180" width="1300" height="${horizon - 180}" fill="${wall}"/>` +
    `<path d="M110,190 L1490,190 L1450,140 L150,140 Z" fill="#5d6d7e"/>` +
    `<rect x="330" y="300" width="940" height="${horizon - 300}" fill="#2c3138"/>` +
    `<rect x="330" y="300" width="940" height="110" fill="#8a949e"/>` +
    Array.from({ length: 5 }, (_, i) => `<path d="M330,${320 + i * 18} H1270" stroke="#6f7982" stroke-width="5"/>`).join('') +
    `<rect x="310" y="290" width="20" height="${horizon - 290}" fill="#4a525b"/><rect x="1270" y="290" width="20" height="${horizon - 290}" fill="#4a525b"/>` +
    `<circle cx="800" cy="440" r="16" fill="#fff3c4" opacity="0.9"/>` +
    `<rect x="0" y="${horizon}" width="${W}" height="${H - horizon}" fill="#a9adb1"/>` +
    `<path d="M330,${horizon} L160,${H} M1270,${horizon} L1440,${H}" stroke="#ced2d6" stroke-width="10"/>` +
    placed(v, 800, 1000, v === 'bike' ? 480 : 900, colour, rng() < 0.5) +
    tree(90, horizon, 180, pick(rng, TREE_GREENS))
  );
}

function carport(rng: Rng, v: VehicleKind, colour: string) {
  const horizon = 740;
  const roof = pick(rng, ['#9bc4e2', '#cfd8dc', '#b2dfdb', '#d7ccc8']);
  return (
    sky(rng, horizon) +
    `<rect x="0" y="330" width="${W}" height="${horizon - 330}" fill="${pick(rng, WALLS)}"/>` +
    `<rect x="120" y="420" width="200" height="170" fill="#9fc5e8" stroke="#fff" stroke-width="10"/>` +
    `<rect x="1280" y="420" width="200" height="170" fill="#9fc5e8" stroke="#fff" stroke-width="10"/>` +
    `<rect x="0" y="${horizon}" width="${W}" height="${H - horizon}" fill="#b0a99f"/>` +
    `<path d="M150,250 L1450,210 L1470,250 L170,290 Z" fill="${roof}" opacity="0.9"/>` +
    `<rect x="220" y="280" width="26" height="${1000 - 280}" fill="#6f7782"/><rect x="1370" y="245" width="26" height="${1000 - 245}" fill="#6f7782"/>` +
    `<path d="M150,300 L1470,260 L1470,300 L150,340 Z" fill="#000" opacity="0.08"/>` +
    placed(v, 800, 1020, v === 'bike' ? 500 : 960, colour, rng() < 0.5) +
    tree(1520, horizon, 200, pick(rng, TREE_GREENS))
  );
}

function openLot(rng: Rng, v: VehicleKind, colour: string) {
  const horizon = 640;
  const buildings = Array.from({ length: 9 }, (_, i) => {
    const w = 140 + rng() * 90;
    const h = 160 + rng() * 260;
    const x = i * 185 - 40;
    const tone = pick(rng, ['#c9d6df', '#b8c6d1', '#d5dde4', '#aebdca']);
    const lit = Array.from({ length: Math.floor(h / 60) }, (_, r) =>
      `<rect x="${x + 20}" y="${horizon - h + 20 + r * 60}" width="${w - 40}" height="22" fill="#eef3f7" opacity="0.7"/>`,
    ).join('');
    return `<rect x="${x}" y="${horizon - h}" width="${w}" height="${h}" fill="${tone}"/>${lit}`;
  }).join('');
  const others = [pick(rng, BODY_COLOURS), pick(rng, BODY_COLOURS)];
  return (
    sky(rng, horizon) +
    buildings +
    `<rect x="0" y="${horizon}" width="${W}" height="${H - horizon}" fill="#575d66"/>` +
    bayLines(horizon, 4) +
    `<rect x="0" y="${horizon}" width="${W}" height="24" fill="#8d949c"/>` +
    placed('car', 230, 820, 420, others[0]!) +
    placed(v, 860, 1080, v === 'bike' ? 460 : 820, colour) +
    placed(rng() < 0.5 ? 'suv' : 'car', 1420, 830, 430, others[1]!, true) +
    parkingSign(1520, horizon + 10)
  );
}

function coveredLot(rng: Rng, v: VehicleKind, colour: string) {
  const ceiling = 300;
  const floor = 720;
  const lights = Array.from({ length: 4 }, (_, i) => `<rect x="${130 + i * 380}" y="${ceiling - 120}" width="240" height="22" rx="8" fill="#fdfdf5"/>`).join('');
  const pillar = (x: number) =>
    `<rect x="${x}" y="${ceiling}" width="90" height="${floor - ceiling + 40}" fill="#c5c9cc"/>` +
    Array.from({ length: 4 }, (_, i) => `<rect x="${x}" y="${floor - 120 + i * 40}" width="90" height="20" fill="${i % 2 ? '#222' : '#f2c200'}"/>`).join('');
  return (
    `<defs>${linear('deck', '#4a4f56', '#6b7179')}</defs>` +
    `<rect width="${W}" height="${floor}" fill="url(#deck)"/>` +
    `<rect x="0" y="0" width="${W}" height="${ceiling - 80}" fill="#3b4047"/>` +
    Array.from({ length: 5 }, (_, i) => `<rect x="${i * 400 - 20}" y="${ceiling - 80}" width="60" height="80" fill="#30353b"/>`).join('') +
    lights +
    `<rect x="0" y="${ceiling}" width="${W}" height="${floor - ceiling}" fill="#7d838a"/>` +
    `<rect x="0" y="${floor}" width="${W}" height="${H - floor}" fill="#8f969d"/>` +
    bayLines(floor, 3, '#f5f5f0') +
    pillar(60) +
    pillar(1450) +
    `<rect x="640" y="${ceiling + 40}" width="320" height="80" rx="10" fill="#0b7a3e"/><path d="M690,${ceiling + 80} H910 M880,${ceiling + 60} L910,${ceiling + 80} L880,${ceiling + 100}" stroke="#fff" stroke-width="10" fill="none"/>` +
    placed(v, 800, 1060, v === 'bike' ? 480 : 900, colour, rng() < 0.5)
  );
}

function street(rng: Rng, v: VehicleKind, colour: string) {
  const kerb = 800;
  const fronts = Array.from({ length: 5 }, (_, i) => {
    const x = i * 330 - 20;
    const h = 420 + rng() * 180;
    const tone = pick(rng, ['#f6c89f', '#f3e1a7', '#c8e0d5', '#f1b6a8', '#d9d2f0', '#fde2c4']);
    const win = [0, 1]
      .map((c) => [0, 1].map((r) => `<rect x="${x + 50 + c * 130}" y="${kerb - h + 60 + r * 150}" width="90" height="100" fill="#6b8fb3" stroke="#fff" stroke-width="8"/>`).join(''))
      .join('');
    return `<rect x="${x}" y="${kerb - h}" width="330" height="${h}" fill="${tone}"/>${win}<rect x="${x + 120}" y="${kerb - 150}" width="90" height="150" fill="#6d4c41"/>`;
  }).join('');
  return (
    sky(rng, kerb) +
    fronts +
    `<rect x="0" y="${kerb}" width="${W}" height="70" fill="#cfc7bb"/>` +
    `<rect x="0" y="${kerb + 70}" width="${W}" height="${H - kerb - 70}" fill="#5a6069"/>` +
    Array.from({ length: 8 }, (_, i) => `<rect x="${i * 220}" y="${kerb + 70}" width="110" height="18" fill="${i % 2 ? '#222' : '#f2c200'}"/>`).join('') +
    `<path d="M330,${kerb + 100} L290,${H - 40} L1310,${H - 40} L1270,${kerb + 100}" fill="none" stroke="#fff" stroke-width="10" stroke-dasharray="40 24"/>` +
    placed(v, 800, 1080, v === 'bike' ? 460 : 900, colour, rng() < 0.5) +
    tree(1480, kerb + 20, 240, pick(rng, TREE_GREENS)) +
    `<rect x="140" y="${kerb - 380}" width="14" height="400" fill="#4a525b"/><path d="M147,${kerb - 380} Q147,${kerb - 420} 210,${kerb - 420}" stroke="#4a525b" stroke-width="12" fill="none"/><ellipse cx="220" cy="${kerb - 410}" rx="34" ry="12" fill="#fff3c4"/>`
  );
}

function indoorStorage(rng: Rng, v: VehicleKind, colour: string) {
  const floor = 760;
  const tone = pick(rng, ['#dfe4e8', '#e7e2da', '#dde6e1']);
  return (
    `<defs>${linear('hall', '#f7f9fb', tone)}</defs>` +
    `<rect width="${W}" height="${floor}" fill="url(#hall)"/>` +
    `<path d="M0,230 L800,60 L1600,230" fill="none" stroke="#9aa4ae" stroke-width="26"/>` +
    Array.from({ length: 7 }, (_, i) => `<path d="M${100 + i * 230},${230 - (i < 4 ? i : 6 - i) * 50} V${floor}" stroke="#b3bcc5" stroke-width="18"/>`).join('') +
    Array.from({ length: 6 }, (_, i) => `<rect x="${90 + i * 250}" y="290" width="170" height="90" fill="#cde6f7" stroke="#9aa4ae" stroke-width="6"/>`).join('') +
    `<rect x="0" y="${floor}" width="${W}" height="${H - floor}" fill="#9fb1a6"/>` +
    `<rect x="0" y="${floor}" width="${W}" height="${H - floor}" fill="#fff" opacity="0.12"/>` +
    `<path d="M0,${floor + 30} H${W}" stroke="#f2c200" stroke-width="14"/>` +
    `<rect x="1360" y="${floor - 260}" width="170" height="260" fill="#6d7b88"/><rect x="1370" y="${floor - 250}" width="150" height="60" fill="#8696a5"/><rect x="1370" y="${floor - 180}" width="150" height="60" fill="#8696a5"/>` +
    placed(v, 760, 1060, v === 'bike' ? 480 : v === 'rv' ? 1100 : 920, colour, rng() < 0.5)
  );
}

function outdoorStorage(rng: Rng, v: VehicleKind, colour: string) {
  const horizon = 690;
  const hills = pick(rng, ['#8fbf8f', '#9cc59a', '#a8c686']);
  const fence = Array.from({ length: 17 }, (_, i) => `<path d="M${i * 100},${horizon - 190} V${horizon + 10}" stroke="#7f8a94" stroke-width="8"/>`).join('');
  return (
    sky(rng, horizon) +
    `<path d="M0,${horizon - 120} Q300,${horizon - 300} 620,${horizon - 140} T1200,${horizon - 170} T1600,${horizon - 120} V${horizon} H0 Z" fill="${hills}"/>` +
    tree(260, horizon - 10, 170, pick(rng, TREE_GREENS)) +
    tree(1240, horizon - 10, 200, pick(rng, TREE_GREENS)) +
    fence +
    `<rect x="0" y="${horizon - 190}" width="${W}" height="200" fill="url(#mesh)" opacity="0.5"/>` +
    `<defs><pattern id="mesh" width="28" height="28" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><path d="M0,0 V28" stroke="#9aa4ae" stroke-width="3"/></pattern></defs>` +
    `<path d="M0,${horizon - 190} H${W}" stroke="#7f8a94" stroke-width="10"/>` +
    `<rect x="0" y="${horizon}" width="${W}" height="${H - horizon}" fill="#b9ad97"/>` +
    Array.from({ length: 60 }, () => `<circle cx="${rng() * W}" cy="${horizon + 20 + rng() * (H - horizon)}" r="${3 + rng() * 5}" fill="#9c8f78"/>`).join('') +
    `<rect x="1450" y="${horizon - 420}" width="16" height="430" fill="#5b646d"/><rect x="1410" y="${horizon - 440}" width="96" height="40" rx="8" fill="#e8eef2"/>` +
    placed(v, 780, 1070, v === 'boat' ? 1060 : v === 'bike' ? 480 : 1120, colour, rng() < 0.5)
  );
}

const SCENES: Record<ParkingType, (rng: Rng, v: VehicleKind, colour: string) => string> = {
  driveway,
  garage,
  carport,
  open_lot: openLot,
  covered_lot: coveredLot,
  street,
  indoor_storage: indoorStorage,
  outdoor_storage: outdoorStorage,
};

/** One illustration as an SVG document. */
export function sceneSvg(spec: SceneSpec, rng: Rng): string {
  const colour = pick(rng, BODY_COLOURS);
  const body = SCENES[spec.type](rng, spec.vehicle, colour);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}
