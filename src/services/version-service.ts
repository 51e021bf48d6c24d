import axios from 'axios';

/** Longer than any version the build writes: an HTML page served instead of the file, say. */
const MAX_VERSION_LENGTH = 200;

/** The version the server serves now (vite writes dist/version.txt at build time). */
export async function fetchServedVersion(signal: AbortSignal): Promise<string> {
  const response = await axios.get<string>('/version.txt', {
    signal,
    responseType: 'text',
    // Never a cached copy: the point is to notice a new deployment.
    headers: { 'Cache-Control': 'no-cache' },
  });
  const version = String(response.data).trim();
  if (!version || version.length > MAX_VERSION_LENGTH || version.includes('<')) throw new Error('version.txt is not a version');
  return version;
}
