export declare const CSS = "\n:root{--pass:#15803d;--fail:#b91c1c;--error:#7f1d1d;--inconclusive:#a16207;--skip:#6b7280;--ink:#111827;--muted:#4b5563;--line:#e5e7eb}\n*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,\"Segoe UI\",Roboto,sans-serif;color:var(--ink);background:#fafafa}\nheader,main,footer{max-width:1040px;margin:0 auto;padding:16px 24px}header{border-bottom:1px solid var(--line)}\nh1{font-size:1.5rem;margin:.2em 0}h2{font-size:1.2rem;margin:.2em 0}h3{font-size:1rem;margin:1em 0 .3em}\ncode{font:13px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}.meta,.muted,figcaption{color:var(--muted);font-size:13px}\n.machine{display:flex;flex-wrap:wrap;gap:8px 32px;align-items:flex-start}.machine ul{margin:0;padding-left:18px}\n.banner{background:#fef3c7;border:1px solid #f59e0b;padding:6px 10px;border-radius:4px}\n.counts{display:flex;flex-wrap:wrap;gap:8px;padding:0;list-style:none}.counts li{padding:2px 10px;border-radius:12px;background:#fff;border:1px solid var(--line)}\n.badge{display:inline-block;padding:0 8px;border-radius:10px;color:#fff;font-size:13px;font-weight:600;white-space:nowrap}\n.v-pass{background:var(--pass)}.v-fail{background:var(--fail)}.v-error{background:var(--error)}.v-inconclusive{background:var(--inconclusive)}.v-skip{background:var(--skip)}\n.counts li.v-pass{background:var(--pass)}.counts li.v-fail{background:var(--fail)}.counts li.v-error{background:var(--error)}.counts li.v-inconclusive{background:var(--inconclusive)}.counts li.v-skip{background:var(--skip)}.counts li[class]{color:#fff;border-color:transparent}\ntable{border-collapse:collapse;width:100%;background:#fff}th,td{border-bottom:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top;font-size:14px}\ntd.reason{color:var(--muted);font-size:13px;max-width:520px;overflow-wrap:anywhere}\nsection.claim{background:#fff;border:1px solid var(--line);border-left:6px solid var(--skip);border-radius:6px;margin:20px 0;padding:12px 18px}\nsection.claim.c-pass{border-left-color:var(--pass)}section.claim.c-fail{border-left-color:var(--fail)}section.claim.c-error{border-left-color:var(--error)}section.claim.c-inconclusive{border-left-color:var(--inconclusive)}\n.beside{display:grid;grid-template-columns:1fr 1fr;gap:16px}.beside>div{background:#f9fafb;border-radius:4px;padding:8px 12px}\n@media (max-width:760px){.beside{grid-template-columns:1fr}}\ndl{margin:0}dt{font-weight:600;font-size:13px;margin-top:6px}dd{margin:0;overflow-wrap:anywhere}\nfigure{margin:12px 0}svg.chart{max-width:100%;height:auto;background:#fff}\nul.checks li{overflow-wrap:anywhere}pre{white-space:pre-wrap;overflow-wrap:anywhere;font-size:12px;background:#f3f4f6;padding:8px;max-height:320px;overflow:auto}\nsvg text{font:11px system-ui,sans-serif;fill:#374151}svg .label{fill:#6b7280}\n.axis{stroke:#6b7280}.grid{stroke:#eef0f3}.lane{fill:#f3f4f6}.busy{fill:#2563eb}.done{stroke:#111827;stroke-width:1.3}\n.model{stroke:#dc2626;stroke-dasharray:4 3;stroke-width:1.3}.model-mark{fill:none;stroke:#dc2626;stroke-width:1.6}.alt-mark{fill:none;stroke:#6b7280;stroke-width:1.3}\n.dot{fill:#2563eb;fill-opacity:.65}.median{stroke:#111827;stroke-width:2.5}.ci{fill:#bfdbfe;fill-opacity:.8}.region{fill:#dcfce7}\n.boundary{stroke:#dc2626;stroke-dasharray:5 3;stroke-width:1.5}.bar{fill:#2563eb;fill-opacity:.7}.ideal{fill:none;stroke:#111827;stroke-dasharray:3 2}\ntable.figures{margin:6px 0 10px;font-variant-numeric:tabular-nums}table.figures th,table.figures td{font-size:13px;padding:2px 6px}table.figures td.n,table.figures th.n{text-align:right}table.figures caption{text-align:left;padding:2px 0}.tables p{margin:8px 0 2px}\n.arm0{fill:#2563eb}.arm1{fill:#ea580c}.arm2{fill:#16a34a}.arm3{fill:#9333ea}.whisker{stroke:#9ca3af}.iqr{stroke:#2563eb;stroke-width:3;stroke-opacity:.6}\n";
/** The verdict's label, e.g. 'refuted as expected'. @param {any} r */
export declare const labelOf: (r: any) => string;
/**
 * The whole page.
 * @param {any} record
 * @returns {string}
 */
export declare function renderHtml(record: any): string;
/** @param {any} r */
export declare function claimSection(r: any): string;
/**
 * A table of figures; columns of numbers right-aligned.
 * @param {import('./side-by-side.js').Table} t @param {string} caption
 */
export declare function figuresTable(t: import('./side-by-side.js').Table, caption: string): string;
/**
 * The source's own table and ours, in the same shape (nothing where the spec
 * gives no table or the samples make none). The model's prediction stands
 * beside them, under "Expected on this machine".
 * @param {any} r
 */
export declare function sideBySideBlock(r: any): string;
/**
 * What the claim asserts, each with its own decision and the channel that
 * measured it. Nothing for records from before assertions were kept.
 * @param {any} assertions
 */
export declare function assertionsBlock(assertions: any): string;
/** Model inputs and outputs as `k=5 · P=4 · …`. @param {any} model */
export declare function modelText(model: any): string;
