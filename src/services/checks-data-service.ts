import { defer, from, map, switchMap, type Observable } from 'rxjs';
import { checksDataFileName, type ChecksDataType } from '../model/checks-data.ts';
import { BlobCodec, type ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';
import { saveFile } from './save-file.ts';

export type SheetRows = Record<string, unknown>[];

/**
 * The first sheet of an .xlsx or .xls file as rows keyed by its header row, read in the browser
 * with SheetJS (loaded on first use, so only the business panel downloads it).
 */
export function readFirstSheet(file: Blob): Observable<SheetRows> {
  return defer(() => from(Promise.all([import('xlsx'), file.arrayBuffer()]))).pipe(
    map(([XLSX, bytes]) => {
      const book = XLSX.read(bytes, { type: 'array', cellDates: true });
      const first = book.SheetNames[0];
      if (first === undefined) throw new Error('The file has no sheet.');
      return XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[first]!, { defval: '', raw: true });
    }),
  );
}

export function createChecksDataService(api: ApiClient) {
  return {
    readFirstSheet,
    /** The rows made into a PDF by the server, saved under the first row's Account MAP Relationship. */
    convert: (type: ChecksDataType, rows: SheetRows): Observable<string> => {
      const fileName = checksDataFileName(rows);
      return api.post('/business-panel/checks-data', BlobCodec, { data: { type, rows }, responseType: 'blob' }).pipe(
        switchMap((blob) => saveFile(blob, fileName).pipe(map(() => fileName))),
      );
    },
  };
}

export const checksDataService = createChecksDataService(apiClient);
