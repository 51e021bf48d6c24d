// The OCR job queue: pg-boss 10 in the same PostgreSQL (its own schema), one job per uploaded
// image. A job whose server dies mid-way expires and runs again; at start every image still
// 'pending' is queued again too, so nothing is lost (sending twice is harmless: singletonKey and
// an idempotent pipeline). Each run is counted on the image before it begins, so an image whose
// reading ends the process cannot do so forever: past OCR_RUNS it is a problem, with the reason.
import { startBoss } from '../db/job-boss.ts';
import type pg from 'pg';
import { invoicesRepository } from '../repositories/invoices.ts';
import { createOcr, type Ocr } from './ocr.ts';
import { processImage } from './pipeline.ts';

export const OCR_QUEUE = 'invoice-ocr';
export const OCR_RUNS = 3;
export const OCR_GAVE_UP = 'The image could not be read after 3 tries. Please upload a clearer photo.';
export type InvoiceQueue = { enqueue(imageId: number): Promise<void>; stop(): Promise<void> };

export async function startInvoiceQueue(pool: pg.Pool, options: { work: boolean; ocr?: Ocr; expireInSeconds?: number } = { work: true }): Promise<InvoiceQueue> {
  const boss = await startBoss(pool, 'invoice queue');
  await boss.createQueue(OCR_QUEUE);
  const enqueue = async (imageId: number) => {
    await boss.send(OCR_QUEUE, { imageId }, { singletonKey: String(imageId), retryLimit: 3, retryDelay: 5, expireInSeconds: options.expireInSeconds ?? 120 });
  };
  let ocr: Ocr | null = null;
  if (options.work) {
    ocr = options.ocr ?? (await createOcr());
    const reader = ocr;
    await boss.work<{ imageId: number }>(OCR_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
      if (!job) return;
      const runs = await invoicesRepository(pool).countOcrRun(job.data.imageId);
      if (runs === null) return; // read already, or deleted
      if (runs > OCR_RUNS) return invoicesRepository(pool).giveUpOcr(job.data.imageId, OCR_GAVE_UP);
      try {
        await processImage(pool, reader, job.data.imageId);
      } catch (error) {
        console.error(`invoice image ${job.data.imageId}:`, error instanceof Error ? error.message : error);
        throw error; // pg-boss retries it
      }
    });
    for (const id of await invoicesRepository(pool).pendingImageIds()) await enqueue(id);
  }
  return {
    enqueue,
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5000 }).catch(() => undefined);
      if (!options.ocr) await ocr?.close();
    },
  };
}
