const common = {
  width: 18,
  height: 18,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  "aria-hidden": true,
} as const;

export const BellIcon = () => (
  <svg {...common}>
    <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
    <path d="M13.7 21a2 2 0 0 1-3.4 0" />
  </svg>
);
export const MailIcon = () => (
  <svg {...common}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </svg>
);
export const MenuIcon = () => (
  <svg {...common}>
    <path d="M3 6h18M3 12h18M3 18h18" />
  </svg>
);
export const LogoMark = () => (
  <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden>
    <rect width="32" height="32" rx="7" fill="#417AFF" />
    <path d="M9 11h14v10H9z" fill="none" stroke="white" strokeWidth="2" />
    <path d="M12 8v3M16 8v3M20 8v3M12 21v3M16 21v3M20 21v3" stroke="white" strokeWidth="2" />
  </svg>
);
