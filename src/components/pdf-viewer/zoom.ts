/** Zoom steps of the PDF viewer, relative to "fit the width" (1). */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

export function nextZoom(current: number, direction: 1 | -1): number {
  const steps = direction === 1 ? ZOOM_STEPS : [...ZOOM_STEPS].reverse();
  return steps.find((z) => (direction === 1 ? z > current + 1e-9 : z < current - 1e-9)) ?? current;
}

/** Scale that makes the page `zoom` times the container's width (never below a readable minimum). */
export function scaleFor(containerWidth: number, pageWidth: number, zoom: number): number {
  if (containerWidth <= 0 || pageWidth <= 0) return 1;
  return Math.max(0.25, (containerWidth / pageWidth) * zoom);
}
