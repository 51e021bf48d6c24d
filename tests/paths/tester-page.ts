import type { RegisteredMachine } from '../../src/machines/registered-machine.ts';
import { replayWords, isReplayed, type BrowserReplays } from './browser-replays.ts';
import { endState, type CataloguePath } from './catalogue-paths.ts';
import { coverageLine } from './coverage.ts';
import { diagramSvg, DIAGRAM_STYLE } from './diagram-svg.ts';
import { escapeHtml as escape } from './html-escape.ts';
import { browserLine, type Figures } from './machine-figures.ts';
import { diagramEdges, mermaid } from './machine-diagram.ts';
import { pathJson } from './path-json.ts';
import { sharedData, type SharedData } from './shared-data.ts';
import { stateCheck, stepWords } from './step-words.ts';

/**
 * docs/paths/<machine>.html, the tester's page, offline (file://, no network): the figures, every
 * path in words with its check, whether a browser test replays it (linked) and its JSON, filterable
 * by a state it reaches, an event it uses and browser replay; then the diagram, every transition
 * and the Mermaid source.
 */

export const PAGE_STYLE = `body{font:14px system-ui,sans-serif;margin:24px;color:#222;max-width:1400px}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}
pre{background:#f6f6f6;padding:12px;overflow:auto}
.filters{position:sticky;top:0;background:#fff;padding:8px 0;border-bottom:1px solid #ddd}
.filters label{margin-right:16px}
.path{border:1px solid #ddd;border-radius:6px;padding:6px 12px;margin:10px 0}
.path h3{font-size:15px;margin:4px 0}.path ol{margin:4px 0}
.yes{color:#1b5e20}.no{color:#8a4b00}.check{font-weight:600}`;

/** Links from docs/paths/ to a file of the repository. */
const repoLink = (file: string) => `../../${file}`;

function pathArticle(entry: RegisteredMachine, path: CataloguePath, replays: BrowserReplays, shared: SharedData): string {
  const end = endState(path);
  const replayed = isReplayed(replays, entry.name, path.id);
  const spec = replays.get(entry.name)?.spec;
  const anchor = path.id.replace('/', '-');
  const steps = path.events.length
    ? path.events.map((e, i) => `<li>${escape(stepWords(entry, e))} → <code>${escape(path.states[i]!)}</code></li>`).join('')
    : '<li>(nothing: the starting state)</li>';
  const browser = replayed
    ? `<span class="yes">Replayed in a browser by <a href="${repoLink(spec!)}">${escape(spec!)}</a> (test "${escape(path.id)} ends in ${escape(end)}").</span>`
    : `<span class="no">${escape(replayWords(replays, entry.name, path.id).replace(/^not/, 'Not'))}.</span>`;
  return `<article class="path" id="${anchor}" data-states="${escape([path.start, ...path.states].join(' '))}" data-events="${escape([...new Set(path.events.map((e) => e.type))].join(' '))}" data-browser="${replayed ? 'yes' : 'no'}">
<h3><a href="#${anchor}">${escape(path.id)}</a> — start: ${escape(path.variant)}, in <code>${escape(path.start)}</code></h3>
<ol>${steps}</ol>
<p>Reaches <code>${escape(end)}</code>. <span class="check">Check: ${escape(stateCheck(entry, end))}</span></p>
<p>${browser} <a href="${escape(entry.name)}.json">JSON</a> (path <code>${escape(path.id)}</code>)</p>
<details><summary>This path as JSON</summary><pre>${escape(JSON.stringify(pathJson(entry, path, replays, shared), null, 2))}</pre></details>
</article>`;
}

const options = (values: string[]) => values.map((v) => `<option value="${escape(v)}">${escape(v)}</option>`).join('');

// Hides the paths the chosen state, event and replay rule out; nothing else, so it runs from file://.
const FILTER_SCRIPT = `const pick = (id) => document.getElementById(id).value;
function filter() {
  let shown = 0;
  for (const p of document.querySelectorAll('.path')) {
    const ok = (!pick('state') || p.dataset.states.split(' ').includes(pick('state')))
      && (!pick('event') || p.dataset.events.split(' ').includes(pick('event')))
      && (!pick('browser') || p.dataset.browser === pick('browser'));
    p.hidden = !ok;
    if (ok) shown++;
  }
  document.getElementById('shown').textContent = shown;
}
for (const id of ['state', 'event', 'browser']) document.getElementById(id).addEventListener('change', filter);
filter();`;

export function testerPage(entry: RegisteredMachine, figures: Figures, replays: BrowserReplays): string {
  const { paths } = figures;
  const rows = diagramEdges(entry.machine).map(
    (e) => `<tr><td>${escape(e.from)}</td><td><code>${escape(e.event)}</code></td><td>${escape(e.guard ?? '')}</td><td>${escape(e.to)}</td></tr>`,
  );
  const events = [...new Set(paths.flatMap((p) => p.events.map((e) => e.type)))].sort();
  const shared = sharedData();
  const articles = paths.map((p) => pathArticle(entry, p, replays, shared)).join('\n');
  const data = Object.entries(shared.data());
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(entry.name)} — QA paths</title><style>${PAGE_STYLE}
${DIAGRAM_STYLE}</style></head>
<body>
<p><a href="index.html">All machines</a> · <a href="${escape(entry.name)}.md">Markdown</a> · <a href="${escape(entry.name)}.json">JSON</a> · <a href="../qa.md">QA guide</a></p>
<h1>${escape(entry.name)}</h1>
<p>${escape(entry.description)}</p>
<p>Generated by <code>npm run paths</code> from the machine and its registration; do not edit by hand.</p>
<table>
<tr><th>Paths generated</th><td>${paths.length}</td></tr>
<tr><th>Their coverage</th><td>${escape(coverageLine(figures.generated))}</td></tr>
<tr><th>Replayed in unit tests</th><td>${figures.unitReplay ? 'every path, on the machine (tests/unit/view-models.test.ts)' : 'no'}</td></tr>
<tr><th>Replayed in a browser</th><td>${escape(browserLine(figures))}</td></tr>
</table>
<h2>Paths</h2>
<div class="filters">
<label>Reaches state <select id="state"><option value="">any</option>${options(Object.keys(entry.machine.root.states))}</select></label>
<label>Uses event <select id="event"><option value="">any</option>${options(events)}</select></label>
<label>Browser <select id="browser"><option value="">any</option><option value="yes">replayed</option><option value="no">not replayed</option></select></label>
<span><span id="shown">${paths.length}</span> of ${paths.length} shown</span>
</div>
${articles}
${data.length ? `<h2>Shared data</h2>
<p>What a path's JSON names as <code>{"$data": name}</code>, written once.</p>
${data.map(([name, value]) => `<details id="${escape(name)}"><summary>${escape(name)}</summary><pre>${escape(JSON.stringify(value))}</pre></details>`).join('\n')}` : ''}
<h2>Diagram</h2>
<p>Thick border: the initial state; green: a final state. Hover an arrow for all its events.</p>
${diagramSvg(entry)}
<h2>Transitions</h2>
<table><tr><th>From</th><th>Event</th><th>Guard</th><th>To</th></tr>
${rows.join('\n')}
</table>
<h2>Mermaid source</h2>
<pre>${escape(mermaid(entry.machine))}</pre>
<script>${FILTER_SCRIPT}</script>
</body></html>
`;
}
