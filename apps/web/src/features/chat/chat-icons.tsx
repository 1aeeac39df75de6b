// The chat's icons, drawn inline (issue 24): an emoji or a font glyph shows as a missing-glyph box on a
// machine without that font. Decorative: the button around each one carries the accessible name.
const base = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export const ChatBubbleIcon = () => (
  <svg {...base} className="chat-icon">
    <path d="M21 12a8 8 0 01-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1121 12z" />
    <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" strokeWidth={2.6} />
  </svg>
);

export const CloseIcon = () => (
  <svg {...base} width={20} height={20} className="chat-icon">
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);

export const SendIcon = () => (
  <svg {...base} width={18} height={18} className="chat-icon">
    <path d="M4 12l16-8-6 16-2.5-6.5L4 12z" />
  </svg>
);
