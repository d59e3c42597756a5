import { loadPdfFontsNode } from './src/pdf/fonts-node';
import { renderBusinessDocument } from './src/pdf/render';
import { sampleInvoice, standardLine } from './src/pdf/test-fixtures';
const fonts = await loadPdfFontsNode();
const model = sampleInvoice({ lines: Array.from({ length: 100 }, (_, i) => standardLine(i + 1, i % 5 === 0 ? { label: 'Prestation de nettoyage des vitrines, du laboratoire et des chambres froides après l’événement' } : {})) });
for (let k = 0; k < 6; k++) { const t = performance.now(); const b = await renderBusinessDocument(model, fonts); console.log((performance.now() - t).toFixed(0), 'ms', b.length); }
