import type { Locator } from 'playwright-core';

/**
 * Waits until pdf.js has drawn `page` of the PDF shown in `dialog` on its canvas, and returns the
 * share of non-white pixels: a blank canvas (nothing drawn) reads 0.
 */
export async function pdfPageDrawn(dialog: Locator, page = 1): Promise<{ pages: number; ink: number }> {
  const canvas = dialog.locator(`canvas[data-rendered-page="${page}"]`);
  await canvas.waitFor();
  const ink = await canvas.evaluate((el: HTMLCanvasElement) => {
    const { data } = el.getContext('2d')!.getImageData(0, 0, el.width, el.height);
    let inked = 0;
    for (let i = 0; i < data.length; i += 16) if (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200) inked++;
    return inked / (data.length / 16);
  });
  const label = (await dialog.getByText(/^Page \d+ sur \d+$/).innerText()).match(/sur (\d+)/);
  return { pages: Number(label?.[1] ?? 0), ink };
}
