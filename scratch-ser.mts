import fjs from 'fast-json-stringify';
import zlib from 'node:zlib';
const schema = { type: 'object', properties: { volumeByMerchant: { type: 'array', items: { type: 'object', properties: { platformId: { type: 'string' }, volume: { type: 'number' } }, required: ['platformId', 'volume'] } } } } as const;
const ser = fjs(schema as never);
const rows = Array.from({ length: 25000 }, (_, i) => ({ platformId: `BENCH-M-${String(i).padStart(6, '0')}`, volume: Math.round(Math.random() * 1e8) / 100 }));
for (let k = 0; k < 5; k++) {
  let t = performance.now(); const s = ser({ volumeByMerchant: rows }); const a = performance.now() - t;
  t = performance.now(); const j = JSON.stringify({ volumeByMerchant: rows }); const b = performance.now() - t;
  t = performance.now(); const buf = Buffer.from(s); const c = performance.now() - t;
  t = performance.now(); const br = zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_LGWIN]: 18, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length } }); const d = performance.now() - t;
  console.log(`fjs ${a.toFixed(1)} ms, JSON.stringify ${b.toFixed(1)} ms, Buffer.from ${c.toFixed(1)} ms, brotli ${d.toFixed(1)} ms; ${s.length} -> ${br.length} bytes`, j.length);
}
const ser2 = fjs(schema as never, { largeArraySize: 1000, largeArrayMechanism: 'json-stringify' });
for (let k = 0; k < 5; k++) {
  let t = performance.now(); const j = JSON.stringify({ volumeByMerchant: rows }); const b = performance.now() - t;
  t = performance.now(); Buffer.from(j); const c = performance.now() - t;
  t = performance.now(); const s2 = ser2({ volumeByMerchant: rows }); const e = performance.now() - t;
  t = performance.now(); Buffer.from(s2); const f = performance.now() - t;
  console.log(`JSON.stringify ${b.toFixed(1)} + Buffer ${c.toFixed(1)}; fjs large ${e.toFixed(1)} + Buffer ${f.toFixed(1)}`, s2 === j);
}
