/**
 * Toolbar icons drawn as SVG: emoji and rare symbols (💾 👁 ⛶ 📖) show as
 * empty boxes where the system has no emoji font (many Linux desktops).
 */
const svg = { width: 12, height: 12, viewBox: "0 0 16 16", fill: "none", stroke: "currentColor", strokeWidth: 1.5 };

export const saveIcon = (
  <svg {...svg}>
    <path d="M2.5 2.5h9l2 2v9h-11z" />
    <path d="M5 2.5v3.5h5V2.5M5 13.5v-4h6v4" />
  </svg>
);

export const previewIcon = (
  <svg {...svg}>
    <path d="M1 8s2.5-4.5 7-4.5S15 8 15 8s-2.5 4.5-7 4.5S1 8 1 8z" />
    <circle cx="8" cy="8" r="2" />
  </svg>
);

export const fullscreenIcon = (
  <svg {...svg}>
    <path d="M1.5 5.5v-4h4M10.5 1.5h4v4M14.5 10.5v4h-4M5.5 14.5h-4v-4" />
  </svg>
);

export const readModeIcon = (
  <svg {...svg}>
    <path d="M8 3.5C6.5 2.3 4 2 1.5 2.5v10c2.5-.5 5-.2 6.5 1 1.5-1.2 4-1.5 6.5-1v-10C12 2 9.5 2.3 8 3.5zM8 3.5v10" />
  </svg>
);
