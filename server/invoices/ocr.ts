// Offline OCR with tesseract.js: the English model read from @tesseract.js-data/eng on disk
// (never the CDN), page segmentation mode 4 so table rows stay together, the words with their boxes
// as well as the text, and an errorHandler so a corrupt image rejects its promise instead of ending
// the process. The page comes level already (images.ts): tesseract's own deskew (rotateAuto) missed
// turns of 2–3° and cost most of a second a page.
import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, PSM, type Worker } from 'tesseract.js';
import type { PreparedImage } from './images.ts';
import { pageWords, type PageWords } from './layout/words.ts';

const require = createRequire(import.meta.url);
export const ENG_LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

export type OcrReading = { text: string; page: PageWords };
/**
 * 'table': page segmentation mode 4 (one column of rows), which keeps a row's words together and
 * reads a lone digit. 'sparse': mode 11, every word wherever it is, for pages where mode 4 drops
 * whole columns (shadows, noise); it can miss a lone digit, so it is the second reading.
 */
export type OcrMode = 'table' | 'sparse';
export type Ocr = { read(image: PreparedImage, mode?: OcrMode): Promise<OcrReading>; close(): Promise<void> };
const PSM_OF: Record<OcrMode, PSM> = { table: PSM.SINGLE_COLUMN, sparse: PSM.SPARSE_TEXT };

/** One tesseract worker, reused for every page (loading the model costs about a second). */
export async function createOcr(): Promise<Ocr> {
  let worker: Worker | null = null;
  let lastError: unknown = null;
  async function ready(): Promise<Worker> {
    if (worker) return worker;
    worker = await createWorker('eng', 1, {
      langPath: ENG_LANG_PATH,
      gzip: true,
      cacheMethod: 'none',
      errorHandler: (error: unknown) => { lastError = error; },
    });
    await worker.setParameters({ preserve_interword_spaces: '1' });
    return worker;
  }
  // One page at a time on one worker: the queue runs jobs one after another anyway.
  let chain: Promise<unknown> = Promise.resolve();
  return {
    read(image, mode = 'table') {
      const run = chain.then(async () => {
        lastError = null;
        const w = await ready();
        await w.setParameters({ tessedit_pageseg_mode: PSM_OF[mode] });
        const { data } = await w.recognize(image.data, {}, { text: true, blocks: true });
        if (lastError) throw lastError instanceof Error ? lastError : new Error(String(lastError));
        return { text: data.text, page: pageWords(data, image.width, image.height, image.turn) };
      });
      chain = run.catch(() => undefined);
      return run;
    },
    async close() {
      const w = worker;
      worker = null;
      await w?.terminate();
    },
  };
}
