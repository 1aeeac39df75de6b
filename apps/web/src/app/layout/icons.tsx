// Small inline icons; decorative (the control around each one carries the accessible name).
const base = {
  width: 22,
  height: 22,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export const MenuIcon = () => (
  <svg {...base}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </svg>
);
export const CloseIcon = () => (
  <svg {...base}>
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);
export const BackIcon = () => (
  <svg {...base}>
    <path d="M15 18l-6-6 6-6" />
  </svg>
);
export const ChevronDownIcon = () => (
  <svg {...base} width={16} height={16}>
    <path d="M6 9l6 6 6-6" />
  </svg>
);
export const BagIcon = () => (
  <svg {...base}>
    <path d="M6 8h12l-1 12H7L6 8z" />
    <path d="M9 8V6a3 3 0 016 0v2" />
  </svg>
);
export const DownloadIcon = () => (
  <svg {...base}>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </svg>
);
export const CoinIcon = () => (
  <svg {...base} width={18} height={18} stroke="none">
    <circle cx="12" cy="12" r="10" fill="#f5c542" />
    <circle cx="12" cy="12" r="7" fill="none" stroke="#b8860b" strokeWidth="1.5" />
    <path d="M12 8v8M9.5 10.5h5" stroke="#8a6408" strokeWidth="1.6" />
  </svg>
);
export const AppleIcon = () => (
  <svg {...base} stroke="none" fill="currentColor">
    <path d="M16.4 12.6c0-2.4 2-3.5 2-3.6-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.2-2.8.8-3.5.8s-1.9-.8-3.1-.8C6.8 7.3 5.3 8.2 4.5 9.7c-1.7 2.9-.4 7.2 1.2 9.6.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.1-.8s1.9.8 3.1.8c1.3 0 2.1-1.2 2.9-2.3.9-1.3 1.3-2.6 1.3-2.7 0 0-2.7-1-2.7-4.1zM14.1 5.5c.6-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.1 1.8-1 2.9 1.1.1 2.1-.6 2.8-1.4z" />
  </svg>
);
export const AndroidIcon = () => (
  <svg {...base} stroke="none" fill="currentColor">
    <path d="M17.6 9.5l1.7-3a.4.4 0 00-.7-.4l-1.8 3A10.5 10.5 0 0012 8c-1.7 0-3.3.4-4.8 1.1l-1.8-3a.4.4 0 00-.7.4l1.7 3A9.7 9.7 0 002 17h20a9.7 9.7 0 00-4.4-7.5zM7.5 14.2a1 1 0 110-2 1 1 0 010 2zm9 0a1 1 0 110-2 1 1 0 010 2z" />
  </svg>
);
