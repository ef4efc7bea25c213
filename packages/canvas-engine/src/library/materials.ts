/** A material (issue #4 "material"): an SVG element drawn for this product, inserted with `insert.svg`. */
export interface MaterialDefinition {
  id: string;
  /** i18n key of the material's name. */
  labelKey: string;
  category: 'vehicle' | 'energy' | 'road' | 'badge' | 'shape';
  /** Self-contained SVG markup (64×64 viewBox, no external references). */
  svg: string;
}

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">${body}</svg>`;
const S = 'fill="none" stroke="#1f2937" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"';

/** The shipped material library: car-themed icons drawn as SVG strings (at least 20). */
export const MATERIALS: MaterialDefinition[] = [
  {
    id: 'car',
    labelKey: 'editor.material.car',
    category: 'vehicle',
    svg: svg(
      `<path d="M6 40 L10 28 Q12 22 18 22 L42 22 Q48 22 52 28 L58 40 L58 48 L6 48 Z" fill="#2563eb"/><rect x="16" y="26" width="13" height="9" rx="2" fill="#dbeafe"/><rect x="33" y="26" width="14" height="9" rx="2" fill="#dbeafe"/><circle cx="18" cy="48" r="6" fill="#111827"/><circle cx="46" cy="48" r="6" fill="#111827"/>`,
    ),
  },
  {
    id: 'suv',
    labelKey: 'editor.material.suv',
    category: 'vehicle',
    svg: svg(
      `<path d="M4 44 L4 30 L12 18 L46 18 L56 30 L60 34 L60 44 Z" fill="#059669"/><rect x="14" y="22" width="14" height="9" fill="#d1fae5"/><rect x="32" y="22" width="14" height="9" fill="#d1fae5"/><circle cx="16" cy="46" r="7" fill="#111827"/><circle cx="48" cy="46" r="7" fill="#111827"/>`,
    ),
  },
  {
    id: 'sports-car',
    labelKey: 'editor.material.sportsCar',
    category: 'vehicle',
    svg: svg(
      `<path d="M2 42 Q4 34 14 32 L26 24 L42 24 L54 34 Q62 36 62 42 L62 46 L2 46 Z" fill="#dc2626"/><path d="M28 27 L40 27 L48 33 L22 33 Z" fill="#fee2e2"/><circle cx="16" cy="46" r="6" fill="#111827"/><circle cx="50" cy="46" r="6" fill="#111827"/>`,
    ),
  },
  {
    id: 'wheel',
    labelKey: 'editor.material.wheel',
    category: 'vehicle',
    svg: svg(
      `<circle cx="32" cy="32" r="28" fill="#111827"/><circle cx="32" cy="32" r="17" fill="#9ca3af"/><circle cx="32" cy="32" r="5" fill="#374151"/><path d="M32 15 L32 27 M32 37 L32 49 M15 32 L27 32 M37 32 L49 32" stroke="#374151" stroke-width="4"/>`,
    ),
  },
  {
    id: 'steering-wheel',
    labelKey: 'editor.material.steeringWheel',
    category: 'vehicle',
    svg: svg(
      `<circle cx="32" cy="32" r="26" ${S}/><circle cx="32" cy="32" r="6" ${S}/><path d="M8 30 Q32 22 56 30 M32 38 L32 58" ${S}/>`,
    ),
  },
  {
    id: 'key',
    labelKey: 'editor.material.key',
    category: 'vehicle',
    svg: svg(
      `<rect x="8" y="14" width="22" height="34" rx="8" fill="#374151"/><circle cx="19" cy="25" r="3" fill="#f9fafb"/><circle cx="19" cy="36" r="3" fill="#f9fafb"/><path d="M30 31 L58 31 L58 37 M50 31 L50 37" ${S}/>`,
    ),
  },
  {
    id: 'seat',
    labelKey: 'editor.material.seat',
    category: 'vehicle',
    svg: svg(
      `<path d="M22 6 Q30 6 30 14 L28 36 L46 36 Q52 36 52 42 L52 50 L20 50 Q14 50 14 44 L16 12 Q16 6 22 6 Z" fill="#92400e"/><path d="M24 50 L20 60 M46 50 L50 60" ${S}/>`,
    ),
  },
  {
    id: 'headlight',
    labelKey: 'editor.material.headlight',
    category: 'vehicle',
    svg: svg(
      `<path d="M8 20 Q26 16 30 32 Q26 48 8 44 Z" fill="#fde68a" stroke="#1f2937" stroke-width="3"/><path d="M36 22 L58 16 M36 32 L60 32 M36 42 L58 48" stroke="#f59e0b" stroke-width="4" stroke-linecap="round"/>`,
    ),
  },
  {
    id: 'fuel-pump',
    labelKey: 'editor.material.fuelPump',
    category: 'energy',
    svg: svg(
      `<rect x="10" y="8" width="28" height="48" rx="3" fill="#ef4444"/><rect x="15" y="14" width="18" height="12" fill="#fee2e2"/><path d="M38 20 L48 26 L48 46 Q48 50 52 50 Q56 50 56 46 L56 22 L50 16" ${S}/><rect x="6" y="54" width="36" height="4" fill="#1f2937"/>`,
    ),
  },
  {
    id: 'charger-plug',
    labelKey: 'editor.material.chargerPlug',
    category: 'energy',
    svg: svg(
      `<path d="M22 6 L22 18 M42 6 L42 18" ${S}/><path d="M14 18 L50 18 L50 30 Q50 44 32 44 Q14 44 14 30 Z" fill="#10b981"/><path d="M32 44 L32 58" ${S}/><path d="M34 22 L27 32 L33 32 L30 40 L38 29 L32 29 Z" fill="#fef9c3"/>`,
    ),
  },
  {
    id: 'charging-station',
    labelKey: 'editor.material.chargingStation',
    category: 'energy',
    svg: svg(
      `<rect x="12" y="6" width="26" height="52" rx="4" fill="#0ea5e9"/><rect x="17" y="12" width="16" height="12" rx="2" fill="#e0f2fe"/><path d="M26 30 L21 40 L27 40 L24 50 L31 38 L25 38 Z" fill="#fef08a"/><path d="M38 22 Q52 22 52 34 L52 50" ${S}/>`,
    ),
  },
  {
    id: 'battery',
    labelKey: 'editor.material.battery',
    category: 'energy',
    svg: svg(
      `<rect x="6" y="18" width="46" height="28" rx="4" fill="none" stroke="#1f2937" stroke-width="3"/><rect x="52" y="26" width="6" height="12" rx="2" fill="#1f2937"/><rect x="10" y="22" width="28" height="20" rx="2" fill="#22c55e"/>`,
    ),
  },
  {
    id: 'road',
    labelKey: 'editor.material.road',
    category: 'road',
    svg: svg(
      `<path d="M22 4 L4 60 L60 60 L42 4 Z" fill="#374151"/><path d="M32 8 L32 16 M32 24 L32 34 M32 42 L32 56" stroke="#fde047" stroke-width="3"/>`,
    ),
  },
  {
    id: 'traffic-light',
    labelKey: 'editor.material.trafficLight',
    category: 'road',
    svg: svg(
      `<rect x="20" y="4" width="24" height="48" rx="6" fill="#1f2937"/><circle cx="32" cy="15" r="6" fill="#ef4444"/><circle cx="32" cy="28" r="6" fill="#f59e0b"/><circle cx="32" cy="41" r="6" fill="#22c55e"/><rect x="30" y="52" width="4" height="10" fill="#1f2937"/>`,
    ),
  },
  {
    id: 'speed-gauge',
    labelKey: 'editor.material.speedGauge',
    category: 'road',
    svg: svg(
      `<path d="M8 44 A26 26 0 1 1 56 44" ${S}/><path d="M32 40 L46 22" stroke="#dc2626" stroke-width="4" stroke-linecap="round"/><circle cx="32" cy="40" r="4" fill="#1f2937"/><path d="M14 30 L18 32 M32 16 L32 20 M50 30 L46 32" ${S}/>`,
    ),
  },
  {
    id: 'map-pin',
    labelKey: 'editor.material.mapPin',
    category: 'road',
    svg: svg(
      `<path d="M32 60 Q12 36 12 24 A20 20 0 0 1 52 24 Q52 36 32 60 Z" fill="#ef4444"/><circle cx="32" cy="24" r="8" fill="#fff"/>`,
    ),
  },
  {
    id: 'speed-sign',
    labelKey: 'editor.material.speedSign',
    category: 'road',
    svg: svg(
      `<circle cx="32" cy="32" r="28" fill="#fff" stroke="#dc2626" stroke-width="7"/><text x="32" y="40" font-size="22" font-family="sans-serif" font-weight="bold" text-anchor="middle" fill="#111827">120</text>`,
    ),
  },
  {
    id: 'badge',
    labelKey: 'editor.material.badge',
    category: 'badge',
    svg: svg(
      `<circle cx="32" cy="26" r="20" fill="#f59e0b"/><circle cx="32" cy="26" r="13" fill="#fde68a"/><path d="M20 42 L14 60 L24 55 L30 62 L32 46 M44 42 L50 60 L40 55 L34 62 L32 46" fill="#dc2626"/>`,
    ),
  },
  {
    id: 'trophy',
    labelKey: 'editor.material.trophy',
    category: 'badge',
    svg: svg(
      `<path d="M18 8 L46 8 L46 24 Q46 38 32 38 Q18 38 18 24 Z" fill="#eab308"/><path d="M18 14 L8 14 Q8 28 18 28 M46 14 L56 14 Q56 28 46 28" ${S}/><rect x="28" y="38" width="8" height="10" fill="#eab308"/><rect x="18" y="48" width="28" height="8" rx="2" fill="#854d0e"/>`,
    ),
  },
  {
    id: 'new-tag',
    labelKey: 'editor.material.newTag',
    category: 'badge',
    svg: svg(
      `<path d="M32 4 L38 14 L50 10 L50 22 L60 28 L52 36 L56 48 L44 48 L38 58 L32 50 L26 58 L20 48 L8 48 L12 36 L4 28 L14 22 L14 10 L26 14 Z" fill="#dc2626"/><text x="32" y="36" font-size="14" font-family="sans-serif" font-weight="bold" text-anchor="middle" fill="#fff">NEW</text>`,
    ),
  },
  {
    id: 'arrow-right',
    labelKey: 'editor.material.arrowRight',
    category: 'shape',
    svg: svg(`<path d="M6 26 L38 26 L38 14 L58 32 L38 50 L38 38 L6 38 Z" fill="#2563eb"/>`),
  },
  {
    id: 'arrow-curved',
    labelKey: 'editor.material.arrowCurved',
    category: 'shape',
    svg: svg(`<path d="M10 50 Q10 18 44 18" ${S}/><path d="M38 8 L50 18 L38 28" ${S}/>`),
  },
  {
    id: 'star',
    labelKey: 'editor.material.star',
    category: 'shape',
    svg: svg(
      `<path d="M32 4 L40 24 L61 24 L44 37 L50 58 L32 45 L14 58 L20 37 L3 24 L24 24 Z" fill="#facc15"/>`,
    ),
  },
  {
    id: 'speech-bubble',
    labelKey: 'editor.material.speechBubble',
    category: 'shape',
    svg: svg(
      `<path d="M8 10 L56 10 Q60 10 60 14 L60 40 Q60 44 56 44 L26 44 L14 56 L16 44 L8 44 Q4 44 4 40 L4 14 Q4 10 8 10 Z" fill="#e0e7ff" stroke="#4338ca" stroke-width="3"/>`,
    ),
  },
  {
    id: 'checkered-flag',
    labelKey: 'editor.material.checkeredFlag',
    category: 'badge',
    svg: svg(
      `<path d="M10 6 L10 60" ${S}/><rect x="12" y="8" width="40" height="28" fill="#fff" stroke="#1f2937" stroke-width="2"/><path d="M12 8 h10 v7 h-10 Z M32 8 h10 v7 h-10 Z M22 15 h10 v7 h-10 Z M42 15 h10 v7 h-10 Z M12 22 h10 v7 h-10 Z M32 22 h10 v7 h-10 Z M22 29 h10 v7 h-10 Z M42 29 h10 v7 h-10 Z" fill="#1f2937"/>`,
    ),
  },
  {
    id: 'wrench',
    labelKey: 'editor.material.wrench',
    category: 'vehicle',
    svg: svg(
      `<path d="M44 6 A14 14 0 0 0 34 28 L8 54 L14 60 L40 34 A14 14 0 0 0 60 22 L50 26 L44 20 L48 10 Z" fill="#6b7280"/>`,
    ),
  },
];

/** The material with this id. @throws Error when unknown. */
export function getMaterial(id: string): MaterialDefinition {
  const m = MATERIALS.find((x) => x.id === id);
  if (!m) throw new Error(`unknown material ${id}`);
  return m;
}
