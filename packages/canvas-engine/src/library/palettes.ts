/** A colour-matching palette (issue #4 "colour matching"): five CSS colours, dark to light. */
export interface Palette {
  id: string;
  /** i18n key of the palette's name. */
  labelKey: string;
  colors: [string, string, string, string, string];
}

/** The shipped palettes. */
export const PALETTES: Palette[] = [
  {
    id: 'racing-red',
    labelKey: 'editor.palette.racingRed',
    colors: ['#450a0a', '#991b1b', '#dc2626', '#fca5a5', '#fef2f2'],
  },
  {
    id: 'electric-blue',
    labelKey: 'editor.palette.electricBlue',
    colors: ['#082f49', '#0369a1', '#0ea5e9', '#7dd3fc', '#f0f9ff'],
  },
  {
    id: 'eco-green',
    labelKey: 'editor.palette.ecoGreen',
    colors: ['#052e16', '#166534', '#22c55e', '#86efac', '#f0fdf4'],
  },
  {
    id: 'sunset-drive',
    labelKey: 'editor.palette.sunsetDrive',
    colors: ['#431407', '#c2410c', '#f97316', '#fdba74', '#fff7ed'],
  },
  {
    id: 'midnight',
    labelKey: 'editor.palette.midnight',
    colors: ['#020617', '#1e1b4b', '#4338ca', '#a5b4fc', '#eef2ff'],
  },
  {
    id: 'luxury-gold',
    labelKey: 'editor.palette.luxuryGold',
    colors: ['#111827', '#374151', '#d4af37', '#f3e5ab', '#fffbeb'],
  },
  {
    id: 'sakura',
    labelKey: 'editor.palette.sakura',
    colors: ['#500724', '#9d174d', '#db2777', '#f9a8d4', '#fdf2f8'],
  },
  {
    id: 'concrete',
    labelKey: 'editor.palette.concrete',
    colors: ['#18181b', '#3f3f46', '#71717a', '#d4d4d8', '#fafafa'],
  },
  {
    id: 'desert',
    labelKey: 'editor.palette.desert',
    colors: ['#422006', '#854d0e', '#ca8a04', '#fde68a', '#fefce8'],
  },
  {
    id: 'mint-tech',
    labelKey: 'editor.palette.mintTech',
    colors: ['#042f2e', '#115e59', '#14b8a6', '#99f6e4', '#f0fdfa'],
  },
];
