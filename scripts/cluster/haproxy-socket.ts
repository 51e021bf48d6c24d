// HAProxy's runtime API on its UNIX socket (`stats socket` in haproxy.cfg): one command, its answer.
import net from 'node:net';

/** Sends `command`; resolves with HAProxy's answer, rejects when the answer is an error. */
export function haproxyCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const connection = net.connect(socket, () => connection.end(`${command}\n`));
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => (answer += chunk));
    connection.on('error', reject);
    connection.on('close', () => {
      const text = answer.trim();
      // Errors come back as text: "No such backend.", "Unknown command", "... failed ...".
      if (/^(No such|Unknown|Require|Unexpected)|error|failed|invalid/i.test(text)) reject(new Error(`HAProxy: ${command}: ${text}`));
      else resolve(text);
    });
  });
}
