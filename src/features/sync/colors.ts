// Mantine's orange with white text fails WCAG contrast (axe "color-contrast"); this darker orange
// keeps the warning hue at 7:1.
export const WARNING_COLOR = '#9a3412';
