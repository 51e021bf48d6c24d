/** The parts of an OpenAPI 3.1 document the page shows. */
interface Operation { tags?: string[]; summary?: string; description?: string; parameters?: Parameter[]; requestBody?: { content: unknown }; responses?: unknown }
interface Parameter { in: string; name: string; required?: boolean; schema?: unknown }
export interface OpenApiDocument { info: { title: string; version: string; description?: string }; paths?: Record<string, Partial<Record<string, Operation>>> }

/**
 * The API reference as one self-contained HTML page, drawn from the OpenAPI document: operations
 * grouped by tag, each with its parameters, body and answers as JSON Schema. No script and no
 * CDN: the portal runs offline, and the page only shows the document. No links either: the portal
 * shows it in a sandboxed frame, where a link would resolve against the portal's address; each
 * tag is a section that opens in place.
 */
export function apiReferencePage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = item?.[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operation(method, path, op)]);
    }
  }
  const tags = [...byTag.keys()].sort();
  const sections = tags.map((tag) => `<details class="tag"><summary><h2>${text(tag)} (${byTag.get(tag)!.length})</h2></summary>${byTag.get(tag)!.join('')}</details>`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${text(doc.info.title)}</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem;max-width:70rem}h3{font-size:1rem;margin-bottom:.25rem}
code.m{font-weight:bold;text-transform:uppercase}pre{background:#f4f4f4;padding:.5rem;overflow:auto;max-height:24rem}
details{margin:.25rem 0}details.tag{border-top:1px solid #ccc;padding-top:.5rem}summary h2{display:inline;font-size:1.2rem}
summary{cursor:pointer}</style></head><body>
<h1>${text(doc.info.title)} ${text(doc.info.version)}</h1><p>${text(doc.info.description ?? '')} The same document as JSON: <code>GET /api/openapi.json</code>.</p>
${sections.join('')}</body></html>`;
}

function operation(method: string, path: string, op: Operation): string {
  const params = op.parameters ?? [];
  const body = op.requestBody;
  const parts = [
    params.length ? block('Parameters', params.map((p) => ({ in: p.in, name: p.name, required: p.required ?? false, schema: p.schema }))) : '',
    body ? block('Body', body.content) : '',
    op.responses ? block('Answers', op.responses) : '',
  ];
  return `<article><h3><code class="m">${method}</code> <code>${text(path)}</code> ${text(op.summary ?? '')}</h3>
<p>${text(op.description ?? '')}</p>${parts.join('')}</article>`;
}

const block = (title: string, value: unknown) => `<details><summary>${title}</summary><pre>${text(JSON.stringify(value, null, 2))}</pre></details>`;

const text = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
