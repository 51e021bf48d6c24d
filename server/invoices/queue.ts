// The OCR job queue: pg-boss 10 in the same PostgreSQL (its own schema), one job per uploaded
// image. A job whose server dies mid-way expires and runs again; at start every image still
// 'pending' is queued again too, so nothing is lost. Sending twice is harmless: one waiting job per
// image, and a job for an image another worker is reading (its heartbeat fresh) waits, not reads.
// Each run is counted on the image before it begins, so an image whose reading ends the process
// cannot do so forever: past OCR_RUNS it is a problem, with the reason.
import { startBoss } from '../db/job-boss.ts';
import type pg from 'pg';
import { invoicesRepository } from '../repositories/invoices.ts';
import { processImage } from './pipeline.ts';
import type { InvoiceReader } from './reader.ts';
import { startReaderProcess } from './reader-process.ts';

export const OCR_QUEUE = 'invoice-ocr';
export const OCR_RUNS = 3;
export const OCR_GAVE_UP = 'The image could not be read after 3 tries. Please upload a clearer photo.';
export type InvoiceQueue = { enqueue(imageId: number): Promise<void>; stop(): Promise<void> };
/** A read writes its heartbeat this often; one silent for STALE_SECONDS is a dead worker's. */
const HEARTBEAT_SECONDS = 5;
const STALE_SECONDS = 15;

export async function startInvoiceQueue(pool: pg.Pool, options: { work: boolean; reader?: InvoiceReader; expireInSeconds?: number } = { work: true }): Promise<InvoiceQueue> {
  // 'short': one waiting job per image, whoever sends it (the upload, and every worker starting
  // with the image pending); a running one does not block a new one, so a dead worker's image is
  // read again as soon as a worker restarts (queues created before were 'standard').
  const boss = await startBoss(pool, 'invoice queue', [{ name: OCR_QUEUE, policy: 'short' }]);
  const enqueue = async (imageId: number, startAfter = 0) => {
    await boss.send(OCR_QUEUE, { imageId }, { singletonKey: String(imageId), retryLimit: 3, retryDelay: 5, expireInSeconds: options.expireInSeconds ?? 120, startAfter });
  };
  const images = invoicesRepository(pool);
  const heartbeats = new Set<NodeJS.Timeout>();
  let reader: InvoiceReader | null = null;
  if (options.work) {
    // The reader process starts with the first page, not with the server.
    const read = (reader = options.reader ?? startReaderProcess());
    await boss.work<{ imageId: number }>(OCR_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
      if (!job) return;
      const { imageId } = job.data;
      const runs = await images.claimOcrRun(imageId, STALE_SECONDS);
      if (runs === 'done') return;
      // Another worker is reading it: look again once its heartbeat may have stopped.
      if (runs === 'busy') return enqueue(imageId, STALE_SECONDS);
      if (runs > OCR_RUNS) return images.giveUpOcr(imageId, OCR_GAVE_UP);
      const heartbeat = setInterval(() => void images.ocrHeartbeat(imageId, true).catch(() => undefined), HEARTBEAT_SECONDS * 1000);
      heartbeats.add(heartbeat);
      try {
        await processImage(pool, read, imageId);
      } catch (error) {
        console.error(`invoice image ${imageId}:`, error instanceof Error ? error.message : error);
        await images.ocrHeartbeat(imageId, false).catch(() => undefined);
        throw error; // pg-boss retries it
      } finally {
        clearInterval(heartbeat);
        heartbeats.delete(heartbeat);
      }
    });
    for (const id of await invoicesRepository(pool).pendingImageIds()) await enqueue(id);
  }
  return {
    enqueue,
    async stop() {
      // A stopped worker is a dead one to the others, whatever its reads still await.
      for (const heartbeat of heartbeats) clearInterval(heartbeat);
      await boss.stop({ graceful: true, wait: true, timeout: 5000 }).catch(() => undefined);
      if (!options.reader) await reader?.close();
    },
  };
}
